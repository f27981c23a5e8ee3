import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { once } from "node:events";
import v8 from "node:v8";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/services/db.server";
import { acceptQueueLength } from "../../server/listen-queue.js";
import { createMetrics, mayReadMetrics } from "../../server/metrics";
import { addBooking, addMovie, addShow, addUser, refund } from "./fixtures";

describe("who may read /metrics", () => {
  const token = "a-long-metrics-token-0123456789";
  const local = { socket: "127.0.0.1", address: "127.0.0.1", authorization: undefined };

  it("a client on this machine, over IPv4 or IPv6", () => {
    expect(mayReadMetrics(local, null)).toBe(true);
    expect(mayReadMetrics({ ...local, socket: "::1", address: "::1" }, null)).toBe(true);
    expect(mayReadMetrics({ ...local, socket: "::ffff:127.0.0.1", address: "::ffff:127.0.0.1" }, null)).toBe(true);
  });

  it("not a client a local proxy forwards, nor one that only claims to be local", () => {
    expect(mayReadMetrics({ ...local, address: "203.0.113.7" }, null)).toBe(false);
    expect(mayReadMetrics({ ...local, socket: "203.0.113.7" }, null)).toBe(false);
    expect(mayReadMetrics({ ...local, socket: "10.0.0.2", address: "10.0.0.2" }, token)).toBe(false);
  });

  it("not a request a proxy forwarded, unless the proxy is trusted to name the client", () => {
    const forwarded = { ...local, forwarded: true };
    expect(mayReadMetrics(forwarded, null)).toBe(false);
    expect(mayReadMetrics(forwarded, null, true)).toBe(true);
    expect(mayReadMetrics({ ...forwarded, address: "203.0.113.7" }, null, true)).toBe(false);
    expect(mayReadMetrics({ ...forwarded, authorization: `Bearer ${token}` }, token)).toBe(true);
  });

  it("anyone with the bearer token, when one is configured; nobody with a wrong one", () => {
    const remote = { socket: "10.0.0.2", address: "203.0.113.7" };
    expect(mayReadMetrics({ ...remote, authorization: `Bearer ${token}` }, token)).toBe(true);
    expect(mayReadMetrics({ ...remote, authorization: `Bearer ${token}x` }, token)).toBe(false);
    expect(mayReadMetrics({ ...remote, authorization: token }, token)).toBe(false);
    expect(mayReadMetrics({ ...remote, authorization: "Bearer " }, null)).toBe(false);
  });
});

describe("the metrics", () => {
  beforeAll(async () => {
    const movie = await addMovie("metrics-movie");
    const show = await addShow(movie, "2 days");
    const customer = await addUser();
    await addBooking(customer, show, ["A1"]);
    const refunded = await addBooking(customer, show, ["A2"]);
    await refund(refunded, 5000);
    await addBooking(customer, show, ["A3"], { status: "pending" });
    await addBooking(customer, show, ["A4"], { status: "pending", holdLeft: "-5 minutes" });
    await addBooking(customer, show, ["A5"], { status: "pending", holdLeft: "-2 hours" });
  });

  it("count requests by route and status, and their latency, in Prometheus' text format", async () => {
    const metrics = createMetrics();
    metrics.observe({ method: "GET", route: "routes/_index", status: 200, seconds: 0.03 });
    metrics.observe({ method: "GET", route: "routes/_index", status: 200, seconds: 0.2 });
    metrics.observe({ method: "POST", route: "routes/movies.$id.$date", status: 429, seconds: 0.01 });
    const { contentType, body } = await metrics.text();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(body).toContain('http_requests_total{method="GET",route="routes/_index",status="200"} 2');
    expect(body).toContain('http_requests_total{method="POST",route="routes/movies.$id.$date",status="429"} 1');
    expect(body).toContain('http_request_duration_seconds_bucket{le="0.05",method="GET",route="routes/_index"} 1');
    expect(body).toContain('http_request_duration_seconds_count{method="GET",route="routes/_index"} 2');
  });

  it("read bookings by status, payments and holds expired from the database at each scrape", async () => {
    const { body } = await createMetrics().text();
    expect(body).toContain('marquee_bookings{status="paid"} 1');
    expect(body).toContain('marquee_bookings{status="cancelled"} 1');
    expect(body).toContain('marquee_bookings{status="pending"} 1');
    expect(body).toContain('marquee_bookings{status="expired"} 2');
    expect(body).toContain('marquee_payments{state="paid"} 1');
    expect(body).toContain('marquee_payments{state="refunded"} 1');
    expect(body).toContain("marquee_holds_expired_last_hour 1");
    expect(body).toContain("marquee_database_figures_read 1");
  });

  it("read the outbox's messages due and unsent, and how long the oldest has waited", async () => {
    const db = await getDb();
    const message = (status: string, due: string) =>
      db.query(
        `insert into outbox (kind, recipient, subject, status, due_at) values ('mail', 'a@example.com', 'S', $1, now() + $2::interval)`,
        [status, due],
      );
    const oldestDue = async () => {
      const { body } = await createMetrics().text();
      return [/^marquee_outbox_due_messages (\S+)$/m, /^marquee_outbox_oldest_due_seconds (\S+)$/m].map((figure) =>
        Number(figure.exec(body)?.[1]),
      );
    };
    expect(await oldestDue()).toEqual([0, 0]);
    await message("pending", "-5 minutes");
    await message("pending", "-1 minute");
    await message("pending", "1 hour");
    await message("sent", "-2 hours");
    await message("failed", "-3 hours");
    const [due, seconds] = await oldestDue();
    expect(due).toBe(2);
    expect(seconds).toBeGreaterThanOrEqual(300);
    expect(seconds).toBeLessThan(360);
  });

  it("say how far this process's heap may grow", async () => {
    const { body } = await createMetrics().text();
    expect(body).toContain(`marquee_heap_limit_bytes ${v8.getHeapStatistics().heap_size_limit}`);
  });
});

// A process that listens and never accepts: its event loop is blocked as soon as it has said its port.
const NEVER_ACCEPTS = `
  const server = require("node:net").createServer();
  server.listen(0, "127.0.0.1", () => {
    require("node:fs").writeSync(1, String(server.address().port));
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  });`;

describe.runIf(fs.existsSync("/proc/net/tcp"))("connections waiting to be accepted", () => {
  it("are counted on the port a scrape came in on, and only there", async () => {
    const listener = spawn(process.execPath, ["-e", NEVER_ACCEPTS], { stdio: ["ignore", "pipe", "inherit"] });
    const clients: net.Socket[] = [];
    try {
      const [portText] = await once(listener.stdout!, "data");
      const port = Number(String(portText));
      expect(acceptQueueLength(port)).toBe(0);
      for (let i = 0; i < 3; i++) {
        const client = net.connect(port, "127.0.0.1").on("error", () => {});
        clients.push(client);
        await once(client, "connect");
      }
      expect(acceptQueueLength(port)).toBe(3);
      expect((await createMetrics().text(port)).body).toContain(`marquee_listen_queue_connections{port="${port}"} 3`);
      expect((await createMetrics().text()).body).not.toMatch(/^marquee_listen_queue_connections\{/m);
    } finally {
      for (const client of clients) client.destroy();
      listener.kill("SIGKILL");
    }
  });
});
