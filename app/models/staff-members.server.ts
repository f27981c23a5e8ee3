import { config } from "~/config.server";
import { STAFF_ROLE_LABELS, type StaffRole } from "~/domain/staff-roles";
import { getDb, isUniqueViolation, type Queryable } from "~/services/db.server";
import { queueStaffInvitation } from "./notifications.server";
import { endAllSessionsIn } from "./sessions.server";
import { recordStaffChange } from "./staff-changes.server";
import { clearStaffClaim } from "./staff.server";
import { userNameSql } from "./users.server";

// The staff, their roles and invitations (decision 69). Each change is one transaction with its record; a change that
// could leave the cinema without a manager locks every manager's row first, so two managers demoting each other at
// once are decided one after the other.

export type StaffMember = { uid: string; name: string; email: string; role: StaffRole };
export type OpenInvitation = { id: string; email: string; role: StaffRole; invitedBy: string; expiresAt: string };

export type StaffRefusal =
  "already-staff" | "not-found" | "used" | "expired" | "wrong-address" | "unverified" | "last-manager" | "not-manager";
export type StaffResult<T = object> = ({ ok: true } & T) | { ok: false; reason: StaffRefusal };

/** The staff and the invitations still open, for the Staff page. */
export async function listStaff() {
  const db = await getDb();
  const members = await db.query<StaffMember>(
    `select uid, ${userNameSql("users")} as name, coalesce(email, '') as email, staff_role as role
     from users where staff_role is not null order by lower(${userNameSql("users")}), uid`,
  );
  const invitations = await db.query<Omit<OpenInvitation, "expiresAt"> & { expiresAt: Date }>(
    `select i.id, i.email, i.role, ${userNameSql("users")} as "invitedBy", i.expires_at as "expiresAt"
     from staff_invitations i join users on users.uid = i.invited_by
     where i.accepted_at is null and i.expires_at > now() order by i.created_at desc`,
  );
  return {
    members,
    invitations: invitations.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() })),
  };
}

/** Locks the actor's row and every manager's, and answers whether the actor is (still) a manager. */
async function lockManagers(tx: Queryable, actorUid: string) {
  const managers = await tx.query<{ uid: string }>(
    "select uid from users where staff_role = 'manager' or uid = $1 order by uid for update",
    [actorUid],
  );
  const [actor] = await tx.query<{ role: StaffRole | null }>("select staff_role as role from users where uid = $1", [
    actorUid,
  ]);
  const count = await tx.query<{ n: number }>("select count(*)::int as n from users where staff_role = 'manager'");
  return { isManager: actor?.role === "manager", managerCount: count[0].n, locked: managers.length };
}

/**
 * Invites an address to join the staff with a role: one open invitation per address (a second one renews it with
 * the new role and time), its mail in the outbox, its record beside it. Refused for an address already staff.
 */
export async function inviteStaff(
  managerUid: string,
  invitation: { email: string; role: StaffRole },
): Promise<StaffResult> {
  const db = await getDb();
  const email = invitation.email.toLowerCase();
  try {
    return await db.transaction(async (tx): Promise<StaffResult> => {
      const { isManager } = await lockManagers(tx, managerUid);
      if (!isManager) return { ok: false, reason: "not-manager" };
      const staff = await tx.query("select 1 from users where lower(email) = $1 and staff_role is not null", [email]);
      if (staff.length > 0) return { ok: false, reason: "already-staff" };
      const [row] = await tx.query<{ id: string; invitedBy: string }>(
        `insert into staff_invitations (email, role, invited_by, expires_at)
         values ($1, $2, $3, now() + make_interval(days => $4))
         on conflict (lower(email)) where accepted_at is null
         do update set role = excluded.role, invited_by = excluded.invited_by, created_at = now(),
           expires_at = excluded.expires_at
         returning id, (select ${userNameSql("users")} from users where uid = $3) as "invitedBy"`,
        [email, invitation.role, managerUid, config.staff.invitationDays],
      );
      await recordStaffChange(tx, {
        staffUid: managerUid,
        kind: "staff-invited",
        subject: email,
        after: role(invitation.role),
      });
      await queueStaffInvitation(tx, { invitationId: row.id, email, role: invitation.role, invitedBy: row.invitedBy });
      return { ok: true };
    });
  } catch (error) {
    // Two managers inviting the same address at once: the key let one in; the other sees it as sent.
    if (isUniqueViolation(error)) return { ok: true };
    throw error;
  }
}

