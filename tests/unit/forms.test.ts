import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  checkedFormValues,
  FORM_TOO_LARGE,
  FORM_UNREADABLE,
  formFields,
  readForm,
  readSubmission,
} from "~/http/forms.server";
import { seatSelectionSchema } from "~/schemas/booking";
import { loginSchema } from "~/schemas/login";
import { registerSchema } from "~/schemas/register";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://cinema.test/login", { method: "POST", body, headers, duplex: "half" } as RequestInit);
const urlencoded = (body: string) => post(body, { "Content-Type": "application/x-www-form-urlencoded" });

/** The CPU time `work` takes, in ms: unlike the wall clock, it does not count other programs on a busy machine. */
async function cpuTimed(work: () => Promise<unknown>) {
  const before = process.cpuUsage();
  await work();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

const seatsSchema = z.object({
  show: z.string().describe("Show"),
  seats: z.array(z.string()).max(5).describe("Seats"),
});

describe("readForm", () => {
  it("reads a normal form", async () => {
    const read = await readForm(post(new URLSearchParams({ email: "a@b.co", password: "secret" })), loginSchema);
    expect(read.ok && Object.fromEntries(read.formData)).toEqual({ email: "a@b.co", password: "secret" });
  });

  it("reads a URL-encoded body as the Fetch API's own parser does, odd bytes and escapes included", async () => {
    const bodies = [
      "email=a%40b.co&password=x+y%2Bz",
      "email=%FF%FE&password=%ZZ%",
      "\uFEFFemail=caf%C3%A9&password=&junk",
      "email=%E2%80%AE%F0%9F%8E%AC&password=a=b=c",
      "=&&email&password=%00",
    ];
    for (const body of bodies) {
      const read = await readForm(urlencoded(body), loginSchema);
      const expected = [
        ...(await new Response(body, { headers: { "Content-Type": "application/x-www-form-urlencoded" } }).formData()),
      ].filter(([key]) => key === "email" || key === "password");
      if (read.ok) expect([...read.formData]).toEqual(expected);
      else expect(read.message).toMatch(/control characters/);
    }
    const charset = await readForm(
      post("email=a%40b.co", { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" }),
      loginSchema,
    );
    expect(charset.ok && Object.fromEntries(charset.formData)).toEqual({ email: "a@b.co" });
  });

  it("refuses a 100 KB field, repeated fields and files", async () => {
    expect(await readForm(post(new URLSearchParams({ email: "a".repeat(100_000) })), loginSchema)).toEqual({
      ok: false,
      message: FORM_TOO_LARGE,
    });
    expect(await readForm(urlencoded("email=a%40b.co&email=c%40d.co"), loginSchema)).toEqual({
      ok: false,
      message: FORM_UNREADABLE,
    });
    const withFile = new FormData();
    withFile.append("email", new Blob(["x"]), "x.txt");
    expect(await readForm(post(withFile), loginSchema)).toEqual({ ok: false, message: FORM_UNREADABLE });
  });

  it("caps a body that does not say its length", async () => {
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(`a=${"x".repeat(2000)}&`));
        controller.close();
      },
    });
    expect(await readForm(post(stream, { "Content-Type": "application/x-www-form-urlencoded" }), loginSchema)).toEqual({
      ok: false,
      message: FORM_TOO_LARGE,
    });
  });

  it("reads a refused body to its end before refusing it, and cuts off one past 32 MB", async () => {
    // A body left unread when the connection closes makes the kernel reset it, and the refusal is lost with it.
    const body = (chunks: number) => {
      const sent = { chunks: 0, cancelled: false };
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent.chunks === chunks) return controller.close();
          sent.chunks++;
          controller.enqueue(new Uint8Array(1024 * 1024).fill(97));
        },
        cancel() {
          sent.cancelled = true;
        },
      });
      return { stream, sent };
    };
    const headers = (length: number) => ({
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(length),
    });
    const large = body(12);
    expect(await readForm(post(large.stream, headers(12 * 1024 * 1024)), loginSchema)).toEqual({
      ok: false,
      message: FORM_TOO_LARGE,
    });
    expect(large.sent).toEqual({ chunks: 12, cancelled: false });
    const unsaid = body(12);
    await readForm(post(unsaid.stream, { "Content-Type": "application/x-www-form-urlencoded" }), loginSchema);
    expect(unsaid.sent).toEqual({ chunks: 12, cancelled: false });
    const huge = body(100);
    expect(await readForm(post(huge.stream, headers(100 * 1024 * 1024)), loginSchema)).toEqual({
      ok: false,
      message: FORM_TOO_LARGE,
    });
    expect(huge.sent.cancelled).toBe(true);
    expect(huge.sent.chunks).toBeLessThan(40);
  });

  it("stops waiting for a refused body that trickles in, after two seconds", async () => {
    vi.useFakeTimers();
    try {
      let cancelled = false;
      const stalled = new ReadableStream<Uint8Array>({
        pull: () => new Promise(() => {}),
        cancel() {
          cancelled = true;
        },
      });
      const read = readForm(
        post(stalled, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "99999999" }),
        loginSchema,
      );
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await read).toEqual({ ok: false, message: FORM_TOO_LARGE });
      expect(cancelled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a message for a body that is not a form", async () => {
    expect(await readForm(post("{}", { "Content-Type": "application/json" }), loginSchema)).toEqual({
      ok: false,
      message: FORM_UNREADABLE,
    });
  });

  it("keeps only the fields the schema names", async () => {
    const read = await readForm(
      urlencoded("email=a%40b.co&x%5B999999999%5D=1&__proto__%5Badmin%5D=1&email%5B3%5D=x&role=admin"),
      loginSchema,
    );
    expect(read.ok && [...read.formData]).toEqual([["email", "a@b.co"]]);
  });

  it("bounds a list by the schema's own maximum, by value and by index", async () => {
    const many = Array.from({ length: 50 }, (_, i) => `seats=S${i}`).join("&");
    const read = await readForm(
      urlencoded(`show=1&${many}&seats%5B999999%5D=x&seats%5B1e9%5D=y&seats%5B6%5D=z`),
      seatsSchema,
    );
    expect(read.ok && read.formData.getAll("seats")).toEqual(["S0", "S1", "S2", "S3", "S4", "S5"]);
    expect(read.ok && read.formData.has("seats[6]")).toBe(false);
  });
});

