import { beforeAll, describe, expect, it, vi } from "vitest";

const auth = vi.hoisted(() => ({
  getUser: vi.fn(async (uid: string) => ({ uid, customClaims: {} })),
  setCustomUserClaims: vi.fn(),
  revokeRefreshTokens: vi.fn(),
}));
vi.mock("firebase-admin/auth", () => ({ getAuth: () => auth }));

const { roleAllows, STAFF_ROLES } = await import("~/domain/staff-roles");
const { acceptInvitation, inviteStaff, listStaff, setStaffRole } = await import("~/models/staff-members.server");
const { listStaffChanges, exportStaffChangesCsv } = await import("~/models/staff-changes.server");
const { applyStaffGrant } = await import("~/models/staff.server");
const { addTicketType } = await import("~/models/ticket-types.server");
const { staffChangeListSchema } = await import("~/schemas/staff-changes");
const { staffFormSchema, INVITE_EMAIL_NOT_ONE } = await import("~/schemas/staff");
const { getDb } = await import("~/services/db.server");
const { addUser } = await import("./fixtures");

const everything = staffChangeListSchema.parse({});

async function staffMember(uid: string, role: string | null, verified = true) {
  await addUser(uid);
  const db = await getDb();
  await db.query("update users set staff_role = $2, email_verified = $3 where uid = $1", [uid, role, verified]);
  return uid;
}

const roleOf = async (uid: string) =>
  (
    await (await getDb()).query<{ role: string | null }>("select staff_role as role from users where uid = $1", [uid])
  )[0].role;
const sessionsOf = async (uid: string) =>
  (await (await getDb()).query("select 1 from sessions where uid = $1", [uid])).length;

describe("the roles and what each may do", () => {
  const table = {
    manager: ["check-in", "sell-at-counter", "manage-bookings", "manage-programme", "manage-staff"],
    "box-office": ["check-in", "sell-at-counter", "manage-bookings"],
    door: ["check-in"],
  } as const;
  const permissions = ["check-in", "sell-at-counter", "manage-bookings", "manage-programme", "manage-staff"] as const;

  it.each(STAFF_ROLES)("%s may do exactly what the table says", (role) => {
    for (const permission of permissions)
      expect(roleAllows(role, permission), `${role} ${permission}`).toBe(
        (table[role] as readonly string[]).includes(permission),
      );
  });

  it("someone without a role may do nothing", () => {
    for (const permission of permissions) expect(roleAllows(null, permission)).toBe(false);
  });
});

describe("the Staff page's form", () => {
  it("refuses an address that is not one mailbox, with words", () => {
    for (const email of ["a@example.com, b@example.com", "Ann <ann@example.com>", "ann"]) {
      const parsed = staffFormSchema.safeParse({ intent: "invite", email, role: "door" });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toBe(INVITE_EMAIL_NOT_ONE);
    }
  });
});

describe("invitations", () => {
  beforeAll(async () => {
    await staffMember("boss", "manager");
  });

  it("makes the invited address staff with the role picked, once, and records both", async () => {
    expect(await inviteStaff("boss", { email: "Door.Person@example.com", role: "door" })).toEqual({ ok: true });
    const { invitations } = await listStaff();
    const invitation = invitations.find((row) => row.email === "door.person@example.com")!;
    expect(invitation.role).toBe("door");
    const db = await getDb();
    const [mail] = await db.query<{ recipient: string }>(
      "select recipient from outbox where kind = 'staff-invitation' order by created_at desc limit 1",
    );
    expect(mail.recipient).toBe("door.person@example.com");

    await staffMember("door-person", null);
    await db.query("update users set email = 'door.person@example.com' where uid = 'door-person'");
    expect(await acceptInvitation("door-person", invitation.id)).toEqual({ ok: true, role: "door" });
    expect(await roleOf("door-person")).toBe("door");
    expect(await acceptInvitation("door-person", invitation.id)).toEqual({ ok: false, reason: "used" });

    const { changes } = await listStaffChanges(everything);
    expect(changes.map((change) => [change.kind, change.subject])).toEqual(
      expect.arrayContaining([
        ["staff-invited", "door.person@example.com"],
        ["staff-added", "door.person@example.com"],
      ]),
    );
  });

  it("refuses an address already staff, and changes nothing", async () => {
    await staffMember("already", "box-office");
    expect(await inviteStaff("boss", { email: "already@example.com", role: "door" })).toEqual({
      ok: false,
      reason: "already-staff",
    });
    expect((await listStaff()).invitations.some((row) => row.email === "already@example.com")).toBe(false);
  });

  it("is accepted only by its own address, verified", async () => {
    await inviteStaff("boss", { email: "someone@example.com", role: "box-office" });
    const { id } = (await listStaff()).invitations.find((row) => row.email === "someone@example.com")!;
    await staffMember("other", null);
    expect(await acceptInvitation("other", id)).toEqual({ ok: false, reason: "wrong-address" });
    await staffMember("someone", null, false);
    expect(await acceptInvitation("someone", id)).toEqual({ ok: false, reason: "unverified" });
    expect(await roleOf("someone")).toBeNull();
  });

  it("cannot be sent by someone who is no longer a manager", async () => {
    await staffMember("was-boss", "door");
    expect(await inviteStaff("was-boss", { email: "x@example.com", role: "manager" })).toEqual({
      ok: false,
      reason: "not-manager",
    });
  });
});

