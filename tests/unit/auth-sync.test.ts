import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// The sign-in sync (docs/operations.md, "Sign-in sync"): each sign-in is POSTed to AUTH_SYNC_URL with the sign-in's ID token,
// each sign-out DELETEd, through the outbox, so the receiver never slows a sign-in down.

type Call = { method: string; authorization?: string; body: { uid: string; session: string } };
const calls: Call[] = [];
let answer = 204;
const receiver = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    calls.push({ method: request.method!, authorization: request.headers.authorization, body: JSON.parse(body) });
    response.writeHead(answer).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const syncUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sessions`;
process.env.AUTH_SYNC_URL = syncUrl;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const auth = vi.hoisted(() => ({ verifyIdToken: vi.fn(), getUser: vi.fn() }));
vi.mock("firebase-admin/auth", () => ({ getAuth: () => auth }));

// Imported once AUTH_SYNC_URL is set, which the configuration reads when it loads.
const [{ signInWithGoogle }, { deliverDueMessages }, { getDb }, { logger }, { sessionSetCookie }, { signOut }] =
  await Promise.all([
    import("~/models/accounts.server"),
    import("~/models/outbox-worker.server"),
    import("~/services/db.server"),
    import("~/services/logger.server"),
    import("~/http/session-cookie.server"),
    import("~/http/viewer.server"),
  ]);

const mailer = vi.fn();
const sendDue = async () => {
  while ((await deliverDueMessages(mailer)) > 0);
};

/** Signs in as /auth/google does; answers the request of that browser. */
async function signIn(uid: string) {
  auth.verifyIdToken.mockResolvedValueOnce({ uid, email: `${uid}@example.com`, auth_time: Date.now() / 1000 });
  const result = await signInWithGoogle(`id-token-of-${uid}`, false);
  if (!result.ok) throw new Error("sign-in failed");
  const cookie = (await sessionSetCookie(result.session)).split(";")[0];
  return new Request("http://localhost/logout", { method: "POST", headers: { Cookie: cookie } });
}

async function syncRows(uid: string) {
  const db = await getDb();
  return db.query<{ status: string; payload: Record<string, unknown>; attempts: number }>(
    "select status, payload, attempts from outbox where kind = 'auth-sync' and payload->>'uid' = $1 order by created_at",
    [uid],
  );
}

beforeEach(() => {
  calls.length = 0;
  answer = 204;
});

describe("the sign-in sync", () => {
  it("POSTs a sign-in with its ID token, and DELETEs the same session at sign-out, only once the worker runs", async () => {
    const browser = await signIn("ann");
    expect(calls).toEqual([]);
    await sendDue();
    expect(calls).toEqual([
      { method: "POST", authorization: "Bearer id-token-of-ann", body: { uid: "ann", session: expect.any(String) } },
    ]);
    // The ID token is not kept once it was sent.
    expect((await syncRows("ann"))[0]).toMatchObject({ status: "sent", payload: { uid: "ann", method: "POST" } });
    expect((await syncRows("ann"))[0].payload).not.toHaveProperty("idToken");
    await signOut(browser);
    await sendDue();
    expect(calls[1]).toEqual({ method: "DELETE", authorization: undefined, body: calls[0].body });
    expect(mailer).not.toHaveBeenCalled();
  });

  it("names each session apart, and by nothing that is its cookie", async () => {
    const first = await signIn("bo");
    await signIn("bo");
    await sendDue();
    const [one, two] = calls.map((call) => call.body.session);
    expect(one).toMatch(/^[\w-]{43}$/);
    expect(two).not.toBe(one);
    expect(first.headers.get("Cookie")).not.toContain(one);
  });

  it("tries again while the receiver is down, and gives up on a refusal", async () => {
    answer = 503;
    await signIn("cy");
    await sendDue();
    expect(await syncRows("cy")).toMatchObject([{ status: "pending", attempts: 1 }]);
    answer = 401;
    const gaveUp = vi.spyOn(logger, "error").mockImplementation(() => {});
    await signIn("di");
    await sendDue();
    expect(await syncRows("di")).toMatchObject([{ status: "failed", attempts: 1 }]);
    expect((await syncRows("di"))[0].payload).not.toHaveProperty("idToken");
    expect(gaveUp).toHaveBeenCalledWith(
      expect.objectContaining({ kind: "auth-sync", error: expect.stringMatching(/^(DELETE|POST answered 401)/) }),
      "Gave up an outbox message",
    );
    gaveUp.mockRestore();
  });

  it("sends a sign-out's DELETE only after its sign-in's POST, when the POST failed while the sign-out was made", async () => {
    const browser = await signIn("fay");
    const db = await getDb();
    // The POST is being sent (leased) at the moment of the sign-out, so it cannot be withdrawn; then that try fails.
    await db.query("update outbox set locked_until = now() + interval '1 minute' where payload->>'uid' = 'fay'");
    await signOut(browser);
    await db.query(
      `update outbox set locked_until = null, attempts = 1, due_at = now() + interval '30 seconds'
       where payload->>'uid' = 'fay' and payload->>'method' = 'POST'`,
    );
    await sendDue();
    expect(calls).toEqual([]);
    expect((await syncRows("fay")).map((row) => row.status)).toEqual(["pending", "pending"]);
    await db.query("update outbox set due_at = now() where payload->>'uid' = 'fay'");
    await sendDue();
    expect(calls.map((call) => call.method)).toEqual(["POST", "DELETE"]);
  });

  it("announces neither a sign-in nor its sign-out when the session ended before the sign-in was sent", async () => {
    const browser = await signIn("ed");
    await signOut(browser);
    await sendDue();
    expect(calls.filter((call) => call.body.uid === "ed")).toEqual([]);
    expect(await syncRows("ed")).toMatchObject([{ status: "skipped" }]);
  });
});
