import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { signedInHeaders } from "~/http/session-cookie.server";
import { signInWithGoogle } from "~/models/accounts.server";
import { googleSignInSchema } from "~/schemas/google-sign-in";
import { safeRedirect } from "~/utils/safe-redirect";

// A resource route (no page), so it answers real Responses. The Google button posts the ID token of its popup
// sign-in here; the answer is the session cookie.
export async function action({ request }: ActionFunctionArgs) {
  const form = await readSubmission(request, googleSignInSchema);
  const result = form.ok
    ? await signInWithGoogle(form.value.idToken, form.value.remember)
    : ({ ok: false, reason: "google-failed" } as const);
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    return Response.json({ error: message }, { status });
  }
  return redirect(safeRedirect(form.ok ? form.value.redirectTo : "/"), {
    headers: await signedInHeaders(request, result),
  });
}

export function loader() {
  return redirect("/login");
}
