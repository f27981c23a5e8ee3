import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { AuthForm } from "~/components/AuthForm";
import { FormField } from "~/components/FormField";
import { NewPasswordFields } from "~/components/NewPasswordFields";
import { GoogleSignIn } from "~/components/GoogleSignIn";
import { useFormReply } from "~/hooks/use-form-reply";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { guestPageData } from "~/http/google-sign-in.server";
import { rememberRegisteredEmail } from "~/http/registered-email.server";
import { signedInHeaders } from "~/http/session-cookie.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { registerAccount } from "~/models/accounts.server";
import { registerSchema } from "~/schemas/register";
import authStyles from "~/styles/auth.css";
import { accountPageLink } from "~/utils/account-links";
import { pageMeta } from "~/utils/page-meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: authStyles }]);
export const meta = pageMeta("Create account", "Create an account to book seats and keep your tickets in one place.");

export const loader = ({ request }: LoaderFunctionArgs) => guestPageData(request);

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, registerSchema, { secretFields: ["password", "confirmPassword"] });
  if (!form.ok) return form.response;
  const result = await registerAccount(form.value, context.clientAddress);
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    return form.refuse(message, status);
  }
  const redirectTo = safeRedirect(form.value.redirectTo);
  if (result.signedIn) {
    return redirectWithSuccess(
      redirectTo,
      `Account created: you are signed in. Please confirm ${form.value.email} with the link we mailed you.`,
      { headers: await signedInHeaders(request, result.signedIn) },
    );
  }
  return redirectWithSuccess(accountPageLink("/login", redirectTo), "Account created. Please sign in.", {
    headers: { "Set-Cookie": await rememberRegisteredEmail(form.value.email) },
  });
}

const INTRO = "Book seats, keep your e-tickets in one place, and save the films you want to see.";

export default function Register() {
  const { redirectTo, google } = useLoaderData<typeof loader>();
  const [form, field] = useFormReply<typeof registerSchema>();
  return (
    <AuthCard title="Create your account" intro={INTRO}>
      <AuthForm form={form} submitLabel="Create Account" submittingLabel="Creating account..." redirectTo={redirectTo}>
        <FormField meta={field("fullName")} label="Full name" type="text" autoComplete="name" />
        <FormField meta={field("email")} label="Email" type="email" autoComplete="email" />
        <NewPasswordFields field={field} passwordLabel="Password" />
        <FormField
          meta={field("terms")}
          type="checkbox"
          label={
            <>
              I agree to the{" "}
              <Link to="/legal#terms" className="text-link">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/legal#privacy" className="text-link">
                Privacy Policy
              </Link>
            </>
          }
        />
      </AuthForm>
      {google && <GoogleSignIn config={google} redirectTo={redirectTo} />}
      <p className="auth-switch">
        Already have an account?{" "}
        <Link to={accountPageLink("/login", redirectTo)} className="text-link">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
