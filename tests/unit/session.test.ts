import { beforeEach, describe, expect, it, vi } from "vitest";

const auth = vi.hoisted(() => ({
  verifyIdToken: vi.fn(),
  createSessionCookie: vi.fn(),
  verifySessionCookie: vi.fn(),
  revokeRefreshTokens: vi.fn(),
  getUser: vi.fn(),
  setCustomUserClaims: vi.fn(),
}));
vi.mock("~/services/firebase-admin.server", () => ({
  firebaseAuth: () => auth,
  isAuthError: (error: { code?: string }) => String(error?.code ?? "").startsWith("auth/"),
}));

const { createSession, sessionCookie } = await import("~/services/session-cookie.server");
const { getViewer, requireStaff, requireUser, signOut } = await import("~/http/viewer.server");
const { findUser } = await import("~/models/users.server");

const now = () => Math.floor(Date.now() / 1000);
const token = (uid: string, extra: Record<string, unknown> = {}) => ({
  uid,
  email: `${uid}@example.com`,
  name: `User ${uid}`,
  auth_time: now(),
  ...extra,
});

async function signedInRequest(uid: string, url = "http://localhost/movies") {
  auth.verifyIdToken.mockResolvedValueOnce(token(uid));
  auth.createSessionCookie.mockResolvedValueOnce(`firebase-session-${uid}`);
  const { setCookie: cookie } = await createSession(`id-token-${uid}`, false);
  return new Request(url, { headers: { Cookie: cookie.split(";")[0] } });
}

beforeEach(() => {
  vi.clearAllMocks();
  auth.verifySessionCookie.mockImplementation(async (cookie: string) => token(cookie.replace("firebase-session-", "")));
});

describe("session cookie", () => {
  it("is httpOnly and SameSite=Lax, and lasts 14 days only with remember me", async () => {
    auth.verifyIdToken.mockResolvedValue(token("u1"));
    auth.createSessionCookie.mockResolvedValue("firebase-session-u1");
    const remembered = (await createSession("t", true)).setCookie;
    expect(remembered).toMatch(/HttpOnly/);
    expect(remembered).toMatch(/SameSite=Lax/);
    expect(remembered).toMatch(/Max-Age=1209600/);
    expect(auth.createSessionCookie).toHaveBeenLastCalledWith("t", { expiresIn: 14 * 24 * 3600 * 1000 });
    const browserSession = (await createSession("t", false)).setCookie;
    expect(browserSession).not.toMatch(/Max-Age|Expires/);
    expect(browserSession).toMatch(/HttpOnly/);
  });

  it("is Secure when the site runs behind HTTPS", async () => {
    vi.resetModules();
    vi.stubEnv("SECURE_COOKIES", "true");
    const secure = await import("~/services/session-cookie.server");
    expect(await secure.sessionCookie.serialize("x")).toMatch(/Secure/);
    vi.unstubAllEnvs();
    expect(await sessionCookie.serialize("x")).not.toMatch(/Secure/);
  });

  it("refuses a sign-in that is not recent", async () => {
    auth.verifyIdToken.mockResolvedValue(token("old", { auth_time: now() - 3600 }));
    await expect(createSession("t", false)).rejects.toThrow();
    expect(auth.createSessionCookie).not.toHaveBeenCalled();
  });
});

describe("getViewer", () => {
  it("verifies the session with the revocation check and mirrors the user", async () => {
    const request = await signedInRequest("alice");
    expect(await getViewer(request)).toMatchObject({ uid: "alice", name: "User alice", isStaff: false });
    expect(auth.verifySessionCookie).toHaveBeenCalledWith("firebase-session-alice", true);
    expect(await findUser("alice")).toMatchObject({ email: "alice@example.com" });
  });

  it("treats a revoked or expired session as signed out", async () => {
    const request = await signedInRequest("bob");
    auth.verifySessionCookie.mockRejectedValueOnce(
      Object.assign(new Error("revoked"), { code: "auth/session-cookie-revoked" }),
    );
    expect(await getViewer(request)).toBeNull();
    await expect(requireUser(request)).rejects.toMatchObject({ status: 302 });
  });

  it("ignores a forged cookie without asking Firebase", async () => {
    const request = new Request("http://localhost/", { headers: { Cookie: "__session=forged-value" } });
    expect(await getViewer(request)).toBeNull();
    expect(auth.verifySessionCookie).not.toHaveBeenCalled();
  });

  it("sends a visitor to sign in with the page to come back to", async () => {
    const response = await requireUser(new Request("http://localhost/movies?genre=Drama")).catch((r: Response) => r);
    expect((response as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fmovies%3Fgenre%3DDrama");
  });
});

describe("requireStaff", () => {
  it("reads the staff right live, so one taken away counts at once", async () => {
    const request = await signedInRequest("carol", "http://localhost/admin");
    auth.getUser.mockResolvedValueOnce({ customClaims: { admin: true } });
    await expect(requireStaff(request)).resolves.toMatchObject({ uid: "carol", isStaff: true });
    expect((await findUser("carol"))?.isStaff).toBe(true);

    const later = new Request("http://localhost/admin", { headers: request.headers });
    auth.getUser.mockResolvedValueOnce({ customClaims: { admin: false } });
    await expect(requireStaff(later)).rejects.toMatchObject({ status: 403 });
    expect((await findUser("carol"))?.isStaff).toBe(false);
  });
});

describe("signOut", () => {
  it("revokes the Firebase session and clears the cookie", async () => {
    const request = await signedInRequest("dave");
    const cleared = await signOut(request);
    expect(auth.revokeRefreshTokens).toHaveBeenCalledWith("dave");
    expect(cleared).toMatch(/__session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
  });
});
