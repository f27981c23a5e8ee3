import { once } from "node:events";
import http from "node:http";
import type { AddressInfo, Server } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressAnswers, compressKept } from "../../server/compression";

const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Seat A1 · £12.50 – ünïcode</p>".repeat(400)}</body></html>`);
const small = Buffer.from(`[{"_1":2},"seats",["A1","A2"]]`.padEnd(1023, " "));

let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use(compressAnswers());
  // An answer that says its length, as every page and data answer of the app does.
  const send = (body: Buffer) => (_req: express.Request, res: express.Response) =>
    res.type("html").set("Content-Length", String(body.length)).end(body);
  app.get("/page", send(page));
  app.head("/page", send(page));
  app.get("/small", send(small));
  app.get("/one-more", send(Buffer.concat([small, Buffer.from(" ")])));
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The answer as it came on the wire (fetch would undo the encoding). */
function asked(path: string, acceptEncoding: string | null, method = "GET") {
  return new Promise<{ encoding: string | null; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === null ? {} : { "Accept-Encoding": acceptEncoding };
    http
      .request(url + path, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ encoding: (res.headers["content-encoding"] as string) ?? null, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject)
      .end();
  });
}

describe("every answer is compressed on one path, the compression middleware (decision 38)", () => {
  it("is brotli where the browser takes it, and comes back as the same bytes", async () => {
    const { body, encoding } = await asked("/page", "gzip, deflate, br");
    expect(encoding).toBe("br");
    expect(body.length).toBeLessThan(page.length / 5);
    expect(zlib.brotliDecompressSync(body).equals(page)).toBe(true);
  });

  it("is gzip, or deflate, for a client that takes only those", async () => {
    const gzip = await asked("/page", "gzip, deflate");
    expect(gzip.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true);
    const deflate = await asked("/page", "deflate");
    expect(deflate.encoding).toBe("deflate");
    expect(zlib.inflateSync(deflate.body).equals(page)).toBe(true);
  });

  it("follows the client's weights", async () => {
    expect((await asked("/page", "br;q=0.1, gzip;q=0.9")).encoding).toBe("gzip");
    expect((await asked("/page", "gzip;q=0, br;q=0")).encoding).toBeNull();
  });

  it("goes as it is without an Accept-Encoding, to one that asks for identity or something unknown, and for HEAD", async () => {
    for (const accept of [null, "identity", "zstd"]) {
      const { body, encoding } = await asked("/page", accept);
      expect(encoding, String(accept)).toBeNull();
      expect(body.equals(page)).toBe(true);
    }
    expect((await asked("/page", "br", "HEAD")).encoding).toBeNull();
  });

  it("leaves a body under 1 KB as it is (decision 34)", async () => {
    const { body, encoding } = await asked("/small", "gzip, deflate, br");
    expect(encoding).toBeNull();
    expect(body.equals(small)).toBe(true);
    expect((await asked("/one-more", "br")).encoding).toBe("br");
  });
});

describe("a kept page's bodies", () => {
  it("give back the page, in brotli and gzip", async () => {
    for (const briefly of [true, false]) {
      const { br, gzip } = await compressKept(page, { briefly });
      expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
      expect(zlib.gunzipSync(gzip).equals(page)).toBe(true);
    }
  });
});
