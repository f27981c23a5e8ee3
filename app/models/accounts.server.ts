import { sql } from "kysely";
import type { User } from "~/domain/user";
import {
  checksBrowserTokens,
  endPasswordSetBeforeVerification,
  isAuthError,
  verifyRecentSignIn,
} from "~/services/firebase-admin.server";
import { saveAccountsAfterChange } from "~/services/identity-emulator.server";
import { getDb, type Queryable } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { isSignInLinkProof } from "~/services/sign-in-links.server";
import { typed } from "~/services/typed-db.server";
import {
  applyEmailVerificationCode,
  checkPasswordResetCode,
  resetPasswordWithCode,
  signInWithEmailLink,
  signInWithPassword,
  signUpWithPassword,
  type IdentityFailure,
} from "~/services/identity-toolkit.server";
import {
  queueBookingLinkAsk,
  queueEmailVerification,
  queuePasswordReset,
  queueSignInLink,
} from "./notifications.server";
import { claimGuestBookings } from "./guests.server";
import {
  claimPasswordResetCode,
  isPasswordResetCodeCurrent,
  releasePasswordResetCode,
} from "./password-reset-codes.server";
import { clearHits, minutesUntilAllowed, recordHits, type RateLimit } from "./rate-limits.server";
import { endAllSessions, endAllSessionsOf, openSession, type OpenedSession } from "./sessions.server";
import { applyStaffGrant, staffGrantAtSignIn } from "./staff.server";
import {
  accountFromToken,
  findUnverifiedEmail,
  recordEmailVerified,
  recordNewAccount,
  recordSignIn,
} from "./users.server";

// Sign-in, sign-up, password reset and email links: the identity provider does the work, these rules keep it from
// abuse.

export type AccountFailure =
  IdentityFailure | "throttled" | "google-failed" | "google-unavailable" | "link-email-mismatch" | "already-verified";
export type AccountResult<T extends object = object> =
  ({ ok: true } & T) | { ok: false; reason: AccountFailure; waitMinutes?: number };

const SIGN_IN_WINDOW_MINUTES = 15;
const REQUEST_WINDOW_MINUTES = 60;

/**
 * Failed sign-ins count per email and client together, so one person's typos or a stranger guessing cannot lock
 * the owner out from their own device; per client, against guessing across many emails; and per email alone
 * only past a much higher bar, against guessing one account from many addresses.
 */
export function signInLimits(email: string, client: string): RateLimit[] {
  const windowMinutes = SIGN_IN_WINDOW_MINUTES;
  return [
    { bucket: "sign-in-failure:email-client", key: `${email} ${client}`, max: 5, windowMinutes },
    { bucket: "sign-in-failure:client", key: client, max: 20, windowMinutes },
    { bucket: "sign-in-failure:email", key: email, max: 100, windowMinutes },
  ];
}

/** Sign-ups cost the provider something: a few per hour. */
export function signUpLimits(email: string, client: string): RateLimit[] {
  const windowMinutes = REQUEST_WINDOW_MINUTES;
  return [
    { bucket: "sign-up:client", key: client, max: 10, windowMinutes },
    { bucket: "sign-up:email", key: email, max: 3, windowMinutes },
  ];
}

/** Who asks for a link mail: the client address, and whether this device has signed in to the email's account. */
export type LinkAsker = { client: string; knownDevice: boolean };

/**
 * Link mails (a password reset, a sign-in link, a booking's link), each kind counted apart. Asks are refused (429) per email and client
 * together, against one person's repeats, and per client, against one client mailing many inboxes: both depend on
 * that client's own asks alone. Mails to one address are capped silently, so the answer never changes with what
 * others asked: a few an hour asked from devices that never signed in to the account, and a few more from its own
 * devices, which strangers therefore cannot use up.
 */
function linkMailLimits(
  action: "password-reset" | "sign-in-link" | "email-verification" | "booking-link",
  email: string,
  asker: LinkAsker,
) {
  const windowMinutes = REQUEST_WINDOW_MINUTES;
  const mailsBucket = asker.knownDevice ? `${action}:email-known-device` : `${action}:email`;
  return {
    asks: [
      { bucket: `${action}:email-client`, key: `${email} ${asker.client}`, max: 3, windowMinutes },
      { bucket: `${action}:client`, key: asker.client, max: 10, windowMinutes },
    ],
    mails: { bucket: mailsBucket, key: email, max: 3, windowMinutes },
  } satisfies { asks: RateLimit[]; mails: RateLimit };
}

async function throttled(limits: RateLimit[]) {
  const waitMinutes = await minutesUntilAllowed(limits);
  return waitMinutes > 0 ? { ok: false as const, reason: "throttled" as const, waitMinutes } : null;
}

