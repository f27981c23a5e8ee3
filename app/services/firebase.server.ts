import { applicationDefault, cert, getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { trustedOrigins } from "./security.server";

function env(name: string) {
  return process.env[name]?.trim() || "";
}

const emulatorHost = env("FIREBASE_AUTH_EMULATOR_HOST");
const projectId = env("FIREBASE_PROJECT_ID") || "demo-marquee";

/** What the browser needs for Google sign-in; none of it is secret. */
export const firebaseWebConfig = {
  apiKey: env("FIREBASE_API_KEY") || "demo-api-key",
  authDomain: env("FIREBASE_AUTH_DOMAIN") || `${projectId}.firebaseapp.com`,
  projectId,
  emulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
};

/** Identity Toolkit REST endpoints; the emulator serves the same paths under its own host. */
export const identityToolkitUrl = emulatorHost
  ? `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`
  : "https://identitytoolkit.googleapis.com/v1";

// The Google popup talks to the identity provider from the page, and Firebase loads Google's gapi
// for its helper iframe (the emulator's too), so the CSP must allow them.
trustedOrigins.script.push("https://apis.google.com");
if (firebaseWebConfig.emulatorUrl) {
  trustedOrigins.connect.push(firebaseWebConfig.emulatorUrl);
  trustedOrigins.frame.push(firebaseWebConfig.emulatorUrl);
} else {
  trustedOrigins.connect.push("https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com");
  trustedOrigins.frame.push(`https://${firebaseWebConfig.authDomain}`);
}

function credential() {
  const serviceAccount = env("FIREBASE_SERVICE_ACCOUNT");
  if (serviceAccount) return cert(JSON.parse(serviceAccount));
  // The emulator accepts any caller; a real project uses GOOGLE_APPLICATION_CREDENTIALS or the platform's account.
  return emulatorHost ? undefined : applicationDefault();
}

function firebaseApp(): App {
  const appCredential = credential();
  return getApps()[0] ?? initializeApp(appCredential ? { projectId, credential: appCredential } : { projectId });
}

export function firebaseAuth() {
  return getAuth(firebaseApp());
}
