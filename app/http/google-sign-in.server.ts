import { config } from "~/config.server";
import { checksBrowserTokens } from "~/services/firebase-admin.server";
import { requireGuest } from "./viewer.server";

/**
 * What the browser needs for Google sign-in (none of it is secret), or null where the site cannot check the token the
 * popup gives (the Auth emulator, decision 53): the button is not offered there.
 */
export function googleSignInSettings() {
  const { apiKey, authDomain, projectId } = config.identity;
  return checksBrowserTokens() ? { apiKey, authDomain, projectId } : null;
}

/** What the sign-in and sign-up pages need: where to go afterwards (someone signed in goes there now), and Google. */
export async function guestPageData(request: Request) {
  return { redirectTo: await requireGuest(request), google: googleSignInSettings() };
}
