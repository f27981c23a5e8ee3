import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, noteViewer, readableLine, runInRequestContext } from "~/services/logger.server";

/** A logger writing into an array of lines, as production (JSON) or development (readable) would. */
function capturedLogger(json: boolean) {
  const out = new PassThrough();
  const lines: string[] = [];
  out.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
  return { logger: createLogger({ json, level: "info" }, out), lines };
}

const SECRETS = {
  password: "Sup3r-secret-pass",
  cookie: "__session=s%3Asigned-session-id",
  authorization: "Bearer id-token-abc.def.ghi",
  idToken: "eyJhbGciOiJSUzI1NiJ9.payload.signature",
  cardNumber: "4242424242424242",
  cvc: "987",
};

describe("the logger", () => {
  it("writes one JSON line per event in production, with its level by name", async () => {
    const { logger, lines } = capturedLogger(true);
    logger.info({ route: "routes/_index", status: 200 }, "request");
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: "info", route: "routes/_index", status: 200, msg: "request" });
    expect(JSON.parse(lines[0]).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("never writes a password, cookie, token or card data passed to it, at the top or nested", async () => {
    const { logger, lines } = capturedLogger(true);
    logger.error({ ...SECRETS }, "top level");
    logger.error({ headers: { ...SECRETS, "set-cookie": SECRETS.cookie } }, "headers");
    logger.error(
      { body: SECRETS, req: { headers: SECRETS }, card: { number: SECRETS.cardNumber, cvc: "987" } },
      "nested",
    );
    await new Promise((resolve) => setImmediate(resolve));
    const written = lines.join("\n");
    for (const secret of Object.values(SECRETS)) expect(written).not.toContain(secret);
    expect(written).toContain("[redacted]");
  });

  it("adds the request's id and viewer to every line logged while it is answered", async () => {
    const { logger, lines } = capturedLogger(true);
    logger.info("before");
    await runInRequestContext({ requestId: "ab12cd34" }, async () => {
      logger.info("anonymous so far");
      await Promise.resolve();
      noteViewer("uid-42");
      logger.warn("signed in");
    });
    await new Promise((resolve) => setImmediate(resolve));
    const [before, anonymous, signedIn] = lines.map((line) => JSON.parse(line));
    expect(before.reqId).toBeUndefined();
    expect(anonymous).toMatchObject({ reqId: "ab12cd34" });
    expect(anonymous.uid).toBeUndefined();
    expect(signedIn).toMatchObject({ reqId: "ab12cd34", uid: "uid-42" });
  });

  it("writes one readable line per event in development", () => {
    const json = JSON.stringify({
      level: "info",
      time: "2026-05-01T12:03:04.567Z",
      pid: 1,
      hostname: "h",
      reqId: "ab12cd34",
      method: "GET",
      route: "routes/movies._index",
      status: 200,
      ms: 12.5,
      msg: "request",
    });
    expect(readableLine(json)).toBe(
      "12:03:04.567 INFO  request reqId=ab12cd34 method=GET route=routes/movies._index status=200 ms=12.5\n",
    );
    const failure = readableLine(
      JSON.stringify({
        level: "error",
        time: "2026-05-01T12:03:04.567Z",
        msg: "failed",
        err: { stack: "Error: boom\n    at x" },
      }),
    );
    expect(failure).toBe("12:03:04.567 ERROR failed\nError: boom\n    at x\n");
  });

  it("is readable through a development logger too, redacted the same", () => {
    const { logger, lines } = capturedLogger(false);
    logger.info({ password: SECRETS.password, status: 302 }, "request");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}request password=\[redacted\] status=302$/);
  });
});
