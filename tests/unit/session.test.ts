import { beforeEach, describe, expect, it, vi } from "vitest";

const auth = vi.hoisted(() => ({
  verifyIdToken: vi.fn(),
  getUser: vi.fn(),
  setCustomUserClaims: vi.fn(),
  revokeRefreshTokens: vi.fn(),
}));
// The provider, behind our own firebase-admin service (which still decides what a recent sign-in is).
vi.mock("firebase-admin/auth", () => ({ getAuth: () => auth }));

const { signInWithGoogle } = await import("~/models/accounts.server");
const { endAllSessions, PROVIDER_RECHECK_MINUTES, SESSION_MEMORY_MS } = await import("~/models/sessions.server");
const { setStaffClaim } = await import("~/models/staff.server");
const { findUser } = await import("~/models/users.server");
const { getDb } = await import("~/services/db.server");
const { runInRequestContext } = await import("~/services/logger.server");
const { sessionCookie, sessionSetCookie, signedInHeaders } = await import("~/http/session-cookie.server");
const { linkAsker } = await import("~/http/known-device.server");
const { getViewer, requireStaff, requireUser, signOut } = await import("~/http/viewer.server");

const now = () => Math.floor(Date.now() / 1000);
const token = (uid: string, extra: Record<string, unknown> = {}) => ({
  uid,
  email: `${uid}@example.com`,
  name: `User ${uid}`,
  auth_time: now(),
  ...extra,
});

/** Signs in through the accounts model, as /auth/google does; answers the Set-Cookie header. */
async function signIn(uid: string, remember = false) {
  auth.verifyIdToken.mockResolvedValueOnce(token(uid));
  const session = await signInWithGoogle(`id-token-${uid}`, remember);
  if (!session.ok) throw new Error(`sign-in of ${uid} failed`);
  return sessionSetCookie(session.session);
}

const requestWith = (setCookie: string, url = "http://localhost/movies") =>
  new Request(url, { headers: { Cookie: setCookie.split(";")[0] } });

async function signedInRequest(uid: string, url?: string) {
  return requestWith(await signIn(uid), url);
}

/** Makes every session look last checked with the provider longer ago than the re-check interval. */
async function makeChecksStale() {
  const db = await getDb();
  await db.query("update sessions set checked_at = now() - make_interval(mins => $1)", [PROVIDER_RECHECK_MINUTES + 1]);
}

const sessionCount = async (uid: string) =>
  (await (await getDb()).query("select 1 from sessions where uid = $1", [uid])).length;

beforeEach(() => {
  vi.clearAllMocks();
  auth.getUser.mockImplementation(async (uid: string) => ({ uid, disabled: false, customClaims: {} }));
});

describe("session cookie", () => {
  it("is httpOnly and SameSite=Lax, and lasts 14 days only with remember me", async () => {
    const remembered = await signIn("u1", true);
    expect(remembered).toMatch(/HttpOnly/);
    expect(remembered).toMatch(/SameSite=Lax/);
    expect(remembered).toMatch(/Max-Age=1209600/);
    const browserSession = await signIn("u1", false);
    expect(browserSession).not.toMatch(/Max-Age|Expires/);
    expect(browserSession).toMatch(/HttpOnly/);
  });

  it("is Secure when the site runs behind HTTPS", async () => {
    vi.resetModules();
    vi.stubEnv("SECURE_COOKIES", "true");
    const secure = await import("~/http/session-cookie.server");
    expect(await secure.sessionCookie.serialize("x")).toMatch(/Secure/);
    vi.unstubAllEnvs();
    expect(await sessionCookie.serialize("x")).not.toMatch(/Secure/);
  });

  it("is refused for a sign-in that is not recent", async () => {
    auth.verifyIdToken.mockResolvedValueOnce(token("old", { auth_time: now() - 3600 }));
    expect(await signInWithGoogle("stale", false)).toMatchObject({ ok: false, reason: "google-failed" });
    expect(await sessionCount("old")).toBe(0);
  });

  it("tells no sign-in sync of the sign-in while AUTH_SYNC_URL is unset", async () => {
    await signIn("unsynced");
    expect(await (await getDb()).query("select kind from outbox")).toEqual([]);
  });

  it("carries a random id of which the database keeps only a hash", async () => {
    const setCookie = await signIn("hashed");
    const sessionId = await sessionCookie.parse(setCookie.split(";")[0]);
    expect(sessionId).toMatch(/^[\w-]{43}$/);
    const [row] = await (await getDb()).query<{ id_hash: string }>("select id_hash from sessions where uid = 'hashed'");
    expect(row.id_hash).not.toContain(sessionId);
  });
});