describe("changing roles and removing staff", () => {
  it("keeps the last manager: they cannot demote or remove themselves", async () => {
    const db = await getDb();
    await db.query("update users set staff_role = null where staff_role = 'manager'");
    await staffMember("only-boss", "manager");
    expect(await setStaffRole("only-boss", "only-boss", "door")).toEqual({ ok: false, reason: "last-manager" });
    expect(await setStaffRole("only-boss", "only-boss", null)).toEqual({ ok: false, reason: "last-manager" });
    expect(await roleOf("only-boss")).toBe("manager");
    await staffMember("second-boss", "manager");
    expect(await setStaffRole("second-boss", "only-boss", "box-office")).toEqual({ ok: true });
    expect(await roleOf("only-boss")).toBe("box-office");
  });

  it("ends every session of a member removed, in the same transaction, and records who did it", async () => {
    await staffMember("leaving", "box-office");
    const db = await getDb();
    await db.query(
      `insert into sessions (id_hash, uid, signed_in_at, expires_at) values ('h1', 'leaving', now(), now() + interval '1 day'),
       ('h2', 'leaving', now(), now() + interval '1 day')`,
    );
    expect(await setStaffRole("second-boss", "leaving", null)).toEqual({ ok: true });
    expect(await roleOf("leaving")).toBeNull();
    expect(await sessionsOf("leaving")).toBe(0);
    const { changes } = await listStaffChanges({ ...everything, staff: "second-boss", kind: "staff-removed" });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ subject: "leaving@example.com", before: { role: "Box office" }, after: null });
  });
});

describe("the record of changes", () => {
  it("writes a price change with who, what, before and after, filters it, and exports it", async () => {
    await staffMember("pricer", "manager");
    expect(
      await addTicketType("pricer", { name: "Night Owl", rule: "After 10 pm", priceCents: 850, maxAge: null }),
    ).toEqual({
      ok: true,
    });
    const { changes, people } = await listStaffChanges({ ...everything, staff: "pricer" });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: "ticket-type-added", subject: "Night Owl", staffName: "pricer" });
    expect(changes[0].after).toMatchObject({ name: "Night Owl", price: "8.50" });
    expect(people.map((person) => person.uid)).toContain("pricer");
    const csv = await exportStaffChangesCsv({ ...everything, staff: "pricer" });
    expect(csv).toContain("pricer,Ticket type added,Night Owl");
    const otherDay = await listStaffChanges({ ...everything, staff: "pricer", day: "2001-01-01" });
    expect(otherDay.total).toBe(0);
  });

  it("writes nothing when the change itself is refused", async () => {
    const before = (await listStaffChanges(everything)).total;
    expect(await addTicketType("pricer", { name: "student", rule: "", priceCents: 1, maxAge: null })).toEqual({
      ok: false,
      reason: "name-taken",
    });
    expect((await listStaffChanges(everything)).total).toBe(before);
  });

  it("carries out grant-admin's claim once: a manager, recorded as done by the site", async () => {
    await staffMember("granted", null);
    expect(await applyStaffGrant("granted", true)).toBe("manager");
    const { changes } = await listStaffChanges({ ...everything, kind: "staff-added" });
    expect(changes.find((change) => change.subject === "granted@example.com")?.staffUid).toBeNull();
  });
});
