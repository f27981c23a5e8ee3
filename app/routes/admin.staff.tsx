import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/FormField";
import { TableScroll } from "~/components/StaffList";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/domain/staff-roles";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { STAFF_REFUSALS } from "~/http/staff-failures.server";
import { inviteStaff, listStaff, setStaffRole } from "~/models/staff-members.server";
import { CHANGE_ROLE, INVITE, REMOVE, staffFormSchema } from "~/schemas/staff";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";

export const meta = pageMeta("Staff – Admin Panel", "The cinema's staff, their roles, and invitations to join.");

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireStaff(request, "manage-staff");
  return { ...(await listStaff()), me: manager.uid, ...cinemaSettings() };
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireStaff(request, "manage-staff");
  const form = await readSubmission(request, staffFormSchema);
  if (!form.ok) return form.response;
  const { intent, email = "", uid = "" } = form.value;
  const role = (form.value.role ?? null) as StaffRole | null;
  if (intent === INVITE) {
    const invited = await inviteStaff(manager.uid, { email, role: role! });
    if (invited.ok) return redirectWithSuccess("/admin/staff", `Invitation sent to ${email}`);
    return form.refuse(STAFF_REFUSALS[invited.reason], 409, "email");
  }
  const changed = await setStaffRole(manager.uid, uid, intent === REMOVE ? null : role);
  if (changed.ok)
    return redirectWithSuccess(
      "/admin/staff",
      intent === REMOVE
        ? "Removed from the staff; their sessions have ended"
        : `Role changed to ${STAFF_ROLE_LABELS[role!]}`,
    );
  return form.refuse(STAFF_REFUSALS[changed.reason], 409);
}

type Reply = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };

function RoleSelect({ id, value }: { id: string; value?: string }) {
  return (
    <select id={id} name="role" defaultValue={value ?? ""} required>
      {value ? null : (
        <option value="" disabled>
          Choose a role
        </option>
      )}
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

export default function Staff() {
  const { members, invitations, me, timeZone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const invitedBefore = reply?.initialValue?.intent === INVITE ? reply.initialValue : undefined;
  const pageErrors = invitedBefore
    ? (reply?.error?.[""] ?? [])
    : Object.values(reply?.error ?? {}).flatMap((e) => e ?? []);
  const emailErrors = invitedBefore ? [...(reply?.error?.email ?? []), ...(reply?.error?.role ?? [])] : [];
  return (
    <section aria-labelledby="staff-title" className="staff-page cards-on-phone">
      <h1 id="staff-title">Staff</h1>
      <FormErrors id="staff-errors" errors={pageErrors} />
      <p>
        Manager: everything, staff included. Box office: sell at the counter, find, cancel and refund bookings, check
        in. Door: check in only. A change counts at once; a member removed is signed out everywhere.
      </p>
      <h2>Invite someone</h2>
      <Form method="post" className="staff-invite" aria-describedby="invite-errors">
        <div className="field">
          <label htmlFor="invite-email">Email</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={typeof invitedBefore?.email === "string" ? invitedBefore.email : undefined}
            aria-invalid={emailErrors.length > 0 || undefined}
            aria-describedby="invite-errors"
          />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <RoleSelect
            id="invite-role"
            value={typeof invitedBefore?.role === "string" ? invitedBefore.role : undefined}
          />
        </div>
        <FormErrors id="invite-errors" errors={emailErrors} />
        <button type="submit" name="intent" value={INVITE} className="button">
          Send Invitation
        </button>
      </Form>
      {invitations.length > 0 ? (
        <>
          <h2>Invitations not yet accepted</h2>
          <ul className="staff-invitations">
            {invitations.map((invitation) => (
              <li key={invitation.id}>
                {invitation.email} as {STAFF_ROLE_LABELS[invitation.role]}, invited by {invitation.invitedBy}, until{" "}
                {formatShowTime(invitation.expiresAt, timeZone)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>Members</h2>
      <TableScroll label="Staff members">
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Remove</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.uid}>
                <th scope="row">
                  {member.name}
                  {member.uid === me ? " (you)" : ""}
                </th>
                <td data-label="Email">{member.email}</td>
                <td data-label="Role">
                  <Form method="post" className="staff-role-form">
                    <input type="hidden" name="uid" value={member.uid} />
                    <label htmlFor={`role-${member.uid}`} className="visually-hidden">
                      Role of {member.name}
                    </label>
                    <RoleSelect id={`role-${member.uid}`} value={member.role} />
                    <button type="submit" name="intent" value={CHANGE_ROLE} className="button button-small">
                      Change Role
                    </button>
                  </Form>
                </td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="uid" value={member.uid} />
                    <button
                      type="submit"
                      name="intent"
                      value={REMOVE}
                      className="button button-ghost button-small"
                      aria-label={`Remove ${member.name}`}
                    >
                      Remove
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
