import { describe, expect, it } from "vitest";
import { CHECK_TIMEOUT_MS, checkHealth } from "../../server/health";

const passes = async () => {};
const fails = async () => {
  throw new Error("connect ECONNREFUSED 10.1.2.3:5432");
};
const hangs = () => new Promise<void>(() => {});

describe("the health check", () => {
  it("is healthy when every dependency answers", async () => {
    expect(await checkHealth({ database: passes, identity: passes })).toEqual({
      healthy: true,
      body: { status: "ok", checks: { database: "ok", identity: "ok" } },
    });
  });

  it("fails, naming the dependency but not its error, when one refuses", async () => {
    const result = await checkHealth({ database: fails, identity: passes });
    expect(result).toEqual({
      healthy: false,
      body: { status: "failing", checks: { database: "failing", identity: "ok" } },
    });
    expect(JSON.stringify(result)).not.toContain("10.1.2.3");
  });

  it("fails a dependency that does not answer within the timeout, and does not wait longer", async () => {
    const started = Date.now();
    const result = await checkHealth({ database: passes, identity: hangs });
    expect(result.body.checks).toEqual({ database: "ok", identity: "failing" });
    expect(Date.now() - started).toBeLessThan(CHECK_TIMEOUT_MS + 1_000);
  });
});
