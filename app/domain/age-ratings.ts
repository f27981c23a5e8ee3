// Age ratings (decision 43): a film's certificate, and which ticket types it allows. One module for the browser and
// the server, so the tickets step offers what the server accepts and says the same reason.

/** A certificate of the cinema's scheme (12A, 15, ...), as the `certificates` table keeps it. */
export type Certificate = {
  code: string;
  description: string;
  /** No one younger is admitted. */
  minAge: number;
  /** Anyone younger comes only with an adult; null when the certificate asks no such thing. */
  accompaniedUnder: number | null;
};

/** What the rules need of a ticket type: the oldest age it is for (Child: 11), or null for any age. */
export type AgedType = { name: string; maxAge: number | null };

/** A type the film does not sell: one for people too young for its certificate (Child for a 15). */
export const isBarred = (type: Pick<AgedType, "maxAge">, certificate: Certificate | null) =>
  certificate !== null && type.maxAge !== null && type.maxAge < certificate.minAge;

/** A ticket for someone who must come with an adult to this film (Child for a 12A). */
const needsAdult = (type: Pick<AgedType, "maxAge">, certificate: Certificate) =>
  certificate.accompaniedUnder !== null && type.maxAge !== null && type.maxAge < certificate.accompaniedUnder;

/** A ticket an adult may hold: a type for any age. */
const forAnyAge = (type: Pick<AgedType, "maxAge">) => type.maxAge === null;

export type AgeProblem =
  | { reason: "barred"; typeName: string; certificate: Certificate }
  | { reason: "unaccompanied"; certificate: Certificate; adultTypes: string[] };

/**
 * Why these tickets cannot be sold for a film of this certificate: a type it bars, or tickets for children a 12A admits
 * only with an adult and no ticket for an adult among them. `offered` are the show's types, barred ones included.
 */
export function ageProblem<T extends AgedType & { id: string }>(
  chosen: readonly T[],
  offered: readonly T[],
  certificate: Certificate | null,
): AgeProblem | null {
  if (certificate === null) return null;
  const barred = chosen.find((type) => isBarred(type, certificate));
  if (barred) return { reason: "barred", typeName: barred.name, certificate };
  if (chosen.some((type) => needsAdult(type, certificate)) && !chosen.some(forAnyAge))
    return {
      reason: "unaccompanied",
      certificate,
      adultTypes: offered.filter(forAnyAge).map((type) => type.name),
    };
  return null;
}

/** "a, b or c" */
const orList = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Why a type is not sold for a film: "Child tickets are not sold for this film: it is rated 15, suitable only ...". */
export const barredMessage = (typeName: string, certificate: Certificate) =>
  `${typeName} tickets are not sold for this film: it is rated ${certificate.code}, ${lowerFirst(certificate.description)}.`;

/** What the customer is told of tickets the certificate does not allow. */
export function ageProblemMessage(problem: AgeProblem) {
  if (problem.reason === "barred") return barredMessage(problem.typeName, problem.certificate);
  const { code, accompaniedUnder } = problem.certificate;
  const rule = `This film is rated ${code}: children under ${accompaniedUnder} must come with an adult.`;
  return problem.adultTypes.length > 0
    ? `${rule} Please make at least one ticket ${orList(problem.adultTypes)}.`
    : `${rule} This show sells no ticket for an adult.`;
}

/** A certificate from this minimum age on admits adults only: the door asks for ID (an 18). */
export const ID_CHECK_AGE = 18;

/** The door's cue for a film only adults may see ("Check ID: no one under 18 is admitted"); null for any other. */
export const idCheckCue = (certificate: Certificate | null) =>
  certificate !== null && certificate.minAge >= ID_CHECK_AGE
    ? `Check ID: no one under ${certificate.minAge} is admitted`
    : null;
