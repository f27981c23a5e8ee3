import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { applicationDefault, cert, getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type DecodedIdToken } from "firebase-admin/auth";
import { config, pointFirebaseAdminAtEmulator } from "~/config.server";
import { withTimeout } from "~/utils/timeout";
import { assertIdentityReady } from "./identity-readiness.server";

let emulatorHost = config.identity.emulatorHost;

/** For npm start and its commands: points firebase-admin at the embedded Auth emulator, before first use. */
export function useAuthEmulator(host: string) {
  emulatorHost = host;
}

function credential() {
  if (config.identity.serviceAccount) return cert(config.identity.serviceAccount);
  // The emulator accepts any caller; a real project uses GOOGLE_APPLICATION_CREDENTIALS or the platform's account.
  return emulatorHost ? undefined : applicationDefault();
}

function firebaseApp(): App {
  const existing = getApps()[0];
  if (existing) return existing;
  pointFirebaseAdminAtEmulator(emulatorHost);
  const appCredential = credential();
  const { projectId } = config.identity;
  return initializeApp(appCredential ? { projectId, credential: appCredential } : { projectId });
}

/**
 * firebase-admin's Auth for the configured project, or for the Auth emulator when one is configured. Throws while
 * the embedded emulator is still starting, as when the provider cannot be reached.
 */
export function firebaseAuth() {
  assertIdentityReady();
  return getAuth(firebaseApp());
}

/**
 * Whether an ID token a browser hands us can be told from a forged one. The Auth emulator signs nothing: its ID tokens
 * are `alg: none`, firebase-admin skips the signature check against it, and its refresh tokens are base64 JSON, so a
 * token written by hand passes for any account (decision 53). Tokens our own server gets from the provider are fine.
 */
export function checksBrowserTokens() {
  return !emulatorHost;
}

// Firebase only vouches for an ID token of a sign-in this recent when a session starts from it.
const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** The verified ID token of a fresh sign-in, or null for an older one. Throws for a forged or revoked token. */
export async function verifyRecentSignIn(idToken: string): Promise<DecodedIdToken | null> {
  const token = await firebaseAuth().verifyIdToken(idToken, true);
  return Date.now() / 1000 - token.auth_time > RECENT_SIGN_IN_SECONDS ? null : token;
}

/**
 * Ends a password set for `email` before the address was verified, with every sign-in made so far (decision 53), and
 * answers the account's uid; null when there is none: no account, a verified address, or no password. The password
 * becomes one nobody knows (the account keeps its uid and email, which unlinking the password would take away).
 */
export async function endPasswordSetBeforeVerification(email: string): Promise<string | null> {
  const auth = firebaseAuth();
  const account = await auth.getUserByEmail(email).catch((error: { code?: string }) => {
    if (error.code === "auth/user-not-found") return null;
    throw error;
  });
  // An account signed in with a link or Google is verified; an unverified one with this provider has a password.
  if (!account || account.emailVerified || !account.providerData.some((info) => info.providerId === "password"))
    return null;
  await auth.updateUser(account.uid, { password: randomBytes(32).toString("base64url") });
  // Revocation counts whole seconds, and a sign-in with the old password may carry this second's time: revoked from
  // the next second, every one of them ends, and a sign-in made after this (the owner's link) does not.
  await sleep(1000 - (Date.now() % 1000));
  await auth.revokeRefreshTokens(account.uid);
  return account.uid;
}

/** Whether an error from firebase-admin is about the token or account it was given, not about us. */
export function isAuthError(error: unknown) {
  return String((error as { code?: unknown } | null)?.code ?? "").startsWith("auth/");
}

/**
 * How long each of firebase-admin's calls that make a link may take (it sets no limit of its own). The outbox worker
 * makes links for messages it has leased: a call that hung past the lease would let another instance send the same
 * message, so each call gives up well within it (outbox-worker.server.ts) and the message is tried again later.
 */
export const PROVIDER_CALL_TIMEOUT_MS = 10_000;

/**
 * The one-time code of a link the provider makes for an account's email, or null when no enabled account has that
 * email: nothing is made, so nothing is sent, for a stranger's address.
 */
async function actionCodeFor(
  email: string,
  makeLink: (auth: ReturnType<typeof firebaseAuth>) => Promise<string>,
  { unverifiedOnly = false } = {},
) {
  const auth = firebaseAuth();
  try {
    const account = await withTimeout(auth.getUserByEmail(email), PROVIDER_CALL_TIMEOUT_MS);
    if (account.disabled || (unverifiedOnly && account.emailVerified)) return null;
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") return null;
    throw error;
  }
  // The provider's link opens its own page; ours opens our site, so only the code is taken from it.
  const code = new URL(await withTimeout(makeLink(auth), PROVIDER_CALL_TIMEOUT_MS)).searchParams.get("oobCode");
  if (!code) throw new Error("The identity provider made a link without a code");
  return code;
}

/** A code to set a new password for the account with this email (null: no such enabled account). */
export function passwordResetCode(email: string) {
  return actionCodeFor(email, (auth) => auth.generatePasswordResetLink(email));
}

/** A code to sign in as the account with this email (null: no such enabled account); `continueUrl` is ours. */
export function signInLinkCode(email: string, continueUrl: string) {
  return actionCodeFor(email, (auth) =>
    auth.generateSignInWithEmailLink(email, { url: continueUrl, handleCodeInApp: true }),
  );
}

/** A code that verifies the email of the account with this address (null: no such enabled account, or verified). */
export function emailVerificationCode(email: string) {
  return actionCodeFor(email, (auth) => auth.generateEmailVerificationLink(email), { unverifiedOnly: true });
}