describe("getViewer", () => {
  it("reads the session and its user from the database, without asking the provider", async () => {
    const request = await signedInRequest("alice");
    expect(await getViewer(request)).toMatchObject({ uid: "alice", name: "User alice", isStaff: false });
    expect(auth.getUser).not.toHaveBeenCalled();
    expect(await findUser("alice")).toMatchObject({ email: "alice@example.com" });
  });

  it("asks the provider again once the last check is older than the re-check interval", async () => {
    const setCookie = await signIn("checked");
    await makeChecksStale();
    expect(await getViewer(requestWith(setCookie))).toMatchObject({ uid: "checked" });
    expect(auth.getUser).toHaveBeenCalledTimes(1);
    expect(await getViewer(requestWith(setCookie))).toMatchObject({ uid: "checked" });
    expect(auth.getUser).toHaveBeenCalledTimes(1);
  });

  it("ends a session revoked at the provider (a password changed elsewhere, say) or of a disabled account", async () => {
    const revoked = await signIn("revoked");
    const disabled = await signIn("disabled");
    await makeChecksStale();
    auth.getUser.mockImplementation(async (uid: string) =>
      uid === "revoked"
        ? { uid, disabled: false, tokensValidAfterTime: new Date(Date.now() + 1000).toUTCString() }
        : { uid, disabled: true },
    );
    expect(await getViewer(requestWith(revoked))).toBeNull();
    expect(await getViewer(requestWith(disabled))).toBeNull();
    expect(await sessionCount("revoked")).toBe(0);
    expect(await sessionCount("disabled")).toBe(0);
    await expect(requireUser(requestWith(revoked))).rejects.toMatchObject({ status: 302 });
  });

  it("ends the session of an account deleted at the provider", async () => {
    const setCookie = await signIn("deleted");
    await makeChecksStale();
    auth.getUser.mockRejectedValueOnce(Object.assign(new Error("gone"), { code: "auth/user-not-found" }));
    expect(await getViewer(requestWith(setCookie))).toBeNull();
    expect(await sessionCount("deleted")).toBe(0);
  });

  it("keeps the session, signed out for now, while the provider cannot be reached", async () => {
    const setCookie = await signIn("outage");
    await makeChecksStale();
    vi.spyOn(console, "error").mockImplementationOnce(() => {});
    auth.getUser.mockRejectedValueOnce(new Error("ECONNREFUSED"));
    expect(await getViewer(requestWith(setCookie))).toBeNull();
    expect(await getViewer(requestWith(setCookie))).toMatchObject({ uid: "outage" });
  });

  it("treats an expired session as signed out", async () => {
    const setCookie = await signIn("expired");
    await (await getDb()).query("update sessions set expires_at = now() - interval '1 second' where uid = 'expired'");
    expect(await getViewer(requestWith(setCookie))).toBeNull();
  });

  it("ignores a forged cookie without asking anyone", async () => {
    const request = new Request("http://localhost/", { headers: { Cookie: "__session=forged-value" } });
    expect(await getViewer(request)).toBeNull();
    const unsigned = new Request("http://localhost/", {
      headers: { Cookie: `__session=${btoa(JSON.stringify("a-guessed-id"))}` },
    });
    expect(await getViewer(unsigned)).toBeNull();
    expect(auth.getUser).not.toHaveBeenCalled();
  });

  it("looks the session up once per request, though Remix gives each loader its own copy of the Request", async () => {
    const setCookie = await signIn("shared");
    const db = await getDb();
    const lookups = vi.spyOn(db, "query");
    const copyOf = (request: Request) => new Request(request.url, { headers: request.headers, signal: request.signal });
    const request = requestWith(setCookie);
    await runInRequestContext({ requestId: "one" }, async () => {
      const [root, page] = await Promise.all([getViewer(copyOf(request)), getViewer(copyOf(request))]);
      expect(root).toMatchObject({ uid: "shared" });
      expect(page).toBe(root);
    });
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
  });

  it("remembers a live session for a second, then reads it again: it may have ended on another instance", async () => {
    const setCookie = await signIn("remembered");
    const db = await getDb();
    const lookups = vi.spyOn(db, "query");
    const start = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(start);
    expect(await getViewer(requestWith(setCookie))).toMatchObject({ uid: "remembered" });
    expect(lookups).toHaveBeenCalledTimes(1);
    // Another instance ends it: this one opens pages with it until its memory runs out, and not after.
    await db.query("delete from sessions where uid = 'remembered'");
    clock.mockReturnValue(start + SESSION_MEMORY_MS - 1);
    expect(await getViewer(requestWith(setCookie))).toMatchObject({ uid: "remembered" });
    expect(lookups).toHaveBeenCalledTimes(2);
    clock.mockReturnValue(start + SESSION_MEMORY_MS);
    expect(await getViewer(requestWith(setCookie))).toBeNull();
    expect(lookups).toHaveBeenCalledTimes(3);
    clock.mockRestore();
    lookups.mockRestore();
  });

  it("forgets a session ended on this instance at once: signed out, or all of a person's sessions ended", async () => {
    const laptop = await signIn("forgotten");
    const phone = await signIn("forgotten");
    expect(await getViewer(requestWith(laptop))).toMatchObject({ uid: "forgotten" });
    expect(await getViewer(requestWith(phone))).toMatchObject({ uid: "forgotten" });
    await signOut(requestWith(laptop));
    expect(await getViewer(requestWith(laptop))).toBeNull();
    expect(await getViewer(requestWith(phone))).toMatchObject({ uid: "forgotten" });
    await endAllSessions("forgotten");
    expect(await getViewer(requestWith(phone))).toBeNull();
  });

  it("stays signed out when the sign-out lands while the provider check is in flight", async () => {
    const setCookie = await signIn("checking");
    await makeChecksStale();
    let answerProvider!: () => void;
    auth.getUser.mockImplementationOnce(
      (uid: string) =>
        new Promise((resolve) => (answerProvider = () => resolve({ uid, disabled: false, customClaims: {} }))),
    );
    const inFlight = getViewer(requestWith(setCookie));
    await vi.waitFor(() => expect(auth.getUser).toHaveBeenCalled());
    await signOut(requestWith(setCookie));
    answerProvider();
    expect(await inFlight).toBeNull();
    expect(await getViewer(requestWith(setCookie))).toBeNull();
    expect(await sessionCount("checking")).toBe(0);
  });

  it("stays signed out when the sign-out lands while the session is being read", async () => {
    const setCookie = await signIn("reading");
    const db = await getDb();
    const query = db.query.bind(db);
    const lookup = vi.spyOn(db, "query").mockImplementationOnce(async (...args: Parameters<typeof query>) => {
      const rows = await query(...args);
      lookup.mockRestore();
      await signOut(requestWith(setCookie));
      return rows;
    });
    await getViewer(requestWith(setCookie));
    expect(await getViewer(requestWith(setCookie))).toBeNull();
  });

  it("never remembers a session past its expiry", async () => {
    const setCookie = await signIn("expiring");
    await (await getDb()).query("update sessions set expires_at = now() + interval '500 ms' where uid = 'expiring'");
    expect(await getViewer(requestWith(setCookie))).toMatchObject({ uid: "expiring" });
    // Sooner than the second a live session is remembered for.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await getViewer(requestWith(setCookie))).toBeNull();
  });

  it("sends a visitor to sign in with the page to come back to", async () => {
    const response = await requireUser(new Request("http://localhost/movies?genre=Drama")).catch((r: Response) => r);
    expect((response as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fmovies%3Fgenre%3DDrama");
  });
});

describe("requireStaff", () => {
  it("reads the staff right live, so one taken away counts at once", async () => {
    const request = await signedInRequest("carol", "http://localhost/admin");
    auth.getUser.mockResolvedValueOnce({ disabled: false, customClaims: { admin: true } });
    await expect(requireStaff(request, "manage-programme")).resolves.toMatchObject({ uid: "carol", isStaff: true });
    expect((await findUser("carol"))?.isStaff).toBe(true);

    const later = new Request("http://localhost/admin", { headers: request.headers });
    auth.getUser.mockResolvedValueOnce({ disabled: false, customClaims: { admin: false } });
    await expect(requireStaff(later, "manage-programme")).rejects.toMatchObject({ status: 403 });
    expect((await findUser("carol"))?.isStaff).toBe(false);
  });

  it("ends the session of a disabled account at once, whatever its claim", async () => {
    const request = await signedInRequest("dora", "http://localhost/admin");
    auth.getUser.mockResolvedValueOnce({ disabled: true, customClaims: { admin: true } });
    await expect(requireStaff(request, "manage-programme")).rejects.toMatchObject({ status: 302 });
    expect(await sessionCount("dora")).toBe(0);
  });

  it("ends a session at once when the person's sign-ins were revoked since (a password reset, say)", async () => {
    const setCookie = await signIn("frank");
    auth.getUser.mockResolvedValue({
      disabled: false,
      customClaims: { admin: true },
      tokensValidAfterTime: new Date(Date.now() + 1000).toUTCString(),
    });
    const refused = await requireStaff(requestWith(setCookie, "http://localhost/admin"), "manage-programme").catch(
      (r: Response) => r,
    );
    expect((refused as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
    expect(await sessionCount("frank")).toBe(0);
  });

  it("asks the provider once per staff request, and refuses with a 503 while it cannot be reached", async () => {
    const setCookie = await signIn("gina");
    await makeChecksStale();
    auth.getUser.mockResolvedValueOnce({ disabled: false, customClaims: { admin: true } });
    await expect(
      requireStaff(requestWith(setCookie, "http://localhost/admin"), "manage-programme"),
    ).resolves.toMatchObject({
      uid: "gina",
    });
    expect(auth.getUser).toHaveBeenCalledTimes(1);
    vi.spyOn(console, "error").mockImplementationOnce(() => {});
    auth.getUser.mockRejectedValueOnce(new Error("ECONNREFUSED"));
    await expect(
      requireStaff(requestWith(setCookie, "http://localhost/admin"), "manage-programme"),
    ).rejects.toMatchObject({
      status: 503,
    });
    expect(await sessionCount("gina")).toBe(1);
  });

  it("ends every session of someone whose staff right is taken away, at the next re-check", async () => {
    const laptop = await signIn("erin");
    const phone = await signIn("erin");
    auth.getUser.mockResolvedValueOnce({ customClaims: { admin: true } });
    await setStaffClaim("erin", false);
    expect(auth.setCustomUserClaims).toHaveBeenCalledWith("erin", { admin: false });
    expect(auth.revokeRefreshTokens).toHaveBeenCalledWith("erin");
    await makeChecksStale();
    auth.getUser.mockImplementation(async (uid: string) => ({
      uid,
      disabled: false,
      tokensValidAfterTime: new Date(Date.now() + 1000).toUTCString(),
    }));
    expect(await getViewer(requestWith(laptop))).toBeNull();
    expect(await getViewer(requestWith(phone))).toBeNull();
  });
});

describe("signOut", () => {
  it("ends this browser's session only, and clears the cookie", async () => {
    const laptop = await signIn("dave");
    const phone = await signIn("dave");
    const cleared = await signOut(requestWith(laptop));
    expect(cleared).toMatch(/__session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await getViewer(requestWith(laptop))).toBeNull();
    expect(await getViewer(requestWith(phone))).toMatchObject({ uid: "dave" });
  });
});

describe("known device cookie", () => {
  const signInOn = async (request: Request, email: string) => {
    const headers = await signedInHeaders(request, { session: { sessionId: "s" }, user: { email } });
    return headers.getSetCookie().find((cookie) => cookie.startsWith("known_device="))!;
  };
  const forgotPassword = (setCookie: string) => requestWith(setCookie, "http://localhost/forgot-password");

  it("is set at sign-in, httpOnly and SameSite=Lax, for a year, and counts for that account's email only", async () => {
    const known = await signInOn(new Request("http://localhost/login"), "Ann@Example.com");
    expect(known).toMatch(/HttpOnly/);
    expect(known).toMatch(/SameSite=Lax/);
    expect(known).toMatch(/Max-Age=31536000/);
    expect(known).not.toContain("example");
    expect(await linkAsker(forgotPassword(known), "10.0.0.1", "ann@example.com")).toEqual({
      client: "10.0.0.1",
      knownDevice: true,
    });
    expect(await linkAsker(forgotPassword(known), "10.0.0.1", "zed@example.com")).toMatchObject({ knownDevice: false });
  });

  it("keeps the other accounts signed in on the browser, and an edited cookie counts for none", async () => {
    const first = await signInOn(new Request("http://localhost/login"), "ann@example.com");
    const both = await signInOn(forgotPassword(first), "zed@example.com");
    for (const email of ["ann@example.com", "zed@example.com"])
      expect(await linkAsker(forgotPassword(both), "10.0.0.1", email)).toMatchObject({ knownDevice: true });
    const [value, signature] = both.split(";")[0].slice("known_device=".length).split(".");
    const edited = `known_device=${value.slice(0, -2)}AA.${signature}`;
    expect(await linkAsker(forgotPassword(edited), "10.0.0.1", "ann@example.com")).toMatchObject({
      knownDevice: false,
    });
  });
});
