// The identity provider settings shared by start.mjs and grant-admin.mjs.
import { applicationDefault, cert, getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";

export const STAFF_EMAIL = "staff@marquee.example";
export const STAFF_PASSWORD = "Marquee-Staff-2026";
export const DEFAULT_PROJECT_ID = "demo-marquee";

/** True when no Firebase project is configured: then the site runs its own Auth emulator. */
export function usesEmbeddedIdentity(env = process.env) {
  return ![
    "FIREBASE_API_KEY",
    "FIREBASE_AUTH_EMULATOR_HOST",
    "FIREBASE_SERVICE_ACCOUNT",
    "GOOGLE_APPLICATION_CREDENTIALS",
  ].some((name) => env[name]);
}

export function embeddedEmulatorHost(env = process.env) {
  return `${env.AUTH_EMULATOR_HOST || "127.0.0.1"}:${env.AUTH_EMULATOR_PORT || "9099"}`;
}

export function projectId(env = process.env) {
  return env.FIREBASE_PROJECT_ID || DEFAULT_PROJECT_ID;
}

/** firebase-admin for the configured project, or for the embedded emulator when none is configured. */
export function adminAuth(env = process.env) {
  if (usesEmbeddedIdentity(env)) env.FIREBASE_AUTH_EMULATOR_HOST = embeddedEmulatorHost(env);
  const credential = env.FIREBASE_SERVICE_ACCOUNT
    ? cert(JSON.parse(env.FIREBASE_SERVICE_ACCOUNT))
    : env.FIREBASE_AUTH_EMULATOR_HOST
      ? undefined
      : applicationDefault();
  const app =
    getApps()[0] ??
    initializeApp(credential ? { projectId: projectId(env), credential } : { projectId: projectId(env) });
  return getAuth(app);
}

/** Makes `email` staff (custom claim admin:true), or takes the right away; returns the account's uid. */
export async function setStaff(auth, email, isStaff) {
  const user = await auth.getUserByEmail(email);
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, admin: isStaff });
  // A session keeps the claims it was minted with; revoking ends a demoted member's sessions at once.
  if (!isStaff) await auth.revokeRefreshTokens(user.uid);
  return user.uid;
}
