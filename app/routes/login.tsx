import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { AuthForm } from "~/components/AuthForm";
import { FormField } from "~/components/FormField";
import { GoogleSignIn } from "~/components/GoogleSignIn";
import { MOVIE_LIST_NEEDS_SIGN_IN, SignInDetour, ThisWeeksFilms } from "~/components/SignInDetour";
import { useFormReply } from "~/hooks/use-form-reply";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { guestPageData } from "~/http/google-sign-in.server";
import { forgetRegisteredEmail, readRegisteredEmail } from "~/http/registered-email.server";
import { signedInHeaders } from "~/http/session-cookie.server";
import { movieListDetour } from "~/http/whats-on.server";
import { signInWithEmail } from "~/models/accounts.server";
import { loginSchema } from "~/schemas/login";
import authStyles from "~/styles/auth.css";
import { accountPageLink } from "~/utils/account-links";
import { pageMeta } from "~/utils/page-meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: authStyles }]);
export const meta = pageMeta("Sign in", "Sign in to book seats, see your tickets and keep favourites.");

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await guestPageData(request);
  return {
    ...page,
    registeredEmail: await readRegisteredEmail(request),
    movieListDetour: await movieListDetour(page.redirectTo),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, loginSchema, { secretFields: ["password"] });
  if (!form.ok) return form.response;
  const result = await signInWithEmail(form.value, context.clientAddress);
  if (!result.ok) {
    const { message, status } = accountFailure(result, { signIn: true });
    return form.refuse(message, status);
  }
  const headers = await signedInHeaders(request, result);
  headers.append("Set-Cookie", await forgetRegisteredEmail());
  return redirect(safeRedirect(form.value.redirectTo), { headers });
}

const INTRO = "Welcome back. Sign in to book seats and keep your favourites.";
const ACCOUNT_READY = "Your account is ready: enter your password to sign in.";

export default function Login() {
  const { redirectTo, google, registeredEmail, movieListDetour } = useLoaderData<typeof loader>();
  const [form, field] = useFormReply<typeof loginSchema>({
    defaultValue: { redirectTo, email: registeredEmail ?? undefined },
  });
  return (
    <AuthCard
      title="Sign in"
      intro={registeredEmail ? ACCOUNT_READY : movieListDetour ? MOVIE_LIST_NEEDS_SIGN_IN : INTRO}
    >
      {movieListDetour ? <SignInDetour /> : null}
      <AuthForm form={form} submitLabel="Sign In" submittingLabel="Signing in..." redirectTo={redirectTo}>
        <FormField meta={field("email")} label="Email" type="email" autoComplete="email" />
        <FormField meta={field("password")} label="Password" type="password" autoComplete="current-password" />
        <div className="auth-row">
          <FormField meta={field("remember")} label="Remember me" type="checkbox" />
          <Link to="/forgot-password" className="text-link">
            Forgot password?
          </Link>
        </div>
      </AuthForm>
      {google && <GoogleSignIn config={google} redirectTo={redirectTo} rememberInputId={field("remember").id} />}
      <p className="auth-switch">
        No password at hand?{" "}
        <Link to={accountPageLink("/sign-in-link", redirectTo)} className="text-link">
          Email me a sign-in link
        </Link>
      </p>
      <p className="auth-switch">
        New to Marquee?{" "}
        <Link to={accountPageLink("/register", redirectTo)} className="text-link">
          Create an account
        </Link>
      </p>
      {movieListDetour ? <ThisWeeksFilms films={movieListDetour.films} /> : null}
    </AuthCard>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
