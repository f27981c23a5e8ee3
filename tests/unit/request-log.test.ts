import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger, noteViewer } from "~/services/logger.server";
import { logRequests, nameRemixRoutes, newRequestId, remixRouteNamer, requestIdFor } from "../../server/request-log";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
});
const MANIFEST = Object.fromEntries(
  [
    route("root", undefined, ""),
    route("routes/_index", "root", undefined, true),
    route("routes/$", "root", "*"),
    route("routes/movies.$id", "root", "movies/:id"),
    route("routes/movies.$id._index", "routes/movies.$id", undefined, true),
    route("routes/movies.$id.$date", "routes/movies.$id", ":date"),
    route("routes/legal", "root", "legal"),
  ].map((r) => [r.id, r]),
) as unknown as ServerBuild["routes"];

describe("request ids", () => {
  it("are 8 characters of lower-case base32 without letters that read like digits, and differ", () => {
    // Past several refills of the pool the random bytes are drawn from.
    const ids = Array.from({ length: 5000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{8}$/);
    expect(new Set(ids).size).toBe(5000);
  });

  it("come from a trusted proxy's X-Request-Id only when TRUST_PROXY is on and the id looks sane", () => {
    const nginx = "0123456789abcdef0123456789abcdef";
    expect(requestIdFor(nginx, true)).toBe(nginx);
    expect(requestIdFor(nginx, false)).not.toBe(nginx);
    for (const odd of ["short", "has space in it", "<script>alert(1)</script>", "x".repeat(65), "ab\ncd1234"])
      expect(requestIdFor(odd, true)).toMatch(/^[0-9a-z]{8}$/);
  });
});

describe("route names", () => {
  const nameOf = remixRouteNamer(MANIFEST);

  it("are the Remix route id, for pages and their single-fetch data URLs alike", () => {
    expect(nameOf("/")).toEqual({ route: "routes/_index", pathHasIds: false });
    expect(nameOf("/_root.data")).toEqual({ route: "routes/_index", pathHasIds: false });
    expect(nameOf("/legal")).toEqual({ route: "routes/legal", pathHasIds: false });
    expect(nameOf("/movies/42")).toEqual({ route: "routes/movies.$id._index", pathHasIds: true });
    expect(nameOf("/movies/42/2031-05-20.data")).toEqual({ route: "routes/movies.$id.$date", pathHasIds: true });
    expect(nameOf("/no/such/page")).toEqual({ route: "routes/$", pathHasIds: false });
  });
});

describe("the request log", () => {
  let server: Server;
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  async function serve(trustProxy: boolean, observe = vi.fn()) {
    const app = express();
    app.set("trust proxy", trustProxy ? 1 : false);
    app.use(logRequests(trustProxy, observe));
    app.get("/build/app.js", (_req, res) => void res.send("static"));
    app.use(nameRemixRoutes(MANIFEST));
    app.get("/movies/:id", (_req, res) => {
      noteViewer("uid-7");
      res.status(404).send(`not found: ${res.get("X-Request-Id")}`);
    });
    app.get("/legal", (_req, res) => void res.send("legal"));
    await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", resolve)));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("writes one line per request with its id, method, route, status, duration and viewer; never the query", async () => {
    const info = vi.spyOn(logger, "info").mockImplementation(() => {});
    const observe = vi.fn();
    const url = await serve(false, observe);
    const response = await fetch(`${url}/movies/42?token=secret-in-query`, {
      headers: { "X-Request-Id": "proxy-id-123" },
    });
    const id = response.headers.get("X-Request-Id")!;
    expect(id).toMatch(/^[0-9a-z]{8}$/); // TRUST_PROXY is off: the client's id is not taken
    expect(await response.text()).toBe(`not found: ${id}`);
    await vi.waitFor(() => expect(info).toHaveBeenCalledTimes(1));
    const [line, message] = info.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(message).toBe("request");
    expect(line).toMatchObject({
      reqId: id,
      method: "GET",
      route: "routes/movies.$id._index",
      status: 404,
      uid: "uid-7",
    });
    expect(line.ms).toEqual(expect.any(Number));
    expect(line).not.toHaveProperty("path"); // the path holds the movie's id; the route says which page it was
    expect(JSON.stringify(line)).not.toContain("secret-in-query");
    expect(observe).toHaveBeenCalledWith(
      expect.objectContaining({ method: "GET", route: "routes/movies.$id._index", status: 404 }),
    );
    info.mockRestore();
  });

  it("names what Remix does not answer a static file, with its path, and takes a trusted proxy's id", async () => {
    const info = vi.spyOn(logger, "info").mockImplementation(() => {});
    const url = await serve(true);
    const response = await fetch(`${url}/build/app.js`, { headers: { "X-Request-Id": "nginx-0123456789abcdef" } });
    expect(response.headers.get("X-Request-Id")).toBe("nginx-0123456789abcdef");
    await fetch(`${url}/legal`);
    await vi.waitFor(() => expect(info).toHaveBeenCalledTimes(2));
    const lines = info.mock.calls.map(([line]) => line as unknown as Record<string, unknown>);
    expect(lines[0]).toMatchObject({
      reqId: "nginx-0123456789abcdef",
      route: "static",
      path: "/build/app.js",
      status: 200,
    });
    expect(lines[1]).toMatchObject({ route: "routes/legal", path: "/legal", status: 200 });
    expect(lines[1]).not.toHaveProperty("uid");
    info.mockRestore();
  });
});
