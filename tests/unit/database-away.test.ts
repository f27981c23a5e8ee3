import { describe, expect, it } from "vitest";
import { isConnectionLost } from "~/services/db.server";

// What marks PostgreSQL away (the site then answers 503 until a query succeeds again), and what does not.
describe("isConnectionLost", () => {
  const failure = (code: string, message = "failed") => Object.assign(new Error(message), { code });

  it("knows a database server that is away: shut down, starting up, refused, reset, cut off", () => {
    for (const code of ["57P01", "57P03", "08006", "08001", "ECONNREFUSED", "ECONNRESET"])
      expect(isConnectionLost(failure(code)), code).toBe(true);
    expect(isConnectionLost(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves a query that failed for its own reasons to the caller", () => {
    for (const code of ["23505", "23503", "40001", "40P01", "22P02", "42P01"])
      expect(isConnectionLost(failure(code)), code).toBe(false);
    expect(isConnectionLost(new Error("syntax error"))).toBe(false);
    // A pool that is busy is not a database that is away.
    expect(isConnectionLost(new Error("timeout exceeded when trying to connect"))).toBe(false);
    expect(isConnectionLost(null)).toBe(false);
  });
});
