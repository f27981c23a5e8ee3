import type { Request, Response } from "express";
import { logger } from "~/services/logger.server";
import { withTimeout } from "~/utils/timeout";

// A load balancer probes every few seconds and gives up on an instance after a few failures: each check answers
// within this, or counts as failed.
export const CHECK_TIMEOUT_MS = 2_000;

export type HealthChecks = Record<string, () => Promise<void>>;

/**
 * Runs every check at once, each within CHECK_TIMEOUT_MS. The answer says only which failed: the reasons (an
 * internal address in a connection error) are logged, not shown to whoever asks.
 */
export async function checkHealth(checks: HealthChecks) {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), CHECK_TIMEOUT_MS);
        return [name, "ok"] as const;
      } catch (error) {
        logger.warn({ err: error, check: name }, `Health check failed: ${name}`);
        return [name, "failing"] as const;
      }
    }),
  );
  const healthy = results.every(([, result]) => result === "ok");
  return { healthy, body: { status: healthy ? "ok" : "failing", checks: Object.fromEntries(results) } };
}

/** GET /healthz: 200 when every check passes, 503 when one fails or the site is stopping (so it is drained). */
export function serveHealth(checks: HealthChecks, state: { stopping: boolean }) {
  return async (_req: Request, res: Response) => {
    res.locals.route = { route: "healthz" };
    const { healthy, body } = state.stopping
      ? { healthy: false, body: { status: "stopping", checks: {} } }
      : await checkHealth(checks);
    res
      .status(healthy ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(body);
  };
}
