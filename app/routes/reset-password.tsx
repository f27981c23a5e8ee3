import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { AuthForm } from "~/components/AuthForm";
import { NewPasswordFields } from "~/components/NewPasswordFields";
import { useFormReply } from "~/hooks/use-form-reply";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { checkPasswordResetLink, resetPassword } from "~/models/accounts.server";
import { LINK_INCOMPLETE } from "~/schemas/fields";
import { resetPasswordSchema } from "~/schemas/reset-password";
import authStyles from "~/styles/auth.css";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: authStyles }]);
export const meta = pageMeta("Choose a new password", "Choose a new password for your Marquee Cinemas account.");

// The page a reset mail's link opens. Opening it changes nothing (a mail scanner may open links); the form does.
export async function loader({ request }: LoaderFunctionArgs) {
  const oobCode = new URL(request.url).searchParams.get("oobCode") ?? "";
  if (!oobCode) return { oobCode, email: null, problem: LINK_INCOMPLETE };
  const link = await checkPasswordResetLink(oobCode);
  return link.ok
    ? { oobCode, email: link.email, problem: null }
    : { oobCode, email: null, problem: accountFailure(link).message };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readSubmission(request, resetPasswordSchema, { secretFields: ["password", "confirmPassword"] });
  if (!form.ok) return form.response;
  const result = await resetPassword(form.value);
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    return form.refuse(message, status);
  }
  return redirectWithSuccess("/login", "Your password has been changed. Please sign in with it.");
}

export default function ResetPassword() {
  const { oobCode, email, problem } = useLoaderData<typeof loader>();
  const [form, field] = useFormReply<typeof resetPasswordSchema>();
  if (problem)
    return (
      <AuthCard title="Choose a new password" intro={problem}>
        <p className="auth-switch">
          <Link to="/forgot-password" className="text-link">
            Send me a new link
          </Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title="Choose a new password" intro={`For the account of ${email}.`}>
      <AuthForm form={form} submitLabel="Change password" submittingLabel="Changing password...">
        <input type="hidden" name="oobCode" value={oobCode} />
        <NewPasswordFields field={field} passwordLabel="New password" />
      </AuthForm>
    </AuthCard>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
