// The check a strict calendar client makes of an iTIP message (RFC 5546, section 3.2): libical's restriction table
// (design-data/restrictions.csv) for a VEVENT under PUBLISH and CANCEL, for every property these files may carry. A
// property the table does not list for the method, or one it lists a wrong number of times, is a problem.

type Count = "one" | "zeroOrOne" | "zero";

const SHARED: Record<string, Count> = {
  DESCRIPTION: "zeroOrOne",
  LOCATION: "zeroOrOne",
  URL: "zeroOrOne",
  CLASS: "zeroOrOne",
  CREATED: "zeroOrOne",
  "LAST-MODIFIED": "zeroOrOne",
  TRANSP: "zeroOrOne",
  "REQUEST-STATUS": "zero",
};

const RESTRICTIONS: Record<"PUBLISH" | "CANCEL", { counts: Record<string, Count>; statuses: string[] }> = {
  PUBLISH: {
    counts: {
      ...SHARED,
      DTSTAMP: "one",
      DTSTART: "one",
      ORGANIZER: "one",
      SUMMARY: "one",
      UID: "one",
      SEQUENCE: "zeroOrOne",
      STATUS: "zeroOrOne",
      ATTENDEE: "zero",
    },
    statuses: ["TENTATIVE", "CONFIRMED", "CANCELLED"],
  },
  CANCEL: {
    counts: {
      ...SHARED,
      DTSTAMP: "one",
      ORGANIZER: "one",
      SEQUENCE: "one",
      UID: "one",
      DTSTART: "zeroOrOne",
      SUMMARY: "zeroOrOne",
      STATUS: "zeroOrOne",
    },
    // Without an ATTENDEE, a CANCEL cancels the whole event, and must say so.
    statuses: ["CANCELLED"],
  },
};

/** The content lines of a file, unfolded, each as its name and value. */
function contentLines(file: string) {
  return file
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => {
      const name = /^[A-Za-z0-9-]+/.exec(line)![0].toUpperCase();
      return { name, value: line.slice(line.indexOf(":", name.length) + 1) };
    });
}

/** What a strict client would refuse in an iTIP file of one event; empty when it passes. */
export function iTipProblems(file: string): string[] {
  const problems: string[] = [];
  if (!file.endsWith("\r\n") || /(?<!\r)\n/.test(file)) problems.push("lines must end in CRLF");
  const lines = contentLines(file);
  const methods = lines.filter((line) => line.name === "METHOD").map((line) => line.value);
  if (methods.length !== 1 || !(methods[0] in RESTRICTIONS)) return [...problems, `METHOD: ${methods.join(", ")}`];
  const { counts, statuses } = RESTRICTIONS[methods[0] as keyof typeof RESTRICTIONS];
  const begin = lines.findIndex((line) => line.name === "BEGIN" && line.value === "VEVENT");
  const end = lines.findIndex((line) => line.name === "END" && line.value === "VEVENT");
  if (begin < 0 || end < begin) return [...problems, "no VEVENT"];
  const event = lines.slice(begin + 1, end);
  if (event.some((line) => line.name === "BEGIN")) problems.push("a component inside the VEVENT");
  const seen = new Map<string, number>();
  for (const { name } of event) seen.set(name, (seen.get(name) ?? 0) + 1);
  for (const name of seen.keys())
    if (!(name in counts) && !name.startsWith("X-") && name !== "DTEND" && name !== "DURATION")
      problems.push(`${name} is not allowed`);
  for (const [name, rule] of Object.entries(counts)) {
    const count = seen.get(name) ?? 0;
    const allowed = rule === "one" ? count === 1 : rule === "zeroOrOne" ? count <= 1 : count === 0;
    if (!allowed) problems.push(`${name} appears ${count} times (${rule})`);
  }
  // DTEND and DURATION: exactly one of the two.
  if ((seen.get("DTEND") ?? 0) + (seen.get("DURATION") ?? 0) !== 1) problems.push("needs one DTEND or DURATION");
  const status = event.find((line) => line.name === "STATUS")?.value;
  if (methods[0] === "CANCEL" ? status !== "CANCELLED" : status !== undefined && !statuses.includes(status))
    problems.push(`STATUS ${status}`);
  const sequence = event.find((line) => line.name === "SEQUENCE")?.value;
  if (sequence !== undefined && !/^\d+$/.test(sequence)) problems.push(`SEQUENCE ${sequence}`);
  return problems;
}

/** The value of a VEVENT property, as a calendar reads it (lines unfolded). */
export function calendarValue(file: string, name: string) {
  return contentLines(file).find((line) => line.name === name)?.value;
}
