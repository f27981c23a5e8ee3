import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormField } from "~/components/FormField";
import { GoogleSignIn } from "~/components/GoogleSignIn";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { googleSignInSettings } from "~/http/google-sign-in.server";
import { requireGuest } from "~/http/viewer.server";
import { signInWithEmail } from "~/models/accounts.server";
import { loginSchema } from "~/schemas/login";
import authStyles from "~/styles/auth.css";
import { accountPageLink } from "~/utils/account-links";
import { safeRedirect } from "~/utils/safe-redirect";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];
export const meta: MetaFunction = () => [
  { title: "Sign in – Marquee Cinemas" },
  { name: "description", content: "Sign in to Marquee Cinemas to book seats, see your tickets and keep favourites." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return { redirectTo: await requireGuest(request), google: googleSignInSettings() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, loginSchema, { secretFields: ["password"] });
  if (!form.ok) return form.response;
  const result = await signInWithEmail(form.value, context.clientAddress);
  if (!result.ok) {
    const { message, status } = accountFailure(result, { signIn: true });
    return form.refuse(message, status);
  }
  return redirect(safeRedirect(form.value.redirectTo), { headers: { "Set-Cookie": result.setCookie } });
}

export default function Login() {
  const { redirectTo, google } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { redirectTo },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <Link to="/" className="brand auth-brand">
          Marquee
        </Link>
        <h1 id="login-title">Sign in</h1>
        <p className="auth-intro">Welcome back. Sign in to book seats and keep your favourites.</p>
        <Form method="post" {...getFormProps(form)} className="auth-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
          <FormField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <FormField meta={fields.password} label="Password" type="password" autoComplete="current-password" />
          <div className="auth-row">
            <FormField meta={fields.remember} label="Remember me" type="checkbox" />
            <Link to="/forgot-password" className="text-link">
              Forgot password?
            </Link>
          </div>
          <button type="submit" className="button button-large" disabled={submitting}>
            {submitting ? "Signing in..." : "Sign In"}
          </button>
        </Form>
        <p className="auth-divider">
          <span>or</span>
        </p>
        <GoogleSignIn config={google} redirectTo={redirectTo} rememberInputId={fields.remember.id} />
        <p className="auth-switch">
          New to Marquee?{" "}
          <Link to={accountPageLink("/register", redirectTo)} className="text-link">
            Create an account
          </Link>
        </p>
      </div>
    </section>
  );
}
