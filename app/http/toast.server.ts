import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { z } from "zod";
import { config, getSessionSecrets } from "~/config.server";
import { safeRedirect } from "~/utils/safe-redirect";

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

// remix-toast reads back only its own fields of a toast, so a link onward rides in the same flash beside them.
const toastLinkSchema = z.object({
  to: z.string().refine((to) => safeRedirect(to, "") === to),
  label: z.string().min(1).max(200),
});
type ToastLink = z.infer<typeof toastLinkSchema>;

/** A success toast with a link onward, such as to the show just added. */
export function redirectWithSuccessLink(url: string, message: string, link: ToastLink, init?: ResponseInit) {
  const toast: { message: string; link: ToastLink } = { message, link };
  return redirectWithSuccess(url, toast, init);
}

/** The toast waiting for this request, if any. Without one there is no cookie to clear, so no Set-Cookie. */
export async function takeToast(request: Request) {
  const cookie = request.headers.get("Cookie");
  if (!/(^|;\s*)toast=/.test(cookie ?? "")) return { toast: undefined, headers: undefined };
  const [{ toast, headers }, session] = await Promise.all([
    toasts.getToast(request),
    toastSessionStorage.getSession(cookie),
  ]);
  const link = toastLinkSchema.safeParse(session.get("flash")?.toast?.link);
  return { toast: toast && link.success ? { ...toast, link: link.data } : toast, headers };
}
