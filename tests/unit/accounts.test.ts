import { beforeEach, describe, expect, it, vi } from "vitest";

const identity = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signUpWithPassword: vi.fn(),
}));
vi.mock("~/services/identity-toolkit.server", () => identity);
vi.mock("~/services/firebase-admin.server", () => ({
  isAuthError: () => false,
  verifyRecentSignIn: vi.fn(async (idToken: string) => ({
    uid: idToken,
    email: `${idToken}@example.com`,
    auth_time: Math.floor(Date.now() / 1000),
  })),
}));
vi.mock("~/models/staff.server", () => ({ isStaffAtSignIn: vi.fn(async () => false) }));

const { registerAccount, requestPasswordReset, requestSignInLink, signInWithEmail } =
  await import("~/models/accounts.server");
const { getDb } = await import("~/services/db.server");

/** How many mails of a kind wait in the outbox. */
async function queued(kind: string) {
  const db = await getDb();
  const [{ count }] = await db.query<{ count: number }>("select count(*)::int as count from outbox where kind = $1", [
    kind,
  ]);
  return count;
}

const OWNER = { email: "owner@example.com", password: "Right-pass1", remember: false };
const HOME = "198.51.100.7";
const ATTACKER = "203.0.113.66";

beforeEach(() => {
  vi.clearAllMocks();
  identity.signInWithPassword.mockImplementation(async ({ password }: { password: string }) =>
    password === OWNER.password
      ? { ok: true, value: { idToken: "owner-uid", localId: "owner-uid" } }
      : { ok: false, reason: "invalid-credentials" },
  );
  identity.signUpWithPassword.mockResolvedValue({ ok: true, value: { idToken: "new", localId: "new" } });
});

async function failSignIn(times: number, email: string, client: string) {
  for (let i = 0; i < times; i++) {
    expect(await signInWithEmail({ ...OWNER, email, password: `wrong-${i}` }, client)).toMatchObject({
      ok: false,
      reason: "invalid-credentials",
    });
  }
}

describe("sign-in limits", () => {
  it("stop a client after five failures for one email, even with the right password next", async () => {
    await failSignIn(5, "typo@example.com", HOME);
    expect(await signInWithEmail({ ...OWNER, email: "typo@example.com" }, HOME)).toEqual({
      ok: false,
      reason: "throttled",
      waitMinutes: 15,
    });
    expect(identity.signInWithPassword).toHaveBeenCalledTimes(5);
  });

  it("cannot be used by a stranger to lock the owner out", async () => {
    await failSignIn(5, OWNER.email, ATTACKER);
    expect(await signInWithEmail(OWNER, ATTACKER)).toMatchObject({ ok: false, reason: "throttled" });
    expect(await signInWithEmail(OWNER, HOME)).toMatchObject({
      ok: true,
      session: { sessionId: expect.stringMatching(/^[\w-]{43}$/) },
    });
  });

  it("stop a client guessing across many emails", async () => {
    const guesser = "192.0.2.20";
    for (let i = 0; i < 20; i++) await failSignIn(1, `guess${i}@example.com`, guesser);
    expect(await signInWithEmail({ ...OWNER, email: "fresh@example.com" }, guesser)).toMatchObject({
      reason: "throttled",
    });
    expect(
      await signInWithEmail({ ...OWNER, email: "fresh@example.com", password: "nope" }, "192.0.2.21"),
    ).toMatchObject({
      reason: "invalid-credentials",
    });
  });

  it("stop one email only past a much higher bar, counted across clients", async () => {
    const target = "target@example.com";
    for (let i = 0; i < 25; i++) await failSignIn(4, target, `10.0.${i}.1`);
    expect(await signInWithEmail({ ...OWNER, email: target }, "10.9.9.9")).toMatchObject({ reason: "throttled" });
  });

  it("clear a device's failures once it gives the right password", async () => {
    await failSignIn(4, OWNER.email, "172.16.0.1");
    expect(await signInWithEmail(OWNER, "172.16.0.1")).toMatchObject({ ok: true });
    await failSignIn(4, OWNER.email, "172.16.0.1");
    expect(await signInWithEmail(OWNER, "172.16.0.1")).toMatchObject({ ok: true });
  });
});

describe("sign-up limits", () => {
  const newcomer = { fullName: "Ann Lee", password: "Secret123" };

  it("allow three sign-ups per email an hour, and ten per client", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await registerAccount({ ...newcomer, email: "ann@example.com" }, `10.1.0.${i}`)).toEqual({ ok: true });
    }
    expect(await registerAccount({ ...newcomer, email: "ann@example.com" }, "10.1.0.9")).toEqual({
      ok: false,
      reason: "throttled",
      waitMinutes: 60,
    });
    for (let i = 0; i < 10; i++) await registerAccount({ ...newcomer, email: `bulk${i}@example.com` }, "10.2.0.1");
    expect(await registerAccount({ ...newcomer, email: "bulk-next@example.com" }, "10.2.0.1")).toMatchObject({
      reason: "throttled",
    });
    expect(identity.signUpWithPassword).toHaveBeenCalledTimes(13);
  });
});

describe("password reset limits", () => {
  it("cannot be used by a stranger to stop the owner's reset mails", async () => {
    const before = await queued("password-reset");
    for (let i = 0; i < 30; i++) await requestPasswordReset(OWNER.email, ATTACKER);
    expect(await requestPasswordReset(OWNER.email, ATTACKER)).toEqual({
      ok: false,
      reason: "throttled",
      waitMinutes: 60,
    });
    expect(await requestPasswordReset(OWNER.email, HOME)).toEqual({ ok: true });
    expect((await queued("password-reset")) - before).toBe(4);
  });

  it("allow three mails per email and client an hour, and ten per client", async () => {
    const before = await queued("password-reset");
    for (let i = 0; i < 3; i++)
      expect(await requestPasswordReset("typo@example.com", "10.3.0.1")).toEqual({ ok: true });
    expect(await requestPasswordReset("typo@example.com", "10.3.0.1")).toMatchObject({ reason: "throttled" });
    for (let i = 0; i < 7; i++) await requestPasswordReset(`someone${i}@example.com`, "10.3.0.1");
    expect(await requestPasswordReset("another@example.com", "10.3.0.1")).toMatchObject({ reason: "throttled" });
    expect(await requestPasswordReset("another@example.com", "10.3.0.2")).toEqual({ ok: true });
    expect((await queued("password-reset")) - before).toBe(11);
  });

  it("stop one email's mails only past a much higher ceiling, counted across clients", async () => {
    const before = await queued("password-reset");
    const target = "flooded@example.com";
    for (let i = 0; i < 10; i++) for (let j = 0; j < 2; j++) await requestPasswordReset(target, `10.5.0.${i}`);
    expect(await requestPasswordReset(target, "10.5.1.1")).toMatchObject({ reason: "throttled" });
    expect((await queued("password-reset")) - before).toBe(20);
  });
});

describe("sign-in link limits", () => {
  it("are the reset mails' limits, counted apart from them", async () => {
    const before = await queued("sign-in-link");
    for (let i = 0; i < 3; i++) await requestPasswordReset("links@example.com", "10.6.0.1");
    for (let i = 0; i < 3; i++)
      expect(await requestSignInLink("links@example.com", "/my-bookings", "10.6.0.1")).toEqual({ ok: true });
    expect(await requestSignInLink("links@example.com", "/my-bookings", "10.6.0.1")).toEqual({
      ok: false,
      reason: "throttled",
      waitMinutes: 60,
    });
    expect((await queued("sign-in-link")) - before).toBe(3);
  });
});