async function withStaffGrant(user: User, grant: boolean): Promise<User> {
  const role = await applyStaffGrant(user.uid, grant);
  return { ...user, role, isStaff: role !== null };
}

/** A session for the ID token of a fresh sign-in, with the user mirrored into the database. */
async function startSession(idToken: string, remember: boolean, failure: AccountFailure) {
  try {
    const token = await verifyRecentSignIn(idToken);
    if (!token) return { ok: false as const, reason: failure };
    const signedIn = await recordSignIn(accountFromToken(token));
    const grant = staffGrantAtSignIn(token);
    const user = grant === undefined ? signedIn : await withStaffGrant(signedIn, grant);
    // Bookings made as a guest with this email are the account's once the provider vouches for the email.
    if (token.email_verified === true && token.email) await claimGuestBookings(user.uid, token.email);
    const session = await openSession({ uid: user.uid, signedInAt: token.auth_time, idToken }, remember);
    return { ok: true as const, session, user };
  } catch (error) {
    // A bad or stale token is the caller's problem; anything else is ours and worth a log line.
    if (!isAuthError(error)) logger.error({ err: error }, "Could not start a session");
    return { ok: false as const, reason: failure };
  }
}

export async function signInWithEmail(
  input: { email: string; password: string; remember: boolean },
  client: string,
): Promise<AccountResult<{ session: OpenedSession; user: User }>> {
  const limits = signInLimits(input.email, client);
  const refused = await throttled(limits);
  if (refused) return refused;
  const result = await signInWithPassword({ email: input.email, password: input.password });
  if (!result.ok) {
    if (result.reason === "invalid-credentials") await recordHits(limits);
    return result;
  }
  // The right password clears this device's failures, never the client's count across other emails.
  await clearHits(limits.filter((limit) => limit.bucket !== "sign-in-failure:client"));
  return startSession(result.value.idToken, input.remember, "unavailable");
}

/** Google sign-in: the ID token of the browser's popup. Refused where it cannot be checked (the Auth emulator). */
export async function signInWithGoogle(idToken: string, remember: boolean) {
  if (!checksBrowserTokens()) return { ok: false as const, reason: "google-unavailable" as const };
  return startSession(idToken, remember, "google-failed");
}

/**
 * Makes a password account, asks for its address to be confirmed, and signs it in with the sign-up's own ID token:
 * `signedIn` is null only if the provider could not be reached again for that, when the person signs in as usual.
 */
export async function registerAccount(
  input: { fullName: string; email: string; password: string },
  client: string,
): Promise<AccountResult<{ signedIn: { session: OpenedSession; user: User } | null }>> {
  const limits = signUpLimits(input.email, client);
  const refused = await throttled(limits);
  if (refused) return refused;
  await recordHits(limits);
  const result = await signUpWithPassword({
    email: input.email,
    password: input.password,
    displayName: input.fullName,
  });
  if (!result.ok) return result;
  // Answered only once the account is saved, so a crash right after cannot lose it.
  await saveAccountsAfterChange();
  const account = { uid: result.value.localId, email: input.email, name: input.fullName };
  const db = await getDb();
  await db.transaction(async (tx) => {
    await recordNewAccount(tx, account);
    await queueEmailVerification(tx, account.email);
  });
  const session = await startSession(result.value.idToken, false, "unavailable");
  return { ok: true, signedIn: session.ok ? { session: session.session, user: session.user } : null };
}

/**
 * Puts a link mail in the outbox, in the transaction that counts it against its limits; past the mails' cap the ask is
 * counted and answered alike, but nothing is sent. No answer, a refusal included, says whether the account exists:
 * that is asked only when the mail is made.
 */
async function mailLink(
  limits: ReturnType<typeof linkMailLimits>,
  queue: (tx: Queryable) => Promise<void>,
): Promise<AccountResult> {
  const refused = await throttled(limits.asks);
  if (refused) return refused;
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Asks for one inbox at the same moment take turns, so the cap is read and counted as one step and never passed.
    await sql`select pg_advisory_xact_lock(hashtext(${`${limits.mails.bucket} ${limits.mails.key}`}))`.execute(
      typed(tx),
    );
    const capped = (await minutesUntilAllowed([limits.mails], tx)) > 0;
    await recordHits(capped ? limits.asks : [...limits.asks, limits.mails], tx);
    if (!capped) await queue(tx);
  });
  return { ok: true };
}

/** Mails a link to choose a new password on our /reset-password page. */
export function requestPasswordReset(email: string, asker: LinkAsker) {
  return mailLink(linkMailLimits("password-reset", email, asker), (tx) => queuePasswordReset(tx, email));
}

