import { createHmac } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { config, getSessionSecrets } from "~/config.server";
import type { LinkAsker } from "~/models/accounts.server";

// The accounts that signed in on this browser, so that what strangers ask for an account's mails cannot use up what
// its own devices may ask for (decision 8). Each is named by a keyed hash of its email: the cookie is signed, not
// encrypted, and the next person at a shared computer cannot even test a guess of whose accounts were used there. A
// new first session secret forgets them; the next sign-in names the browser again.
export const KNOWN_DEVICE_COOKIE = "known_device";

const knownDeviceCookie = createCookie(KNOWN_DEVICE_COOKIE, {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  secrets: getSessionSecrets(),
  maxAge: 365 * 24 * 60 * 60,
});

// A family's or a couple's accounts on one computer; older ones drop out.
const MAX_ACCOUNTS = 5;

const accountKey = (email: string) =>
  createHmac("sha256", getSessionSecrets()[0]).update(`known-device:${email.toLowerCase()}`).digest("base64url");

async function knownAccounts(request: Request): Promise<string[]> {
  const keys: unknown = await knownDeviceCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : [];
}

/** Who asks for a link mail to `email`: the client address, and whether this browser signed in to that account. */
export async function linkAsker(request: Request, client: string, email: string): Promise<LinkAsker> {
  return { client, knownDevice: (await knownAccounts(request)).includes(accountKey(email)) };
}

/** The Set-Cookie header that remembers this browser as a device of the account with `email`, for a year. */
export async function rememberKnownDevice(request: Request, email: string) {
  const key = accountKey(email);
  const others = (await knownAccounts(request)).filter((known) => known !== key);
  return knownDeviceCookie.serialize([key, ...others].slice(0, MAX_ACCOUNTS));
}
