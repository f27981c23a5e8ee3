import { createHmac } from "node:crypto";
import fc from "fast-check";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { signTicketCode, ticketQrSvg, verifyTicketCode } from "~/services/tickets.server";

const BOOKING_ID = "6f1c0d2e-5b7a-4c1e-9a3d-2b8f4e6a1c90";
const SECRET = "current-secret-0123456789abcdef";
const OLD_SECRET = "previous-secret-fedcba9876543210";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("e-ticket codes", () => {
  it("carry the booking id in 43 URL-safe characters and give it back", () => {
    const code = signTicketCode(BOOKING_ID, SECRET);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(code)).toBe(code);
    expect(verifyTicketCode(code, [SECRET])).toBe(BOOKING_ID);
    expect(signTicketCode(BOOKING_ID, SECRET)).toBe(code);
  });

  it("read any booking id back in lower case", () => {
    expect(verifyTicketCode(signTicketCode(BOOKING_ID.toUpperCase(), SECRET), [SECRET])).toBe(BOOKING_ID);
    fc.assert(
      fc.property(fc.uuid(), fc.string({ minLength: 1 }), (id, secret) => {
        expect(verifyTicketCode(signTicketCode(id, secret), [secret])).toBe(id.toLowerCase());
      }),
    );
  });

  it("still scan after the secret is rotated, and stop once the old secret is dropped", () => {
    const issuedBefore = signTicketCode(BOOKING_ID, OLD_SECRET);
    expect(verifyTicketCode(issuedBefore, [SECRET, OLD_SECRET])).toBe(BOOKING_ID);
    expect(verifyTicketCode(issuedBefore, [SECRET])).toBeNull();
    expect(signTicketCode(BOOKING_ID, SECRET)).not.toBe(issuedBefore);
  });

  it("refuse a code signed with another secret or moved onto another booking", () => {
    expect(verifyTicketCode(signTicketCode(BOOKING_ID, "someone else's secret"), [SECRET])).toBeNull();
    const other = signTicketCode("00000000-0000-4000-8000-000000000000", SECRET);
    const spliced = Buffer.concat([
      Buffer.from(other, "base64url").subarray(0, 16),
      Buffer.from(signTicketCode(BOOKING_ID, SECRET), "base64url").subarray(16),
    ]).toString("base64url");
    expect(verifyTicketCode(spliced, [SECRET])).toBeNull();
  });

  it("refuse a signature of the booking id made for another purpose with the same secret", () => {
    const id = Buffer.from(BOOKING_ID.replaceAll("-", ""), "hex");
    const plain = createHmac("sha256", SECRET).update(id).digest().subarray(0, 16);
    expect(verifyTicketCode(Buffer.concat([id, plain]).toString("base64url"), [SECRET])).toBeNull();
  });

  it("refuse every one-character edit, including the spare bits of the last character", () => {
    const code = signTicketCode(BOOKING_ID, SECRET);
    let edits = 0;
    for (let position = 0; position < code.length; position++)
      for (const character of BASE64URL) {
        if (character === code[position]) continue;
        const edited = code.slice(0, position) + character + code.slice(position + 1);
        expect(verifyTicketCode(edited, [SECRET]), edited).toBeNull();
        edits++;
      }
    expect(edits).toBe(43 * 63);
  });

  it("refuse a truncated or lengthened code", () => {
    const code = signTicketCode(BOOKING_ID, SECRET);
    for (let length = 0; length < code.length; length++)
      expect(verifyTicketCode(code.slice(0, length), [SECRET])).toBeNull();
    expect(verifyTicketCode(`${code}A`, [SECRET])).toBeNull();
    expect(verifyTicketCode(`${code}=`, [SECRET])).toBeNull();
    expect(verifyTicketCode(code + code, [SECRET])).toBeNull();
    expect(verifyTicketCode(`${code}${" ".repeat(200)}`, [SECRET])).toBeNull();
    expect(verifyTicketCode("A".repeat(100_000), [SECRET])).toBeNull();
  });

  it("allow spaces or a line break around a code", () => {
    const code = signTicketCode(BOOKING_ID, SECRET);
    expect(verifyTicketCode(` ${code}\n`, [SECRET])).toBe(BOOKING_ID);
    expect(verifyTicketCode(`${code.slice(0, 20)} ${code.slice(20)}`, [SECRET])).toBeNull();
  });

  it("refuse anything that is not a string, and random text", () => {
    const code = signTicketCode(BOOKING_ID, SECRET);
    for (const value of [undefined, null, 42, {}, [code], { code }, Buffer.from(code)])
      expect(verifyTicketCode(value, [SECRET])).toBeNull();
    fc.assert(fc.property(fc.string({ maxLength: 250 }), (text) => verifyTicketCode(text, [SECRET]) === null));
  });

  it("are only made for booking ids and with a secret", () => {
    for (const id of [
      "",
      "42",
      "6f1c0d2e5b7a4c1e9a3d2b8f4e6a1c90",
      `${BOOKING_ID}x`,
      `{${BOOKING_ID}}`,
      "g".repeat(36),
    ])
      expect(() => signTicketCode(id, SECRET), id).toThrow(`"${id}" is not a booking id`);
    expect(() => signTicketCode(BOOKING_ID, "")).toThrow("E-tickets need at least one non-empty secret");
    expect(() => verifyTicketCode("x", [])).toThrow("E-tickets need at least one non-empty secret");
    expect(() => verifyTicketCode("x", [SECRET, ""])).toThrow("E-tickets need at least one non-empty secret");
  });
});

