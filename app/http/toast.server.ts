import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { config, getSessionSecrets } from "~/config.server";

const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: "toast",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    secrets: getSessionSecrets(),
  },
});

const toasts = createToastUtilsWithCustomSession(toastSessionStorage);
export const { redirectWithError, redirectWithInfo, redirectWithSuccess } = toasts;

/** The toast waiting for this request, if any. Without one there is no cookie to clear, so no Set-Cookie. */
export async function takeToast(request: Request) {
  if (!/(^|;\s*)toast=/.test(request.headers.get("Cookie") ?? "")) return { toast: undefined, headers: undefined };
  return toasts.getToast(request);
}
