import { sql } from "kysely";
import { config } from "~/config.server";
import { STAFF_ROLE_LABELS, type StaffRole } from "~/domain/staff-roles";
import { getDb, isUniqueViolation, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
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
  const db = typed(await getDb());
  const name = sql.raw<string>(userNameSql("users"));
  const members = await db
    .selectFrom("users")
    .select([
      "uid",
      name.as("name"),
      sql<string>`coalesce(email, '')`.as("email"),
      sql<StaffRole>`staff_role`.as("role"),
    ])
    .where("staff_role", "is not", null)
    .orderBy(sql`lower(${name})`)
    .orderBy("uid")
    .execute();
  const invitations = await db
    .selectFrom("staff_invitations as i")
    .innerJoin("users", "users.uid", "i.invited_by")
    .select(["i.id", "i.email", sql<StaffRole>`i.role`.as("role"), name.as("invitedBy"), "i.expires_at as expiresAt"])
    .where("i.accepted_at", "is", null)
    .where("i.expires_at", ">", sql<Date>`now()`)
    .orderBy("i.created_at", "desc")
    .execute();
  return {
    members,
    invitations: invitations.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() })),
  };
}

/** Locks the actor's row and every manager's, and answers whether the actor is (still) a manager. */
async function lockManagers(tx: Queryable, actorUid: string) {
  const db = typed(tx);
  const managers = await db
    .selectFrom("users")
    .select("uid")
    .where((eb) => eb.or([eb("staff_role", "=", sql.lit("manager")), eb("uid", "=", actorUid)]))
    .orderBy("uid")
    .forUpdate()
    .execute();
  const actor = await db
    .selectFrom("users")
    .select("staff_role as role")
    .where("uid", "=", actorUid)
    .executeTakeFirst();
  const { n } = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("staff_role", "=", sql.lit("manager"))
    .executeTakeFirstOrThrow();
  return { isManager: actor?.role === "manager", managerCount: n, locked: managers.length };
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
      const db = typed(tx);
      const staff = await db
        .selectFrom("users")
        .select(sql<number>`1`.as("one"))
        .where(sql<string>`lower(email)`, "=", email)
        .where("staff_role", "is not", null)
        .execute();
      if (staff.length > 0) return { ok: false, reason: "already-staff" };
      const row = await db
        .insertInto("staff_invitations")
        .values({
          email,
          role: invitation.role,
          invited_by: managerUid,
          expires_at: sql<Date>`now() + make_interval(days => ${config.staff.invitationDays})`,
        })
        .onConflict((conflict) =>
          conflict
            .expression(sql`lower(email)`)
            .where("accepted_at", "is", null)
            .doUpdateSet((eb) => ({
              role: eb.ref("excluded.role"),
              invited_by: eb.ref("excluded.invited_by"),
              created_at: sql<Date>`now()`,
              expires_at: eb.ref("excluded.expires_at"),
            })),
        )
        .returning((eb) => [
          "id",
          eb
            .selectFrom("users")
            .select(sql.raw<string>(userNameSql("users")).as("name"))
            .where("uid", "=", managerUid)
            .$asScalar()
            .as("invitedBy"),
        ])
        .executeTakeFirstOrThrow();
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
  const row = await typed(db)
    .selectFrom("staff_invitations")
    .select([
      "email",
      sql<StaffRole>`role`.as("role"),
      "accepted_at as acceptedAt",
      sql<boolean>`expires_at <= now()`.as("expired"),
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Accepts an invitation for the signed-in user: only once, before it runs out, and only for the address it was sent
 * to, verified. The invitation's row lock decides two tabs accepting at once.
 */
export async function acceptInvitation(uid: string, invitationId: string): Promise<StaffResult<{ role: StaffRole }>> {
  const db = await getDb();
  return db.transaction(async (tx): Promise<StaffResult<{ role: StaffRole }>> => {
    const db = typed(tx);
    const invitation = await db
      .selectFrom("staff_invitations")
      .select([
        "email",
        sql<StaffRole>`role`.as("role"),
        sql<boolean>`accepted_at is not null`.as("accepted"),
        sql<boolean>`expires_at <= now()`.as("expired"),
      ])
      .where("id", "=", invitationId)
      .forUpdate()
      .executeTakeFirst();
    if (!invitation) return { ok: false, reason: "not-found" };
    if (invitation.accepted) return { ok: false, reason: "used" };
    if (invitation.expired) return { ok: false, reason: "expired" };
    const user = await db
      .selectFrom("users")
      .select(["email", "email_verified as verified", "staff_role as role"])
      .where("uid", "=", uid)
      .forUpdate()
      .executeTakeFirst();
    if (user?.email?.toLowerCase() !== invitation.email.toLowerCase()) return { ok: false, reason: "wrong-address" };
    if (user.verified !== true) return { ok: false, reason: "unverified" };
    if (user.role) return { ok: false, reason: "already-staff" };
    await db.updateTable("users").set({ staff_role: invitation.role }).where("uid", "=", uid).execute();
    await db
      .updateTable("staff_invitations")
      .set({ accepted_at: sql<Date>`now()`, accepted_by: uid })
      .where("id", "=", invitationId)
      .execute();
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
    const db = typed(tx);
    const member = await db
      .selectFrom("users")
      .select([sql<StaffRole | null>`staff_role`.as("role"), "email"])
      .where("uid", "=", memberUid)
      .forUpdate()
      .executeTakeFirst();
    if (!member?.role) return { ok: false, reason: "not-found" };
    if (member.role === newRole) return { ok: true };
    if (member.role === "manager" && managerCount === 1) return { ok: false, reason: "last-manager" };
    await db.updateTable("users").set({ staff_role: newRole }).where("uid", "=", memberUid).execute();
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