/** Which modules the SVG paints dark, read back from its path ("M4 4.5h7m2 0h2..."). */
function darkModules(svg: string) {
  const path = /<path stroke="#000000" d="([^"]*)"\/>/.exec(svg)?.[1] ?? "";
  const dark = new Set<string>();
  let [x, y] = [0, 0];
  for (const [, command, a, b] of path.matchAll(/([Mmh])(\d+(?:\.\d+)?)(?: (\d+(?:\.\d+)?))?/g)) {
    if (command === "M") [x, y] = [Number(a), Math.floor(Number(b))];
    else if (command === "m") x += Number(a);
    else for (let end = x + Number(a); x < end; x++) dark.add(`${x},${y}`);
  }
  return dark;
}

function expectedModules(text: string, errorCorrectionLevel: "L" | "M", margin: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel });
  const dark = new Set<string>();
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++)
      if (modules.get(row, column)) dark.add(`${column + margin},${row + margin}`);
  return { size: modules.size, dark };
}

describe("e-ticket QR code", () => {
  const code = signTicketCode(BOOKING_ID, SECRET);

  it("is bare SVG markup, dark on white, with a 4-module quiet zone", async () => {
    const svg = await ticketQrSvg(code);
    const { size } = expectedModules(code, "M", 4);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).not.toContain("<?xml");
    expect(svg).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    expect(svg).toContain(`<path fill="#ffffff" d="M0 0h${size + 8}v${size + 8}H0z"/>`);
    expect(svg).toContain('stroke="#000000"');
  });

  it("paints exactly the modules of the code at error correction level M", async () => {
    const painted = darkModules(await ticketQrSvg(code));
    expect(painted).toEqual(expectedModules(code, "M", 4).dark);
    expect(painted).not.toEqual(expectedModules(code, "L", 4).dark);
    expect([...painted].every((cell) => cell.split(",").every((n) => Number(n) >= 4))).toBe(true);
  });

  it("carries markup-like text as data, never as markup", async () => {
    const svg = await ticketQrSvg('<script>alert("x")</script>');
    expect(svg).not.toContain("<script");
    expect(darkModules(svg)).toEqual(expectedModules('<script>alert("x")</script>', "M", 4).dark);
  });
});
