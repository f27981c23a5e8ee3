import { applicationDefault, cert, getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type DecodedIdToken } from "firebase-admin/auth";
import { config, pointFirebaseAdminAtEmulator } from "~/config.server";

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

/** firebase-admin's Auth for the configured project, or for the Auth emulator when one is configured. */
export function firebaseAuth() {
  return getAuth(firebaseApp());
}

// Firebase only vouches for an ID token of a sign-in this recent when a session starts from it.
const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** The verified ID token of a fresh sign-in, or null for an older one. Throws for a forged or revoked token. */
export async function verifyRecentSignIn(idToken: string): Promise<DecodedIdToken | null> {
  const token = await firebaseAuth().verifyIdToken(idToken, true);
  return Date.now() / 1000 - token.auth_time > RECENT_SIGN_IN_SECONDS ? null : token;
}

/** Whether an error from firebase-admin is about the token or account it was given, not about us. */
export function isAuthError(error: unknown) {
  return String((error as { code?: unknown } | null)?.code ?? "").startsWith("auth/");
}
