import { createCookie } from "@remix-run/node";
import { config, getSessionSecrets } from "~/config.server";

// The email of an account just created, carried to the sign-in page so it can fill it in: a signed cookie for that
// page alone, read once, so the address never travels in a URL (or the logs that keep URLs).
const registeredEmailCookie = createCookie("registered_email", {
  path: "/login",
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

/** The email of the account just created in this browser, if any, and the header that forgets it. */
export async function takeRegisteredEmail(request: Request) {
  const email: unknown = await registeredEmailCookie.parse(request.headers.get("Cookie"));
  if (typeof email !== "string" || email === "") return { email: null, headers: undefined };
  return { email, headers: { "Set-Cookie": await registeredEmailCookie.serialize("", { maxAge: 0 }) } };
}
