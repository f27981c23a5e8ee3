import { AsyncResource } from "node:async_hooks";
import type { Server } from "node:net";
import type { NextFunction, Request, Response } from "express";

// A few requests a turn: their answers leave together, which costs the site and its clients fewer wake-ups than one
// at a time (booking posts about 10 % faster than one a turn), and the order stays first come, first served.
const REQUESTS_PER_TURN = 4;

const turnWaits = new WeakMap<Request, number>();

/** How long a request that has started waited for its turn, in milliseconds: how far behind the site is running. */
export function waitedForTurnMs(req: Request) {
  return turnWaits.get(req) ?? 0;
}

/**
 * Starts the requests that reach the app a few per turn of the event loop, in the order they arrived, and lets a
 * turn that took up a new connection start none (decision 30).
 *
 * Node's libuv (since 1.45) takes up one waiting connection per turn of the loop, and a turn runs every request
 * whose bytes have arrived on the connections it already has. Under load a turn lasts as long as all of those
 * requests, so a newcomer waited in the kernel's accept queue for seconds while the open keep-alive connections were
 * served again and again. With short turns, and a turn given over to each connection waiting, a newcomer joins the
 * queue within moments of arriving and is answered in its place.
 */
export function requestTurns() {
  const waiting: NextFunction[] = [];
  let turnScheduled = false;
  let connectionTakenUp = false;

  const takeTurn = () => {
    if (connectionTakenUp) {
      // Another connection may be waiting behind the one just taken up: the next turn takes it up first.
      connectionTakenUp = false;
      setImmediate(takeTurn);
      return;
    }
    for (const start of waiting.splice(0, REQUESTS_PER_TURN)) start();
    if (waiting.length > 0) setImmediate(takeTurn);
    else turnScheduled = false;
  };

  return {
    /** Counts the connections the server takes up. */
    watch(server: Server) {
      server.on("connection", () => {
        connectionTakenUp = true;
      });
    },
    /** Express middleware: the request goes on when its turn comes. */
    waitForTurn(req: Request, _res: Response, next: NextFunction) {
      // Run in the request's own async context (its id and viewer in the log), not the one of the turn it runs in.
      // runInAsyncScope, not AsyncResource.bind: bind defines deprecated accessors on every function it returns.
      const context = new AsyncResource("request-turn");
      const queuedAt = performance.now();
      waiting.push(() => {
        turnWaits.set(req, performance.now() - queuedAt);
        context.runInAsyncScope(next);
      });
      if (turnScheduled) return;
      turnScheduled = true;
      setImmediate(takeTurn);
    },
  };
}
