import { applicationDefault, cert, getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
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

/** Whether an error from firebase-admin is about the token or account it was given, not about us. */
export function isAuthError(error: unknown) {
  return String((error as { code?: unknown } | null)?.code ?? "").startsWith("auth/");
}
