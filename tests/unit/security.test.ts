import { describe, expect, it } from "vitest";
import { cacheControlFor } from "~/http/cache-control.server";
import { contentSecurityPolicy, inlineScriptHashes, isCrossSiteRequest } from "~/http/security.server";

describe("isCrossSiteRequest", () => {
  const check = (headers: Record<string, string>, method = "POST") =>
    isCrossSiteRequest(method, new Headers(headers), "cinema.test") ? 403 : "allowed";

  it("allows this site and refuses other sites", () => {
    expect(check({ Origin: "http://cinema.test", "Sec-Fetch-Site": "same-origin" })).toBe("allowed");
    expect(check({})).toBe("allowed");
    expect(check({ "Sec-Fetch-Site": "cross-site" })).toBe(403);
    expect(check({ "Sec-Fetch-Site": "same-site" })).toBe(403);
    expect(check({ Origin: "https://evil.example" })).toBe(403);
    expect(check({ Origin: "null" })).toBe(403);
  });

  it("lets anyone link to a page", () => {
    expect(check({ "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }, "GET")).toBe("allowed");
  });
});

describe("contentSecurityPolicy", () => {
  const identity = {
    embedded: false,
    projectId: "cinema",
    apiKey: "key",
    authDomain: "cinema.firebaseapp.com",
    serviceAccount: null,
    adminEmails: [],
  };

  it("is built from the identity settings, not from what was imported before", () => {
    const real = contentSecurityPolicy(["'sha256-abc='"], { ...identity, emulatorHost: null });
    expect(real).toContain("script-src 'self' 'sha256-abc=' https://apis.google.com;");
    expect(real).toContain(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
    );
    expect(real).toContain(
      "frame-src 'self' https://cinema.firebaseapp.com https://www.youtube-nocookie.com https://player.vimeo.com;",
    );
    const emulated = contentSecurityPolicy([], { ...identity, emulatorHost: "127.0.0.1:9099" });
    expect(emulated).toContain("connect-src 'self' http://127.0.0.1:9099;");
    expect(emulated).not.toContain("googleapis");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes the text of each inline script once, and no script loaded from a file", () => {
    const html =
      '<script>a()</script><script type="module">import "/x.js"</script><script src="/y.js"></script><script>a()</script>';
    // echo -n 'a()' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
    ]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });
});

describe("cacheControlFor", () => {
  it("never lets an answer for a signed-in person, or one that sets a cookie, be stored", () => {
    expect(cacheControlFor({ requestCookie: "__session=abc", setsCookie: false, current: undefined })).toBe(
      "private, no-store",
    );
    expect(cacheControlFor({ requestCookie: undefined, setsCookie: true, current: "public, max-age=60" })).toBe(
      "private, no-store",
    );
  });

  it("has anonymous pages checked again each time, unless the page chose otherwise", () => {
    expect(cacheControlFor({ requestCookie: "theme=dark", setsCookie: false, current: undefined })).toBe("no-cache");
    expect(cacheControlFor({ requestCookie: undefined, setsCookie: false, current: "public, max-age=60" })).toBe(
      "public, max-age=60",
    );
  });
});
