import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { STAFF_ROLE_LABELS } from "~/domain/staff-roles";
import { notFound } from "~/http/not-found.server";
import { STAFF_REFUSALS } from "~/http/staff-failures.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { getViewer, loginPath, requireUser } from "~/http/viewer.server";
import { acceptInvitation, findInvitation } from "~/models/staff-members.server";
import { pageMeta } from "~/utils/page-meta";

export const meta = pageMeta("Staff invitation", "An invitation to join the Marquee Cinemas staff.");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVITATION_NOT_FOUND = "There is no such invitation. Please check the link in the mail, or ask a manager.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const invitation = UUID.test(id) ? await findInvitation(id) : null;
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  const viewer = await getViewer(request);
  const refusal = invitation.acceptedAt ? STAFF_REFUSALS.used : invitation.expired ? STAFF_REFUSALS.expired : null;
  return {
    email: invitation.email,
    role: STAFF_ROLE_LABELS[invitation.role],
    refusal,
    viewer: viewer && { email: viewer.email },
    signIn: loginPath(request),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request);
  const id = params.id ?? "";
  if (!UUID.test(id)) throw notFound(INVITATION_NOT_FOUND);
  const accepted = await acceptInvitation(viewer.uid, id);
  if (accepted.ok)
    return redirectWithSuccess("/admin", `Welcome to the staff: your role is ${STAFF_ROLE_LABELS[accepted.role]}.`);
  if (accepted.reason === "not-found") throw notFound(INVITATION_NOT_FOUND);
  return data({ refusal: STAFF_REFUSALS[accepted.reason] }, { status: 409 });
}

export default function StaffInvitation() {
  const { email, role, refusal, viewer, signIn } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const said = answer?.refusal ?? refusal;
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="invitation-title">
        <h1 id="invitation-title">Join the staff</h1>
        <p>
          {email} is invited to join the Marquee Cinemas staff as <strong>{role}</strong>.
        </p>
        {said ? (
          <p role="alert" className="form-errors">
            {said}
          </p>
        ) : null}
        {refusal ? null : viewer ? (
          <Form method="post">
            <p>You are signed in as {viewer.email}.</p>
            <button type="submit" className="button">
              Accept Invitation
            </button>
          </Form>
        ) : (
          <p>
            <Link to={signIn} className="button">
              Sign in as {email}
            </Link>{" "}
            No account yet? <Link to="/register">Create one with this address</Link>, confirm it, then open the
            invitation again.
          </p>
        )}
      </section>
    </main>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
