import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressWhole } from "~/http/compression.server";

const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Seat A1 · £12.50 – ünïcode</p>".repeat(400)}</body></html>`);
const asked = (acceptEncoding: string | null, method = "GET", body = page) =>
  compressWhole(
    body,
    new Request("http://site.test/movies", {
      method,
      headers: acceptEncoding === null ? {} : { "Accept-Encoding": acceptEncoding },
    }),
  );

describe("a rendered page compressed whole (decision 32)", () => {
  it("is brotli where the browser takes it, and comes back as the same bytes", () => {
    const { body, encoding } = asked("gzip, deflate, br");
    expect(encoding).toBe("br");
    expect(body.length).toBeLessThan(page.length / 5);
    expect(zlib.brotliDecompressSync(body).equals(page)).toBe(true);
  });

  it("is gzip, or deflate, for a client that takes only those", () => {
    const gzip = asked("gzip, deflate");
    expect(gzip.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true);
    const deflate = asked("deflate");
    expect(deflate.encoding).toBe("deflate");
    expect(zlib.inflateSync(deflate.body).equals(page)).toBe(true);
  });

  it("follows the client's weights, as the compression middleware does", () => {
    expect(asked("br;q=0.1, gzip;q=0.9").encoding).toBe("gzip");
    expect(asked("*").encoding).toBe("br");
    expect(asked("gzip;q=0, br;q=0").encoding).toBeNull();
  });

  it("goes as it is without an Accept-Encoding, to one that asks for identity or something unknown, and for HEAD", () => {
    for (const accept of [null, "", "identity", "zstd"]) {
      const { body, encoding } = asked(accept);
      expect(encoding, String(accept)).toBeNull();
      expect(Buffer.from(body).equals(page)).toBe(true);
    }
    expect(asked("br", "HEAD").encoding).toBeNull();
  });

  it("leaves a body under 1 KB as it is, as the compression middleware's threshold does (decision 34)", () => {
    const small = Buffer.from(`[{"_1":2},"seats",["A1","A2"]]`.padEnd(1023, " "));
    const { body, encoding } = asked("gzip, deflate, br", "GET", small);
    expect(encoding).toBeNull();
    expect(Buffer.from(body).equals(small)).toBe(true);
    expect(asked("br", "GET", Buffer.concat([small, Buffer.from(" ")])).encoding).toBe("br");
  });
});
