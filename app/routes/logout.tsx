import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { redirectWithSuccess } from "~/http/toast.server";
import { signOut } from "~/http/viewer.server";

export async function action({ request }: ActionFunctionArgs) {
  const clearSession = await signOut(request);
  return redirectWithSuccess("/", "logout successfully", { headers: { "Set-Cookie": clearSession } });
}

// Signing out changes state, so it is a POST only; a visit to /logout goes home.
export function loader() {
  return redirect("/");
}
