import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { AuthForm } from "~/components/AuthForm";
import { FormField } from "~/components/FormField";
import { useFormReply } from "~/hooks/use-form-reply";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { linkAsker } from "~/http/known-device.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireGuest } from "~/http/viewer.server";
import { requestSignInLink } from "~/models/accounts.server";
import { signInLinkRequestSchema } from "~/schemas/sign-in-link";
import authStyles from "~/styles/auth.css";
import { accountPageLink } from "~/utils/account-links";
import { pageMeta } from "~/utils/page-meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: authStyles }]);
export const meta = pageMeta(
  "Sign in with an email link",
  "Get a link by email that signs you in, no password needed.",
);

export const loader = async ({ request }: LoaderFunctionArgs) => ({ redirectTo: await requireGuest(request) });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, signInLinkRequestSchema);
  if (!form.ok) return form.response;
  const redirectTo = safeRedirect(form.value.redirectTo);
  const { email } = form.value;
  const result = await requestSignInLink(email, redirectTo, await linkAsker(request, context.clientAddress, email));
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    return form.refuse(message, status);
  }
  return redirectWithSuccess(
    accountPageLink("/login", redirectTo),
    "If an account exists for that email, we have sent it a link to sign in.",
  );
}

const INTRO = "Enter the email of your account and we will send you a link that signs you in, no password needed.";

export default function SignInLink() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const [form, field] = useFormReply<typeof signInLinkRequestSchema>();
  return (
    <AuthCard title="Sign in with an email link" intro={INTRO}>
      <AuthForm form={form} submitLabel="Email me a sign-in link" submittingLabel="Sending..." redirectTo={redirectTo}>
        <FormField meta={field("email")} label="Email" type="email" autoComplete="email" />
      </AuthForm>
      <p className="auth-switch">
        <Link to={accountPageLink("/login", redirectTo)} className="text-link">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
