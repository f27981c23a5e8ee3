import { describe, expect, it } from "vitest";
import { FORM_TOO_LARGE, FORM_UNREADABLE, readForm } from "~/services/forms.server";
import { requireSameOrigin } from "~/services/security.server";
import { clientAddress } from "~/services/sign-in.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://cinema.test/login", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readForm", () => {
  it("reads a normal form", async () => {
    const read = await readForm(post(new URLSearchParams({ email: "a@b.co", password: "secret" })));
    expect(read.ok && Object.fromEntries(read.formData)).toEqual({ email: "a@b.co", password: "secret" });
  });

  it("refuses a 100 KB field, repeated fields and files", async () => {
    expect(await readForm(post(new URLSearchParams({ email: "a".repeat(100_000) })))).toEqual({
      ok: false,
      message: FORM_TOO_LARGE,
    });
    expect(
      await readForm(post("email=a%40b.co&email=c%40d.co", { "Content-Type": "application/x-www-form-urlencoded" })),
    ).toEqual({
      ok: false,
      message: FORM_UNREADABLE,
    });
    const withFile = new FormData();
    withFile.append("email", new Blob(["x"]), "x.txt");
    expect(await readForm(post(withFile))).toEqual({ ok: false, message: FORM_UNREADABLE });
  });

  it("caps a body that does not say its length", async () => {
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(`a=${"x".repeat(2000)}&`));
        controller.close();
      },
    });
    expect(await readForm(post(stream, { "Content-Type": "application/x-www-form-urlencoded" }))).toEqual({
      ok: false,
      message: FORM_TOO_LARGE,
    });
  });

  it("answers a message for a body that is not a form", async () => {
    expect(await readForm(post("{}", { "Content-Type": "application/json" }))).toEqual({
      ok: false,
      message: FORM_UNREADABLE,
    });
  });
});

describe("requireSameOrigin", () => {
  const check = (headers: Record<string, string>) => {
    try {
      requireSameOrigin(post("", headers));
      return "allowed";
    } catch (error) {
      return (error as Response).status;
    }
  };

  it("allows this site and refuses other sites", () => {
    expect(check({ Origin: "http://cinema.test", "Sec-Fetch-Site": "same-origin" })).toBe("allowed");
    expect(check({})).toBe("allowed");
    expect(check({ "Sec-Fetch-Site": "cross-site" })).toBe(403);
    expect(check({ "Sec-Fetch-Site": "same-site" })).toBe(403);
    expect(check({ Origin: "https://evil.example" })).toBe(403);
    expect(check({ Origin: "null" })).toBe(403);
  });
});

describe("clientAddress", () => {
  const request = (xff: string) => new Request("http://cinema.test/", { headers: { "X-Forwarded-For": xff } });

  it("trusts X-Forwarded-For only behind a trusted proxy, and only its last hop", () => {
    expect(clientAddress(request("1.2.3.4"))).toBeNull();
    process.env.TRUST_PROXY = "true";
    expect(clientAddress(request("6.6.6.6, 203.0.113.9"))).toBe("203.0.113.9");
    delete process.env.TRUST_PROXY;
  });
});