describe("checkedFormValues", () => {
  const time = crypto.randomUUID();
  const requestToken = crypto.randomUUID();
  const seatForm = (...extra: [string, string][]) =>
    new URLSearchParams([["time", time], ["requestToken", requestToken], ["seats", "A1"], ...extra]).toString();

  it("gives the values of a body already read that the schema takes, without the keys it does not name", () => {
    expect(checkedFormValues(seatForm(["seats", "A2"], ["role", "admin"]), seatSelectionSchema)).toEqual({
      time,
      requestToken,
      seats: ["A1", "A2"],
    });
  });

  it("gives null for a form that readSubmission would refuse", async () => {
    const refused = [
      seatForm(...["A2", "A3", "A4", "A5", "A6"].map((seat): [string, string] => ["seats", seat])),
      seatForm(["seats", "A1"]),
      seatForm(["seats", "<b>"]),
      seatForm(["time", time]),
      seatForm(["seats", "A\u00002"]),
      "seats=A1",
      "",
    ];
    for (const body of refused) {
      expect(checkedFormValues(body, seatSelectionSchema), body).toBeNull();
      expect((await readSubmission(urlencoded(body), seatSelectionSchema)).ok, body).toBe(false);
    }
  });
});

describe("formFields", () => {
  it("names every field of a schema, through refinements and intersections", () => {
    expect([...formFields(registerSchema).keys()].sort()).toEqual(
      ["confirmPassword", "email", "fullName", "password", "redirectTo", "terms"].sort(),
    );
    expect(formFields(seatsSchema).get("seats")).toEqual({ label: "Seats", list: true, max: 5 });
  });

  it("refuses a list without a maximum, which a hostile post could make as long as it liked", () => {
    expect(() => formFields(z.object({ seats: z.array(z.string()).describe("Seats") }))).toThrow(/maximum length/);
  });

  it("refuses a field without a label, which the reader's own messages name", () => {
    expect(() => formFields(z.object({ email: z.string() }))).toThrow(/"email" needs a label/);
  });
});

describe("readSubmission", () => {
  it("answers a small 400 that echoes nothing the schema does not know", async () => {
    const hostile = [
      "x%5B999999999%5D=1",
      "x%5B1e9%5D=1",
      `a${"%5B0%5D".repeat(1000)}=1`,
      Array.from({ length: 1000 }, (_, i) => `k${i}=v`).join("&"),
    ];
    for (const body of hostile) {
      const read = () => readSubmission(urlencoded(`email=bad&${body}`), loginSchema, { secretFields: ["password"] });
      // The least of three, so a garbage collection that lands on one is not counted as the reader's work.
      expect(Math.min(await cpuTimed(read), await cpuTimed(read), await cpuTimed(read))).toBeLessThan(100);
      const result = await read();
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.response.init?.status).toBe(400);
      const reply = JSON.stringify(result.response.data);
      expect(reply.length).toBeLessThan(1000);
      expect(reply).not.toMatch(/"x"|"a"|"k0"/);
      expect(reply).toContain("Invalid email address");
    }
  });

  it("never sends a secret field back", async () => {
    const result = await readSubmission(urlencoded("email=bad&password=hunter2"), loginSchema, {
      secretFields: ["password"],
    });
    expect(JSON.stringify(!result.ok && result.response.data)).not.toContain("hunter2");
  });
});
