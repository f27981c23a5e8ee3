import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { config, getSessionSecrets } from "~/config.server";
import { addFavourite, removeFavourite } from "~/models/favourites.server";
import { favouriteSchema, type FavouriteIntent } from "~/schemas/favourite";
import { redirectWithSuccess } from "./toast.server";
import { loginPath } from "./viewer.server";

const FAVOURITE_ADDED = "Added to your favourites";
const FAVOURITE_REMOVED = "Removed from your favourites";

// Long enough to sign in or register; short enough that a choice left behind on a shared computer soon lapses.
const PENDING_MINUTES = 15;

// A visitor's Favorite, kept while they sign in. Only their own POST sets it (the server refuses cross-site
// posts), so applying it later on a GET does what they asked, never what someone else's link asks.
const pendingFavourite = createCookie("pending-favourite", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  secrets: getSessionSecrets(),
  maxAge: PENDING_MINUTES * 60,
});
const pendingFavouriteSchema = favouriteSchema.extend({ movieId: z.string() });

/** Adds or removes a favourite (both idempotent) and goes back to the movie page with a toast saying so. */
export async function saveFavourite(userUid: string, movieId: string, intent: FavouriteIntent, setCookie?: string) {
  await (intent === "add" ? addFavourite : removeFavourite)(userUid, movieId);
  // With JavaScript a fetcher follows this redirect as a navigation: replace, so presses add no history entries.
  const headers = new Headers({ "X-Remix-Replace": "true" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return redirectWithSuccess(`/movies/${movieId}`, intent === "add" ? FAVOURITE_ADDED : FAVOURITE_REMOVED, {
    headers,
  });
}

/** A visitor's Favorite: kept in a short-lived cookie while they sign in, then back to the movie. */
export async function signInToFavourite(request: Request, movieId: string, intent: FavouriteIntent) {
  return redirect(loginPath(request, `/movies/${movieId}`), {
    headers: { "Set-Cookie": await pendingFavourite.serialize({ movieId, intent }) },
  });
}

/**
 * For the movie page of a signed-in user: a Favorite they pressed on it before signing in is applied once, by
 * throwing the redirect that says so and clears the cookie.
 */
export async function applyPendingFavourite(request: Request, userUid: string, movieId: string) {
  const cookie = await pendingFavourite.parse(request.headers.get("Cookie")).catch(() => null);
  const pending = pendingFavouriteSchema.safeParse(cookie);
  if (!pending.success || pending.data.movieId !== movieId) return;
  throw await saveFavourite(userUid, movieId, pending.data.intent, await pendingFavourite.serialize("", { maxAge: 0 }));
}
