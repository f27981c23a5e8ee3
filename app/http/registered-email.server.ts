import { createCookie } from "@remix-run/node";
import { config, getSessionSecrets } from "~/config.server";

// The email of an account just created, carried to the sign-in page so it can fill it in: a signed cookie, so the
// address never travels in a URL (or the logs that keep URLs). Its path is "/", not "/login": with JavaScript the
// page's data comes from /login.data, which a "/login" cookie does not reach. It is not cleared when read, as
// the page may load its data again (a revalidation) before the person signs in; signing in clears it, or it expires.
const registeredEmailCookie = createCookie("registered_email", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  secrets: getSessionSecrets(),
  maxAge: 10 * 60,
});

/** The Set-Cookie header that takes a new account's email to the sign-in page. */
export function rememberRegisteredEmail(email: string) {
  return registeredEmailCookie.serialize(email);
}

/** The email of the account just created in this browser, if any. */
export async function readRegisteredEmail(request: Request) {
  const email: unknown = await registeredEmailCookie.parse(request.headers.get("Cookie"));
  return typeof email === "string" && email !== "" ? email : null;
}

/** The Set-Cookie header that forgets it, once the person has signed in. */
export function forgetRegisteredEmail() {
  return registeredEmailCookie.serialize("", { maxAge: 0 });
}
