import { config } from "~/config.server";

/** What the browser needs for Google sign-in; none of it is secret. */
export function googleSignInSettings() {
  const { apiKey, authDomain, projectId, emulatorHost } = config.identity;
  return { apiKey, authDomain, projectId, emulatorUrl: emulatorHost ? `http://${emulatorHost}` : null };
}
