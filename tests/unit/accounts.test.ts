import { beforeEach, describe, expect, it, vi } from "vitest";

const identity = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signUpWithPassword: vi.fn(),
  signInWithEmailLink: vi.fn(),
}));
vi.mock("~/services/identity-toolkit.server", () => identity);
const provider = vi.hoisted(() => ({
  // What the provider did, in order: a password ended, a link used.
  steps: [] as string[],
  // The account whose password was set before its address was verified, if any.
  strangerUid: null as string | null,
}));
vi.mock("~/services/firebase-admin.server", () => ({
  isAuthError: () => false,
  checksBrowserTokens: () => true,
  verifyRecentSignIn: vi.fn(async (idToken: string) => ({
    uid: idToken,
    email: `${idToken}@example.com`,
    auth_time: Math.floor(Date.now() / 1000),
  })),
  endPasswordSetBeforeVerification: vi.fn(async (email: string) => {
    provider.steps.push(`end password of ${email}`);
    return provider.strangerUid;
  }),
}));
vi.mock("~/models/staff.server", () => ({ staffGrantAtSignIn: vi.fn(() => undefined), applyStaffGrant: vi.fn() }));

const { registerAccount, requestPasswordReset, requestSignInLink, signInWithEmail, signInWithLink } =
  await import("~/models/accounts.server");
const { getDb } = await import("~/services/db.server");
const { signInLinkProof } = await import("~/services/sign-in-links.server");

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
  identity.signInWithEmailLink.mockImplementation(async ({ email }: { email: string }) => {
    provider.steps.push(`link sign-in of ${email}`);
    return { ok: true, value: { idToken: "boss", localId: "boss" } };
  });
  provider.steps = [];
  provider.strangerUid = null;
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
      expect(await registerAccount({ ...newcomer, email: "ann@example.com" }, `10.1.0.${i}`)).toMatchObject({
        ok: true,
      });
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

describe("signing up", () => {
  it("signs the new account in, its address still to be confirmed, with the confirmation mail queued", async () => {
    identity.signUpWithPassword.mockResolvedValueOnce({ ok: true, value: { idToken: "nora", localId: "nora" } });
    const result = await registerAccount(
      { fullName: "Nora Newcomer", email: "nora@example.com", password: "Secret123" },
      "10.3.0.1",
    );
    expect(result).toMatchObject({ ok: true, signedIn: { user: { uid: "nora", email: "nora@example.com" } } });
    const db = await getDb();
    const sessions = await db.query<{ uid: string }>("select uid from sessions where uid = 'nora'");
    expect(sessions).toEqual([{ uid: "nora" }]);
    const [user] = await db.query<{ verified: boolean }>(
      "select email_verified as verified from users where uid = 'nora'",
    );
    expect(user.verified).toBe(false);
    expect(await queuedTo("email-verification", "nora@example.com")).toBe(1);
  });
});

/** A device that never signed in to the account asked about, at `client`. */
const stranger = (client: string) => ({ client, knownDevice: false });
/** A device the account has signed in from before, at `client`. */
const ownDevice = (client: string) => ({ client, knownDevice: true });

/** How many mails of a kind to one address wait in the outbox. */
async function queuedTo(kind: string, email: string) {
  const db = await getDb();
  const [{ count }] = await db.query<{ count: number }>(
    "select count(*)::int as count from outbox where kind = $1 and recipient = $2",
    [kind, email],
  );
  return count;
}

describe("password reset limits", () => {
  it("cannot be used by strangers to stop the owner's mail from her own device, nor to flood her inbox", async () => {
    const owner = "alice@example.com";
    for (let i = 0; i < 20; i++)
      expect(await requestPasswordReset(owner, stranger(`203.0.113.${i % 7}`))).toEqual({ ok: true });
    expect(await queuedTo("password-reset", owner)).toBe(3);
    // Past the cap the answer is the same; only no mail goes.
    expect(await requestPasswordReset(owner, stranger(HOME))).toEqual({ ok: true });
    expect(await queuedTo("password-reset", owner)).toBe(3);
    expect(await requestPasswordReset(owner, ownDevice(HOME))).toEqual({ ok: true });
    expect(await queuedTo("password-reset", owner)).toBe(4);
  });

  it("never passes an inbox's cap when many ask for it at the same moment", async () => {
    const owner = "crowded@example.com";
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => requestPasswordReset(owner, stranger(`198.51.100.${i}`))),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(await queuedTo("password-reset", owner)).toBe(3);
  });

  it("send one person a handful of mails an hour at most, her own devices' asks included", async () => {
    const owner = "busy@example.com";
    for (let i = 0; i < 3; i++) await requestPasswordReset(owner, stranger(`10.4.0.${i}`));
    for (let i = 0; i < 5; i++)
      expect(await requestPasswordReset(owner, ownDevice(`10.4.1.${i}`))).toEqual({ ok: true });
    expect(await queuedTo("password-reset", owner)).toBe(6);
  });

  it("allow three asks per email and client an hour, and ten per client", async () => {
    const before = await queued("password-reset");
    for (let i = 0; i < 3; i++)
      expect(await requestPasswordReset("typo@example.com", stranger("10.3.0.1"))).toEqual({ ok: true });
    expect(await requestPasswordReset("typo@example.com", ownDevice("10.3.0.1"))).toEqual({
      ok: false,
      reason: "throttled",
      waitMinutes: 60,
    });
    for (let i = 0; i < 7; i++) await requestPasswordReset(`someone${i}@example.com`, stranger("10.3.0.1"));
    expect(await requestPasswordReset("another@example.com", stranger("10.3.0.1"))).toMatchObject({
      reason: "throttled",
    });
    expect(await requestPasswordReset("another@example.com", stranger("10.3.0.2"))).toEqual({ ok: true });
    expect((await queued("password-reset")) - before).toBe(11);
  });
});

