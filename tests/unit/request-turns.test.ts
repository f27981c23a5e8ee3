import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter, once } from "node:events";
import http from "node:http";
import type { AddressInfo, Server } from "node:net";
import express, { type Request, type Response } from "express";
import { describe, expect, it } from "vitest";
import { requestTurns, waitedForTurnMs } from "../../server/request-turns";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const noRequest = {} as Request;
const noResponse = {} as Response;

function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function post(port: number, agent: http.Agent, who: string) {
  return new Promise<void>((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: "POST", path: `/work?who=${who}`, agent },
      (res) => {
        res.resume();
        res.on("end", resolve);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/**
 * Twenty keep-alive clients keep a small site busy (3 ms of CPU a request); then ten newcomers connect at once.
 * Answers how many requests the site started after the newcomers arrived and before the last of them started (177
 * when this was written without turns, 85 with turns that gave no turn to a new connection; 29 with them).
 */
async function startsBeforeNewcomers() {
  const turns = requestTurns();
  const started: string[] = [];
  const app = express();
  app.use(turns.waitForTurn);
  app.post("/work", (req, res) => {
    started.push(String(req.query.who));
    busyFor(3);
    res.end("done");
  });
  const server = app.listen(0, "127.0.0.1");
  turns.watch(server);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  let busy = true;
  const regulars = Array.from({ length: 20 }, async (_, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (busy) await post(port, agent, `regular-${i}`);
    agent.destroy();
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const startedBefore = started.length;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const agent = new http.Agent({ keepAlive: false });
        return post(port, agent, `newcomer-${i}`);
      }),
    );
    const lastNewcomer = Math.max(...started.map((who, index) => (who.startsWith("newcomer") ? index : -1)));
    return lastNewcomer - startedBefore;
  } finally {
    busy = false;
    await Promise.all(regulars);
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("requestTurns", () => {
  it("starts waiting requests in the order they came, four per turn of the event loop", async () => {
    const turns = requestTurns();
    const started: number[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) turns.waitForTurn(noRequest, noResponse, () => started.push(n));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([1, 2, 3, 4]);
    await nextTurn();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("says how long each request waited for its turn", async () => {
    const turns = requestTurns();
    const [early, late] = [{} as Request, {} as Request];
    const waits: number[] = [];
    turns.waitForTurn(early, noResponse, () => waits.push(waitedForTurnMs(early)));
    busyFor(30);
    for (let i = 0; i < 4; i++) turns.waitForTurn({} as Request, noResponse, () => busyFor(10));
    turns.waitForTurn(late, noResponse, () => waits.push(waitedForTurnMs(late)));
    await nextTurn();
    await nextTurn();
    expect(waits[0]).toBeGreaterThanOrEqual(30);
    // Behind four requests of 10 ms each, started a turn earlier.
    expect(waits[1]).toBeGreaterThanOrEqual(40);
    expect(waitedForTurnMs({} as Request)).toBe(0);
  });

  it("gives a turn that took up a connection to the next connection waiting, not to a request", async () => {
    const turns = requestTurns();
    const server = new EventEmitter() as Server;
    turns.watch(server);
    const started: number[] = [];
    for (const n of [1, 2]) turns.waitForTurn(noRequest, noResponse, () => started.push(n));
    server.emit("connection");
    await nextTurn();
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([1, 2]);
  });

  it("runs each request in its own async context, so one request never answers as another's viewer", async () => {
    const turns = requestTurns();
    const context = new AsyncLocalStorage<string>();
    const seen = await Promise.all(
      ["ana", "ben", "chloe"].map(
        (viewer) =>
          new Promise<string | undefined>((resolve) =>
            context.run(viewer, () => turns.waitForTurn(noRequest, noResponse, () => resolve(context.getStore()))),
          ),
      ),
    );
    expect(seen).toEqual(["ana", "ben", "chloe"]);
  });

  it("takes newcomers up while keep-alive connections keep the site busy", async () => {
    // Twenty busy connections and ten newcomers: in arrival order, a newcomer waits for at most one request of each
    // connection before it. Without turns, Node takes up one newcomer per round of all twenty.
    expect(await startsBeforeNewcomers()).toBeLessThanOrEqual(45);
  });
});
