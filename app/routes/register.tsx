import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormField } from "~/components/FormField";
import { GoogleSignIn } from "~/components/GoogleSignIn";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { googleSignInSettings } from "~/http/google-sign-in.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireGuest } from "~/http/viewer.server";
import { registerAccount } from "~/models/accounts.server";
import { registerSchema } from "~/schemas/register";
import authStyles from "~/styles/auth.css";
import { accountPageLink } from "~/utils/account-links";
import { safeRedirect } from "~/utils/safe-redirect";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];
export const meta: MetaFunction = () => [
  { title: "Create account – Marquee Cinemas" },
  {
    name: "description",
    content: "Create a Marquee Cinemas account to book seats and keep your tickets in one place.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return { redirectTo: await requireGuest(request), google: googleSignInSettings() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, registerSchema, { secretFields: ["password", "confirmPassword"] });
  if (!form.ok) return form.response;
  const result = await registerAccount(form.value, context.clientAddress);
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    return form.refuse(message, status);
  }
  return redirectWithSuccess(
    accountPageLink("/login", safeRedirect(form.value.redirectTo)),
    "Account created. Please sign in.",
  );
}

export default function Register() {
  const { redirectTo, google } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="auth-page" aria-labelledby="register-title">
      <div className="auth-card">
        <Link to="/" className="brand auth-brand">
          Marquee
        </Link>
        <h1 id="register-title">Create your account</h1>
        <p className="auth-intro">Create up to 5 profiles for the whole family, and book for everyone in one go.</p>
        <Form method="post" {...getFormProps(form)} className="auth-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
          <FormField meta={fields.fullName} label="Full name" type="text" autoComplete="name" />
          <FormField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <FormField meta={fields.password} label="Password" type="password" autoComplete="new-password" />
          <FormField
            meta={fields.confirmPassword}
            label="Confirm password"
            type="password"
            autoComplete="new-password"
          />
          <FormField
            meta={fields.terms}
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
          <button type="submit" className="button button-large" disabled={submitting}>
            {submitting ? "Creating account..." : "Create Account"}
          </button>
        </Form>
        <p className="auth-divider">
          <span>or</span>
        </p>
        <GoogleSignIn config={google} redirectTo={redirectTo} />
        <p className="auth-switch">
          Already have an account?{" "}
          <Link to={accountPageLink("/login", redirectTo)} className="text-link">
            Sign in
          </Link>
        </p>
      </div>
    </section>
  );
}
