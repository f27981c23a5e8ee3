import { describe, expect, it } from "vitest";
import { clearHits, minutesUntilAllowed, recordHits, type RateLimit } from "~/models/rate-limits.server";
import { getDb } from "~/services/db.server";

const limit = (key: string, max = 3, windowMinutes = 15): RateLimit => ({ bucket: "test", key, max, windowMinutes });

async function hit(times: number, limits: RateLimit[]) {
  for (let i = 0; i < times; i++) await recordHits(limits);
}

describe("rate limits", () => {
  it("allows up to the maximum, then says how long to wait", async () => {
    const one = limit("a@example.com");
    await hit(2, [one]);
    expect(await minutesUntilAllowed([one])).toBe(0);
    await hit(1, [one]);
    expect(await minutesUntilAllowed([one])).toBe(15);
    expect(await minutesUntilAllowed([limit("b@example.com")])).toBe(0);
  });

  it("waits for the slowest of several limits", async () => {
    const short = limit("short", 1, 5);
    const long = limit("long", 1, 60);
    await hit(1, [short, long]);
    expect(await minutesUntilAllowed([short])).toBe(5);
    expect(await minutesUntilAllowed([short, long])).toBe(60);
  });

  it("forgets hits older than the window, and hits that are cleared", async () => {
    const old = limit("old@example.com");
    await hit(3, [old]);
    const db = await getDb();
    await db.query("update rate_limit_hits set at = now() - interval '16 minutes' where key = $1", [old.key]);
    expect(await minutesUntilAllowed([old])).toBe(0);
    const cleared = limit("cleared@example.com");
    await hit(3, [cleared]);
    await clearHits([cleared]);
    expect(await minutesUntilAllowed([cleared])).toBe(0);
  });
});
