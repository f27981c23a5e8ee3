import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { googleSignInSchema } from "~/schemas/google-sign-in";
import { readForm } from "~/services/forms.server";
import { requireSameOrigin } from "~/services/security.server";
import { GOOGLE_FAILED_MESSAGE, signInWithGoogle } from "~/services/sign-in.server";
import { safeRedirect } from "~/utils/safe-redirect";

// A resource route (no page), so it answers real Responses. The Google button posts the ID token of its popup sign-in here; the answer is the session cookie.
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const submission = form.ok ? parseWithZod(form.formData, { schema: googleSignInSchema }) : null;
  if (submission?.status !== "success") return json({ error: GOOGLE_FAILED_MESSAGE }, { status: 400 });
  const result = await signInWithGoogle(submission.value.idToken, submission.value.remember);
  if (!result.ok) return json({ error: result.message }, { status: result.status });
  return redirect(safeRedirect(submission.value.redirectTo), { headers: { "Set-Cookie": result.cookie } });
}

export function loader() {
  return redirect("/login");
}
