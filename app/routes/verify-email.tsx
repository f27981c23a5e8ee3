import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { getViewer } from "~/http/viewer.server";
import { verifyEmail } from "~/models/accounts.server";
import { LINK_INCOMPLETE } from "~/schemas/fields";
import { verifyEmailSchema } from "~/schemas/verify-email";
import authStyles from "~/styles/auth.css";
import { accountPageLink } from "~/utils/account-links";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: authStyles }]);
export const meta = pageMeta("Confirm your email", "Confirm the email address of your Marquee Cinemas account.");

const TITLE = "Confirm your email";
// Where a customer whose link no longer works asks for another: My Bookings, which sends visitors to sign in first.
const ASK_AGAIN =
  "If your email is not confirmed yet, sign in and choose Send the link again on My Bookings to get a new one.";

// The page a confirmation mail's link opens. Opening it changes nothing (a mail scanner may open links); the button does.
export async function loader({ request }: LoaderFunctionArgs) {
  const oobCode = new URL(request.url).searchParams.get("oobCode") ?? "";
  return { oobCode, signedIn: Boolean(await getViewer(request)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readSubmission(request, verifyEmailSchema);
  if (!form.ok) return data({ confirmed: null, problem: `${LINK_INCOMPLETE} ${ASK_AGAIN}` }, { status: 400 });
  const result = await verifyEmail(form.value.oobCode);
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    const problem = result.reason === "invalid-code" ? `${message} ${ASK_AGAIN}` : message;
    return data({ confirmed: null, problem }, { status });
  }
  return { confirmed: { email: result.email, claimed: result.claimed }, problem: null };
}

function confirmedText({ email, claimed }: { email: string; claimed: number }) {
  const moved =
    claimed === 0
      ? ""
      : ` ${claimed === 1 ? "The booking" : `The ${claimed} bookings`} you made as a guest with it ${claimed === 1 ? "is" : "are"} now in My Bookings.`;
  return `Thank you: ${email} is confirmed.${moved}`;
}

export default function VerifyEmail() {
  const { oobCode, signedIn } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const submitting = useNavigation().state !== "idle";
  if (reply?.confirmed)
    return (
      <AuthCard title="Email confirmed" intro={confirmedText(reply.confirmed)}>
        <p className="auth-switch">
          <Link to={signedIn ? "/my-bookings" : accountPageLink("/login", "/my-bookings")} className="button">
            {signedIn ? "Go to My Bookings" : "Sign in to see My Bookings"}
          </Link>
        </p>
      </AuthCard>
    );
  const problem = reply?.problem ?? (oobCode ? null : `${LINK_INCOMPLETE} ${ASK_AGAIN}`);
  if (problem)
    return (
      <AuthCard title={TITLE} intro={problem}>
        <p className="auth-switch">
          <Link to="/my-bookings" className="text-link">
            Go to My Bookings
          </Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard
      title={TITLE}
      intro="Confirm this address for your account: bookings you made as a guest with it then move to My Bookings."
    >
      <Form method="post" className="auth-form">
        <input type="hidden" name="oobCode" value={oobCode} />
        <button type="submit" className="button button-large" disabled={submitting}>
          {submitting ? "Confirming..." : "Confirm my email"}
        </button>
      </Form>
    </AuthCard>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