/** Mails a link that signs in and goes on to `redirectTo` (a local path). */
export function requestSignInLink(email: string, redirectTo: string, asker: LinkAsker) {
  return mailLink(linkMailLimits("sign-in-link", email, asker), (tx) => queueSignInLink(tx, email, redirectTo));
}

/**
 * Mails the link to the booking whose Booking ID is `reference` to `email`, if that booking was made with it: asked
 * by anyone, so answered alike either way (decision 72). Whether it exists is read when the mail is made.
 */
export function requestBookingLink(email: string, reference: string, asker: LinkAsker) {
  return mailLink(linkMailLimits("booking-link", email, asker), (tx) => queueBookingLinkAsk(tx, email, reference));
}

/**
 * Mails a signed-in customer a new link to confirm their address, limited as the other link mails are; nothing is
 * sent once the address is confirmed.
 */
export async function requestEmailVerification(uid: string, client: string): Promise<AccountResult<{ email: string }>> {
  const email = await findUnverifiedEmail(uid);
  if (!email) return { ok: false, reason: "already-verified" };
  const limits = linkMailLimits("email-verification", email, { client, knownDevice: true });
  const result = await mailLink(limits, (tx) => queueEmailVerification(tx, email));
  return result.ok ? { ok: true, email } : result;
}

/**
 * Confirms an account's address with the code its confirmation link carries: the provider marks the email verified,
 * the account's sessions here see it at once, and the guest bookings made with that email are the account's.
 * Answers the address and how many bookings moved.
 */
export async function verifyEmail(oobCode: string): Promise<AccountResult<{ email: string; claimed: number }>> {
  const result = await applyEmailVerificationCode(oobCode);
  if (!result.ok) return result;
  await saveAccountsAfterChange();
  const { localId: uid, email } = result.value;
  await recordEmailVerified(uid);
  return { ok: true, email, claimed: await claimGuestBookings(uid, email) };
}

/**
 * The account a password reset link is for, while its code still works: at the provider, and here, where a code made
 * before another one changed the password works no more.
 */
export async function checkPasswordResetLink(oobCode: string): Promise<AccountResult<{ email: string }>> {
  if (!(await isPasswordResetCodeCurrent(oobCode))) return { ok: false, reason: "invalid-code" };
  const result = await checkPasswordResetCode(oobCode);
  return result.ok ? { ok: true, email: result.value.email } : result;
}

/**
 * Sets a new password with a reset link's code. The provider then refuses the account's older sign-ins; its sessions
 * here end at once too, on every device.
 */
export async function resetPassword(input: { oobCode: string; password: string }): Promise<AccountResult> {
  if (!(await claimPasswordResetCode(input.oobCode))) return { ok: false, reason: "invalid-code" };
  const result = await resetPasswordWithCode({ oobCode: input.oobCode, newPassword: input.password });
  if (!result.ok) {
    await releasePasswordResetCode(input.oobCode);
    return result;
  }
  await endAllSessionsOf(result.value.email);
  await saveAccountsAfterChange();
  return { ok: true };
}

/**
 * Before a sign-in link verifies its address: a password set for it by whoever registered it first is not the inbox
 * owner's, so it stops working, and the sessions it opened end (decision 53). Only for a link the site mailed to this
 * very address, so nobody can end a password with a code of their own. Answers whether a password was ended.
 */
async function endPasswordBeforeLinkSignIn(input: { email: string; oobCode: string; proof?: string }) {
  if (!input.proof || !isSignInLinkProof(input.proof, input.email, input.oobCode)) return false;
  const uid = await endPasswordSetBeforeVerification(input.email);
  if (!uid) return false;
  await endAllSessions(uid);
  return true;
}

/**
 * Signs in with an email link's code, for the address it was sent to; `passwordEnded` when a password set before the
 * address was verified no longer works.
 */
export async function signInWithLink(input: {
  email: string;
  oobCode: string;
  proof?: string;
  remember: boolean;
}): Promise<AccountResult<{ session: OpenedSession; user: User; passwordEnded: boolean }>> {
  let passwordEnded: boolean;
  try {
    passwordEnded = await endPasswordBeforeLinkSignIn(input);
  } catch (error) {
    logger.error({ err: error }, "Could not end a password set before its address was verified");
    return { ok: false, reason: "unavailable" };
  }
  const result = await signInWithEmailLink({ email: input.email, oobCode: input.oobCode });
  // Signing in with a link verifies the address (and an ended password changed the account), which the embedded
  // emulator keeps only once saved.
  if (result.ok || passwordEnded) await saveAccountsAfterChange();
  if (!result.ok)
    return result.reason === "invalid-credentials" ? { ok: false, reason: "link-email-mismatch" } : result;
  const session = await startSession(result.value.idToken, input.remember, "unavailable");
  return session.ok ? { ...session, passwordEnded } : session;
}
