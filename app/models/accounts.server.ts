import { isAuthError, verifyRecentSignIn } from "~/services/firebase-admin.server";
import { saveAccountsAfterChange } from "~/services/identity-emulator.server";
import { getDb, type Queryable } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import {
  checkPasswordResetCode,
  resetPasswordWithCode,
  signInWithEmailLink,
  signInWithPassword,
  signUpWithPassword,
  type IdentityFailure,
} from "~/services/identity-toolkit.server";
import { queuePasswordReset, queueSignInLink } from "./notifications.server";
import { clearHits, minutesUntilAllowed, recordHits, type RateLimit } from "./rate-limits.server";
import { endAllSessionsOf, openSession, type OpenedSession } from "./sessions.server";
import { isStaffAtSignIn } from "./staff.server";
import { accountFromToken, recordSignIn } from "./users.server";

// Sign-in, sign-up, password reset and email links: the identity provider does the work, these rules keep it from
// abuse.

export type AccountFailure = IdentityFailure | "throttled" | "google-failed" | "link-email-mismatch";
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
  return emailAndClientLimits(SIGN_IN_FAILURES, email, client);
}

/** Sign-ups cost the provider something: a few per hour. */
export function signUpLimits(email: string, client: string): RateLimit[] {
  const windowMinutes = REQUEST_WINDOW_MINUTES;
  return [
    { bucket: "sign-up:client", key: client, max: 10, windowMinutes },
    { bucket: "sign-up:email", key: email, max: 3, windowMinutes },
  ];
}

/**
 * Reset mails count per email and client together, so a stranger asking for someone's mails cannot stop the owner
 * asking from their own device; per client, against mailing many inboxes; and per email alone only past a higher
 * ceiling, which keeps an inbox from being flooded from many addresses.
 */
export function passwordResetLimits(email: string, client: string): RateLimit[] {
  return emailAndClientLimits(PASSWORD_RESETS, email, client);
}

type EmailAndClientPolicy = {
  action: string;
  windowMinutes: number;
  max: { emailClient: number; client: number; email: number };
};
const SIGN_IN_FAILURES: EmailAndClientPolicy = {
  action: "sign-in-failure",
  windowMinutes: SIGN_IN_WINDOW_MINUTES,
  max: { emailClient: 5, client: 20, email: 100 },
};
const PASSWORD_RESETS: EmailAndClientPolicy = {
  action: "password-reset",
  windowMinutes: REQUEST_WINDOW_MINUTES,
  max: { emailClient: 3, client: 10, email: 20 },
};
const SIGN_IN_LINKS: EmailAndClientPolicy = { ...PASSWORD_RESETS, action: "sign-in-link" };

/** Sign-in links are mailed under the same limits as reset mails, counted apart. */
function signInLinkLimits(email: string, client: string): RateLimit[] {
  return emailAndClientLimits(SIGN_IN_LINKS, email, client);
}

/** Limits on one action per (email, client) together, per client, and per email alone; buckets `<action>:<key>`. */
function emailAndClientLimits({ action, windowMinutes, max }: EmailAndClientPolicy, email: string, client: string) {
  return [
    { bucket: `${action}:email-client`, key: `${email} ${client}`, max: max.emailClient, windowMinutes },
    { bucket: `${action}:client`, key: client, max: max.client, windowMinutes },
    { bucket: `${action}:email`, key: email, max: max.email, windowMinutes },
  ] satisfies RateLimit[];
}

async function throttled(limits: RateLimit[]) {
  const waitMinutes = await minutesUntilAllowed(limits);
  return waitMinutes > 0 ? { ok: false as const, reason: "throttled" as const, waitMinutes } : null;
}

/** A session for the ID token of a fresh sign-in, with the user mirrored into the database. */
async function startSession(idToken: string, remember: boolean, failure: AccountFailure) {
  try {
    const token = await verifyRecentSignIn(idToken);
    if (!token) return { ok: false as const, reason: failure };
    const user = await recordSignIn(accountFromToken(token, await isStaffAtSignIn(token)));
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
): Promise<AccountResult<{ session: OpenedSession }>> {
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

export async function signInWithGoogle(idToken: string, remember: boolean) {
  const session = await startSession(idToken, remember, "google-failed");
  // The popup may just have created the account in the embedded emulator.
  if (session.ok) await saveAccountsAfterChange();
  return session;
}

export async function registerAccount(
  input: { fullName: string; email: string; password: string },
  client: string,
): Promise<AccountResult> {
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
  return { ok: true };
}

/**
 * Puts a link mail in the outbox, in the transaction that counts it against its limits. The answer, a refusal
 * included, never says whether the account exists: that is asked only when the mail is made.
 */
async function mailLink(limits: RateLimit[], queue: (tx: Queryable) => Promise<void>): Promise<AccountResult> {
  const refused = await throttled(limits);
  if (refused) return refused;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await recordHits(limits, tx);
    await queue(tx);
  });
  return { ok: true };
}

/** Mails a link to choose a new password on our /reset-password page. */
export function requestPasswordReset(email: string, client: string) {
  return mailLink(passwordResetLimits(email, client), (tx) => queuePasswordReset(tx, email));
}

/** Mails a link that signs in and goes on to `redirectTo` (a local path). */
export function requestSignInLink(email: string, redirectTo: string, client: string) {
  return mailLink(signInLinkLimits(email, client), (tx) => queueSignInLink(tx, email, redirectTo));
}

/** The account a password reset link is for, while its code still works. */
export async function checkPasswordResetLink(oobCode: string): Promise<AccountResult<{ email: string }>> {
  const result = await checkPasswordResetCode(oobCode);
  return result.ok ? { ok: true, email: result.value.email } : result;
}

/**
 * Sets a new password with a reset link's code. The provider then refuses the account's older sign-ins; its sessions
 * here end at once too, on every device.
 */
export async function resetPassword(input: { oobCode: string; password: string }): Promise<AccountResult> {
  const result = await resetPasswordWithCode({ oobCode: input.oobCode, newPassword: input.password });
  if (!result.ok) return result;
  await endAllSessionsOf(result.value.email);
  await saveAccountsAfterChange();
  return { ok: true };
}

/** Signs in with an email link's code, for the address it was sent to. */
export async function signInWithLink(input: {
  email: string;
  oobCode: string;
  remember: boolean;
}): Promise<AccountResult<{ session: OpenedSession }>> {
  const result = await signInWithEmailLink({ email: input.email, oobCode: input.oobCode });
  if (!result.ok)
    return result.reason === "invalid-credentials" ? { ok: false, reason: "link-email-mismatch" } : result;
  // Signing in with a link verifies the address, which the embedded emulator keeps only once saved.
  await saveAccountsAfterChange();
  return startSession(result.value.idToken, input.remember, "unavailable");
}
