import type { ActionFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { AuthForm } from "~/components/AuthForm";
import { FormField } from "~/components/FormField";
import { useFormReply } from "~/hooks/use-form-reply";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { linkAsker } from "~/http/known-device.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requestPasswordReset } from "~/models/accounts.server";
import { forgotPasswordSchema } from "~/schemas/forgot-password";
import authStyles from "~/styles/auth.css";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: authStyles }]);
export const meta = pageMeta(
  "Reset your password",
  "Get a link to choose a new password for your Marquee Cinemas account.",
);

const RESET_SENT_MESSAGE = "If an account exists for that email, we have sent it a link to reset the password.";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, forgotPasswordSchema);
  if (!form.ok) return form.response;
  const { email } = form.value;
  const result = await requestPasswordReset(email, await linkAsker(request, context.clientAddress, email));
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    return form.refuse(message, status);
  }
  return redirectWithSuccess("/login", RESET_SENT_MESSAGE);
}

const INTRO = "Enter the email you signed up with and we will send you a link to choose a new password.";

export default function ForgotPassword() {
  const [form, field] = useFormReply<typeof forgotPasswordSchema>();
  return (
    <AuthCard title="Reset your password" intro={INTRO}>
      <AuthForm form={form} submitLabel="Send reset link" submittingLabel="Sending...">
        <FormField meta={field("email")} label="Email" type="email" autoComplete="email" />
      </AuthForm>
      <p className="auth-switch">
        <Link to="/login" className="text-link">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
