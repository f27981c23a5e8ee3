import { config } from "~/config.server";
import { requireGuest } from "./viewer.server";

/** What the browser needs for Google sign-in; none of it is secret. */
export function googleSignInSettings() {
  const { apiKey, authDomain, projectId, emulatorHost } = config.identity;
  return { apiKey, authDomain, projectId, emulatorUrl: emulatorHost ? `http://${emulatorHost}` : null };
}

/** What the sign-in and sign-up pages need: where to go afterwards (someone signed in goes there now), and Google. */
export async function guestPageData(request: Request) {
  return { redirectTo: await requireGuest(request), google: googleSignInSettings() };
}