describe("sign-in link limits", () => {
  it("are the reset mails' limits, counted apart from them", async () => {
    for (let i = 0; i < 3; i++) await requestPasswordReset("links@example.com", stranger("10.6.0.1"));
    for (let i = 0; i < 3; i++)
      expect(await requestSignInLink("links@example.com", "/my-bookings", stranger("10.6.0.1"))).toEqual({
        ok: true,
      });
    expect(await requestSignInLink("links@example.com", "/my-bookings", stranger("10.6.0.1"))).toEqual({
      ok: false,
      reason: "throttled",
      waitMinutes: 60,
    });
    expect(await queuedTo("sign-in-link", "links@example.com")).toBe(3);
  });

  it("cannot be used by strangers to stop the owner's link from her own device", async () => {
    const owner = "linked@example.com";
    for (let i = 0; i < 20; i++)
      expect(await requestSignInLink(owner, "/", stranger(`203.0.113.${i % 7}`))).toEqual({ ok: true });
    expect(await requestSignInLink(owner, "/", stranger(HOME))).toEqual({ ok: true });
    expect(await queuedTo("sign-in-link", owner)).toBe(3);
    expect(await requestSignInLink(owner, "/", ownDevice(HOME))).toEqual({ ok: true });
    expect(await queuedTo("sign-in-link", owner)).toBe(4);
  });
});

describe("signing in with an emailed link", () => {
  const BOSS = "boss@example.com";
  const sessionsOf = async (uid: string) =>
    (await (await getDb()).query("select 1 from sessions where uid = $1", [uid])).length;

  it("first ends a password set before the address was verified, and that account's sessions", async () => {
    // Someone registered the boss's address with a password of their own and signed in with it.
    identity.signInWithPassword.mockResolvedValueOnce({ ok: true, value: { idToken: "boss", localId: "boss" } });
    expect(await signInWithEmail({ email: BOSS, password: "theirs-123", remember: false }, ATTACKER)).toMatchObject({
      ok: true,
    });
    expect(await sessionsOf("boss")).toBe(1);
    provider.strangerUid = "boss";

    const oobCode = "code-mailed-to-boss";
    const result = await signInWithLink({
      email: BOSS,
      oobCode,
      proof: signInLinkProof(BOSS, oobCode),
      remember: false,
    });
    expect(result).toMatchObject({ ok: true, passwordEnded: true });
    expect(provider.steps).toEqual([`end password of ${BOSS}`, `link sign-in of ${BOSS}`]);
    // The stranger's session is gone; only the one the link opened is left.
    expect(await sessionsOf("boss")).toBe(1);
  });

  it("ends no password for a link without the site's proof that it was mailed to this address", async () => {
    provider.strangerUid = "boss";
    const oobCode = "code-mailed-to-someone-else";
    const proofForAnother = signInLinkProof("someone@example.com", oobCode);
    for (const proof of [undefined, "", proofForAnother, `${signInLinkProof(BOSS, oobCode)}x`])
      expect(await signInWithLink({ email: BOSS, oobCode, proof, remember: false })).toMatchObject({
        ok: true,
        passwordEnded: false,
      });
    expect(provider.steps.filter((step) => step.startsWith("end password"))).toEqual([]);
  });

  it("takes the proof of an address in any case, as the provider compares addresses", async () => {
    const oobCode = "code-mailed-to-boss";
    await signInWithLink({
      email: BOSS,
      oobCode,
      proof: signInLinkProof("Boss@Example.com", oobCode),
      remember: false,
    });
    expect(provider.steps).toEqual([`end password of ${BOSS}`, `link sign-in of ${BOSS}`]);
  });
});
