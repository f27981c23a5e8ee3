import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireSameOrigin } from "~/services/security.server";
import { endSession } from "~/services/session.server";
import { redirectWithSuccess } from "~/services/toast.server";

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const clearSession = await endSession(request);
  return redirectWithSuccess("/", "logout successfully", { headers: { "Set-Cookie": clearSession } });
}

// Signing out changes state, so it is a POST only; a visit to /logout goes home.
export function loader() {
  return redirect("/");
}
