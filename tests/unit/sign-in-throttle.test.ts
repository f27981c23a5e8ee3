import { describe, expect, it } from "vitest";
import {
  clearSignInFailures,
  isSignInThrottled,
  MAX_FAILURES_PER_CLIENT,
  MAX_FAILURES_PER_EMAIL,
  recordSignInFailure,
} from "~/models/sign-in-throttle.server";
import { getDb } from "~/services/db.server";

async function fail(times: number, email: string, client: string | null) {
  for (let i = 0; i < times; i++) await recordSignInFailure({ email, client });
}

describe("sign-in throttle", () => {
  it("stops an email after five failures and frees it after a correct password", async () => {
    const attempt = { email: "victim@example.com", client: null };
    await fail(MAX_FAILURES_PER_EMAIL - 1, attempt.email, null);
    expect(await isSignInThrottled(attempt)).toBe(false);
    await fail(1, attempt.email, null);
    expect(await isSignInThrottled(attempt)).toBe(true);
    expect(await isSignInThrottled({ email: "other@example.com", client: null })).toBe(false);
    await clearSignInFailures(attempt.email);
    expect(await isSignInThrottled(attempt)).toBe(false);
  });

  it("stops a client that guesses across many emails", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT; i++) await fail(1, `guess${i}@example.com`, "203.0.113.9");
    expect(await isSignInThrottled({ email: "fresh@example.com", client: "203.0.113.9" })).toBe(true);
    expect(await isSignInThrottled({ email: "fresh@example.com", client: "198.51.100.1" })).toBe(false);
    expect(await isSignInThrottled({ email: "fresh@example.com", client: null })).toBe(false);
  });

  it("forgets failures older than the window", async () => {
    await fail(MAX_FAILURES_PER_EMAIL, "old@example.com", null);
    const db = await getDb();
    await db.query("update sign_in_failures set failed_at = now() - interval '16 minutes' where email = $1", [
      "old@example.com",
    ]);
    expect(await isSignInThrottled({ email: "old@example.com", client: null })).toBe(false);
  });
});