const role = (value: StaffRole) => ({ role: STAFF_ROLE_LABELS[value] });

/** An invitation as its page shows it, open or not; null when there is none with this id. */
export async function findInvitation(id: string) {
  const db = await getDb();
  const [row] = await db.query<{ email: string; role: StaffRole; acceptedAt: Date | null; expired: boolean }>(
    `select email, role, accepted_at as "acceptedAt", expires_at <= now() as expired
     from staff_invitations where id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * Accepts an invitation for the signed-in user: only once, before it runs out, and only for the address it was sent
 * to, verified. The invitation's row lock decides two tabs accepting at once.
 */
export async function acceptInvitation(uid: string, invitationId: string): Promise<StaffResult<{ role: StaffRole }>> {
  const db = await getDb();
  return db.transaction(async (tx): Promise<StaffResult<{ role: StaffRole }>> => {
    const [invitation] = await tx.query<{ email: string; role: StaffRole; accepted: boolean; expired: boolean }>(
      `select email, role, accepted_at is not null as accepted, expires_at <= now() as expired
       from staff_invitations where id = $1 for update`,
      [invitationId],
    );
    if (!invitation) return { ok: false, reason: "not-found" };
    if (invitation.accepted) return { ok: false, reason: "used" };
    if (invitation.expired) return { ok: false, reason: "expired" };
    const [user] = await tx.query<{ email: string | null; verified: boolean | null; role: StaffRole | null }>(
      `select email, email_verified as verified, staff_role as role from users where uid = $1 for update`,
      [uid],
    );
    if (user?.email?.toLowerCase() !== invitation.email.toLowerCase()) return { ok: false, reason: "wrong-address" };
    if (user.verified !== true) return { ok: false, reason: "unverified" };
    if (user.role) return { ok: false, reason: "already-staff" };
    await tx.query("update users set staff_role = $2 where uid = $1", [uid, invitation.role]);
    await tx.query("update staff_invitations set accepted_at = now(), accepted_by = $2 where id = $1", [
      invitationId,
      uid,
    ]);
    await recordStaffChange(tx, {
      staffUid: uid,
      kind: "staff-added",
      subject: invitation.email,
      after: role(invitation.role),
    });
    return { ok: true, role: invitation.role };
  });
}

/**
 * A manager changes a member's role, or removes them (`null`), which ends all their sessions in the same
 * transaction. The last manager cannot demote or remove themselves.
 */
export async function setStaffRole(
  managerUid: string,
  memberUid: string,
  newRole: StaffRole | null,
): Promise<StaffResult> {
  // A claim left on the account (grant-admin) must not undo this change at their next request.
  await clearStaffClaim(memberUid);
  const db = await getDb();
  let forgetSessions = () => {};
  const result = await db.transaction(async (tx): Promise<StaffResult> => {
    const { isManager, managerCount } = await lockManagers(tx, managerUid);
    if (!isManager) return { ok: false, reason: "not-manager" };
    const [member] = await tx.query<{ role: StaffRole | null; email: string | null }>(
      "select staff_role as role, email from users where uid = $1 for update",
      [memberUid],
    );
    if (!member?.role) return { ok: false, reason: "not-found" };
    if (member.role === newRole) return { ok: true };
    if (member.role === "manager" && managerCount === 1) return { ok: false, reason: "last-manager" };
    await tx.query("update users set staff_role = $2 where uid = $1", [memberUid, newRole]);
    if (!newRole) forgetSessions = await endAllSessionsIn(tx, memberUid);
    await recordStaffChange(tx, {
      staffUid: managerUid,
      kind: newRole ? "staff-role-changed" : "staff-removed",
      subject: member.email ?? memberUid,
      before: role(member.role),
      after: newRole ? role(newRole) : undefined,
    });
    return { ok: true };
  });
  forgetSessions();
  return result;
}
