import { getApps, initializeApp } from "firebase/app";
import {
  browserPopupRedirectResolver,
  getAuth,
  GoogleAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  signInWithPopup,
  signOut,
} from "firebase/auth";

// Google sign-in's popup, with the Firebase SDK: GoogleSignIn loads this module when its button is clicked.

export type GoogleConfig = { apiKey: string; authDomain: string; projectId: string };

/** Signs in with Google in a popup and answers the ID token the server opens the session with. */
export async function googleIdToken(config: GoogleConfig) {
  const existing = getApps()[0];
  const app =
    existing ?? initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  // The server keeps the session; the browser keeps no Firebase sign-in of its own.
  const client = existing
    ? getAuth(app)
    : initializeAuth(app, { persistence: inMemoryPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  const credential = await signInWithPopup(client, new GoogleAuthProvider());
  const idToken = await credential.user.getIdToken();
  await signOut(client);
  return idToken;
}
