import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { AuthForm } from "~/components/AuthForm";
import { FormField } from "~/components/FormField";
import { useFormReply } from "~/hooks/use-form-reply";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { signedInHeaders } from "~/http/session-cookie.server";
import { redirectWithSuccessLink } from "~/http/toast.server";
import { requireGuest } from "~/http/viewer.server";
import { signInWithLink } from "~/models/accounts.server";
import { LINK_INCOMPLETE } from "~/schemas/fields";
import { emailLinkSignInSchema } from "~/schemas/sign-in-link";
import authStyles from "~/styles/auth.css";
import { accountPageLink } from "~/utils/account-links";
import { pageMeta } from "~/utils/page-meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: authStyles }]);
export const meta = pageMeta("Sign in with your link", "Finish signing in with the link we emailed you.");

const PASSWORD_ENDED =
  "You are signed in. The password set for this account before its email was confirmed no longer works.";

// The page a sign-in mail's link opens. Opening it signs nobody in: a mail scanner that opens links would use the
// one-time code up, and a link someone else sent must not sign a visitor into their account unasked. The button does.
export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = await requireGuest(request);
  const params = new URL(request.url).searchParams;
  return {
    redirectTo,
    oobCode: params.get("oobCode") ?? "",
    email: params.get("email") ?? "",
    proof: params.get("proof") ?? "",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readSubmission(request, emailLinkSignInSchema);
  if (!form.ok) return form.response;
  const result = await signInWithLink(form.value);
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    return form.refuse(message, status);
  }
  const to = safeRedirect(form.value.redirectTo);
  const headers = { headers: await signedInHeaders(request, result) };
  if (!result.passwordEnded) return redirect(to, headers);
  return redirectWithSuccessLink(
    to,
    PASSWORD_ENDED,
    { to: "/forgot-password", label: "Choose your own password" },
    headers,
  );
}

export default function EmailLinkSignIn() {
  const { redirectTo, oobCode, email, proof } = useLoaderData<typeof loader>();
  const [form, field] = useFormReply<typeof emailLinkSignInSchema>({ defaultValue: { email } });
  if (!oobCode)
    return (
      <AuthCard title="Sign in with your link" intro={LINK_INCOMPLETE}>
        <p className="auth-switch">
          <Link to={accountPageLink("/sign-in-link", redirectTo)} className="text-link">
            Send me a new link
          </Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title="Sign in with your link" intro="Check the email below is yours, then sign in. The link works once.">
      <AuthForm form={form} submitLabel="Sign In" submittingLabel="Signing in..." redirectTo={redirectTo}>
        <input type="hidden" name="oobCode" value={oobCode} />
        {proof && <input type="hidden" name="proof" value={proof} />}
        <FormField meta={field("email")} label="Email" type="email" autoComplete="email" />
        <FormField meta={field("remember")} label="Remember me" type="checkbox" />
      </AuthForm>
    </AuthCard>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
