import type { AppLoadContext } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { keepRetryAfter, limitPosts } from "~/http/post-limits.server";
import { countPost, POST_POLICIES, type LimitedPost } from "~/models/post-limits.server";
import { getDb } from "~/services/db.server";

// Opening and migrating the in-memory database takes a while on a busy machine: not part of any test.
beforeAll(() => getDb());

async function post(times: number, kind: LimitedPost, who: { uid: string | null; client: string }) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await countPost(kind, who));
  return results;
}

describe("limits on booking, payment and check-in posts", () => {
  it("are generous: 30 bookings and 20 payments per customer, 300 check-ins per staff member, in 10 minutes", () => {
    expect(POST_POLICIES).toEqual({
      booking: { windowMinutes: 10, max: { person: 30, client: 120 } },
      payment: { windowMinutes: 10, max: { person: 20, client: 80 } },
      "check-in": { windowMinutes: 10, max: { person: 300, client: 1500 } },
    });
  });

  it("let a customer post up to their limit, then say how long to wait, from any address", async () => {
    const results = await post(30, "booking", { uid: "busy-customer", client: "192.0.2.1" });
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await countPost("booking", { uid: "busy-customer", client: "192.0.2.2" })).toEqual({
      ok: false,
      reason: "throttled",
      waitMinutes: 10,
    });
    // Each kind of post counts apart, and so does every other customer.
    expect(await countPost("payment", { uid: "busy-customer", client: "192.0.2.1" })).toEqual({ ok: true });
    expect(await countPost("booking", { uid: "other-customer", client: "192.0.2.3" })).toEqual({ ok: true });
  });

  it("count everyone behind one address together, past a larger budget", async () => {
    const client = "198.51.100.9";
    for (let customer = 0; customer < 4; customer++) {
      const results = await post(20, "payment", { uid: `shared-${customer}`, client });
      expect(results.every((result) => result.ok)).toBe(true);
    }
    expect(await countPost("payment", { uid: "shared-new", client })).toMatchObject({ ok: false, waitMinutes: 10 });
    expect(await countPost("payment", { uid: null, client })).toMatchObject({ ok: false });
  });

  it("count nothing once refused, so waiting is enough", async () => {
    const who = { uid: "impatient-payer", client: "203.0.113.50" };
    await post(20, "payment", who);
    expect((await post(5, "payment", who)).every((result) => !result.ok)).toBe(true);
    const [{ count }] = await (
      await getDb()
    ).query<{ count: number }>("select count(*)::int as count from rate_limit_hits where key = $1", [who.uid]);
    expect(count).toBe(20);
  });
});

describe("a refused post", () => {
  const context = { clientAddress: "203.0.113.77", requestId: "ab12cd34" } as AppLoadContext;
  const request = () => new Request("http://localhost/movies/1/2031-05-20", { method: "POST" });

  it("is a 429 that says when to try again, in words and in Retry-After", async () => {
    for (let i = 0; i < 120; i++) await limitPosts("booking", request(), context);
    const refusal = await limitPosts("booking", request(), context).then(
      () => null,
      (thrown: Response) => thrown,
    );
    expect(refusal).toBeInstanceOf(Response);
    expect(refusal!.status).toBe(429);
    expect(refusal!.headers.get("Retry-After")).toBe("600");
    expect(await refusal!.text()).toBe(
      "Too many booking attempts in a short time. Please wait 10 minutes and try again.",
    );
  });

  it("keeps its Retry-After through the route's headers, and the parent's headers otherwise", () => {
    const parentHeaders = new Headers({ "Set-Cookie": "toast=1", "X-Parent": "yes" });
    const headers = new Headers(
      keepRetryAfter({
        parentHeaders,
        errorHeaders: new Headers({ "Retry-After": "600" }),
        loaderHeaders: new Headers(),
        actionHeaders: new Headers(),
      }),
    );
    expect(headers.get("Retry-After")).toBe("600");
    expect(headers.get("X-Parent")).toBe("yes");
    const plain = keepRetryAfter({
      parentHeaders,
      errorHeaders: undefined,
      loaderHeaders: new Headers(),
      actionHeaders: new Headers(),
    });
    expect(new Headers(plain).has("Retry-After")).toBe(false);
  });
});
