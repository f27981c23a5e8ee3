import crypto from "node:crypto";
import v8 from "node:v8";
import type { NextFunction, Request, Response } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { readStoredFigures } from "~/models/monitoring.server";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { withTimeout } from "~/utils/timeout";
import { acceptQueueLength } from "./listen-queue.js";

// How long a scrape waits for the figures read from the database; past it they are left out and
// marquee_database_figures_read says 0, so a slow database never makes the scrape itself fail.
const FIGURES_TIMEOUT_MS = 2_000;

/**
 * The site's Prometheus metrics: requests and their latency counted by this process, the database's figures read
 * at each scrape. A new counter is registered on `registry` beside these, and incremented where the thing it
 * counts happens (the page cache's, through `countPageCache`).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route (Remix route id, or static, healthz, metrics) and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method and route",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const pageCache = new Counter({
    name: "marquee_page_cache_requests_total",
    help: "Anonymous requests for a kept page (server/page-cache.ts): hit (served from memory), miss (rendered and kept), bypass (a cookie, or a page not for everyone, so the app answered)",
    labelNames: ["result"] as const,
    registers,
  });
  const gauge = <Label extends string>(name: string, help: string, labelNames: readonly Label[] = []) =>
    new Gauge({ name, help, labelNames, registers });
  const bookings = gauge(
    "marquee_bookings",
    "Bookings in the database by status as customers see it (pending, paid, cancelled, expired)",
    ["status"],
  );
  const payments = gauge("marquee_payments", "Payments in the database: paid (kept) and refunded", ["state"]);
  const holdsExpired = gauge(
    "marquee_holds_expired_last_hour",
    "Unpaid bookings whose hold on their seats ran out in the last hour",
  );
  const outboxDue = gauge("marquee_outbox_due_messages", "Mails and sign-in notices due and not yet sent");
  const outboxOldestDue = gauge(
    "marquee_outbox_oldest_due_seconds",
    "How long the oldest message due and not yet sent has been due; 0 when none is",
  );
  gauge(
    "marquee_heap_limit_bytes",
    "The JavaScript heap this process may grow to (SITE_HEAP_MB, else V8's own, with the young generation); compare nodejs_heap_size_used_bytes",
  ).set(v8.getHeapStatistics().heap_size_limit);
  const figuresRead = gauge(
    "marquee_database_figures_read",
    `1 when this scrape read the marquee_ figures from the database within ${FIGURES_TIMEOUT_MS} ms, else 0`,
  );
  const pool = gauge(
    "marquee_database_pool_connections",
    "PostgreSQL pool of this instance: open, idle, waiting (queries queued for a connection) and max",
    ["state"],
  );

  const acceptQueue = gauge(
    "marquee_listen_queue_connections",
    "Connections to the port this scrape came in on that the kernel holds and this instance has not accepted yet (Linux only): clients waiting there are in no http_request_duration_seconds figure",
    ["port"],
  );

  async function readDatabase() {
    try {
      const figures = await withTimeout(readStoredFigures(), FIGURES_TIMEOUT_MS);
      for (const [status, count] of Object.entries(figures.bookings)) bookings.set({ status }, count);
      payments.set({ state: "paid" }, figures.payments.paid);
      payments.set({ state: "refunded" }, figures.payments.refunded);
      holdsExpired.set(figures.holdsExpiredLastHour);
      outboxDue.set(figures.outbox.due);
      outboxOldestDue.set(figures.outbox.oldestDueSeconds);
      figuresRead.set(1);
    } catch (error) {
      logger.warn({ err: error }, "Metrics: the database figures could not be read");
      for (const gauge of [bookings, payments, holdsExpired, outboxDue, outboxOldestDue]) gauge.reset();
      figuresRead.set(0);
    }
    const usage = (await getDb()).poolUsage?.();
    if (usage) for (const [state, count] of Object.entries(usage)) pool.set({ state }, count);
  }

  return {
    observe({ method, route, status, seconds }: { method: string; route: string; status: number; seconds: number }) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    countPageCache(result: "hit" | "miss" | "bypass") {
      pageCache.inc({ result });
    },
    /** The figures as Prometheus text, for a scrape that reached this instance on `port`. */
    async text(port?: number) {
      await readDatabase();
      acceptQueue.reset();
      const waiting = port === undefined ? null : acceptQueueLength(port);
      if (waiting !== null) acceptQueue.set({ port: String(port) }, waiting);
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

const isLoopback = (address: string | undefined) =>
  address === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address ?? "");

function sameSecret(given: string, expected: string) {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Whether a proxy says it forwarded the request for someone: then its socket's address is the proxy's, not theirs. */
const FORWARDING_HEADERS = ["Forwarded", "X-Forwarded-For", "X-Real-IP"] as const;

/**
 * Who may read /metrics: a client on this machine (its socket and, behind a trusted proxy, the client the proxy
 * names), or anyone with `Authorization: Bearer <METRICS_TOKEN>`. A forwarded request through a proxy that is not
 * trusted is never local: a proxy on this machine would make every client of the internet look like loopback.
 */
export function mayReadMetrics(
  client: {
    socket: string | undefined;
    address: string | undefined;
    authorization: string | undefined;
    forwarded?: boolean;
  },
  token: string | null,
  trustProxy = false,
) {
  if (token && client.authorization && sameSecret(client.authorization, `Bearer ${token}`)) return true;
  if (client.forwarded && !trustProxy) return false;
  return isLoopback(client.socket) && isLoopback(client.address);
}

/** GET /metrics; everyone else gets the site's own 404 page, as for any address it does not have. */
export function serveMetrics(metrics: ReturnType<typeof createMetrics>, token: string | null, trustProxy: boolean) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const client = {
      socket: req.socket.remoteAddress,
      address: req.ip,
      authorization: req.get("Authorization"),
      forwarded: FORWARDING_HEADERS.some((name) => req.get(name) !== undefined),
    };
    if (!mayReadMetrics(client, token, trustProxy)) return next();
    res.locals.route = { route: "metrics" };
    try {
      const { contentType, body } = await metrics.text(req.socket.localPort);
      res.set("Cache-Control", "no-store").type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}
