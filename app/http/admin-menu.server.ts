import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";

// Whether a staff member keeps the admin side menu collapsed: a preference of this browser, nothing to protect.
const menuCookie = createCookie("admin_menu", {
  path: "/admin",
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  maxAge: 365 * 24 * 60 * 60,
});

/** Whether this browser chose to collapse the menu; null when it never chose, and the screen's width decides. */
export async function isMenuCollapsed(request: Request) {
  const choice: unknown = await menuCookie.parse(request.headers.get("Cookie"));
  return choice === "collapsed" ? true : choice === "expanded" ? false : null;
}

/** The Set-Cookie header that remembers the choice. */
export function rememberMenu(collapsed: boolean) {
  return menuCookie.serialize(collapsed ? "collapsed" : "expanded");
}
