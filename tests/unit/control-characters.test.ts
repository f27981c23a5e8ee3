/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formFields, readSubmission } from "~/http/forms.server";
import { parseQuery } from "~/schemas/list-query";
import { loginSchema } from "~/schemas/login";

// Every schema in app/schemas, found by name, so a new one is checked without being listed here. The schemas of
// URLs (read with parseQuery, never refused) are named; every other one is a posted form's.
const modules = import.meta.glob<Record<string, unknown>>("/app/schemas/*.ts", { eager: true });
const URL_SCHEMAS = [
  "bookingListSchema",
  "movieFiltersSchema",
  "movieSearchSchema",
  "outboxListSchema",
  "showListSchema",
  "staffChangeListSchema",
  "takingsQuerySchema",
  "ticketCodeSchema",
  "tmdbSearchSchema",
];

const schemas = Object.values(modules).flatMap((exports) =>
  Object.entries(exports).flatMap(([name, value]): [string, z.ZodTypeAny][] => {
    if (!name.endsWith("Schema")) return [];
    if (value instanceof z.ZodType) return [[name, value]];
    if (typeof value !== "function") return [];
    // A schema made per currency (the forms with prices: it takes one argument) is checked in one.
    return [[name, (value.length > 0 ? value("USD") : value()) as z.ZodTypeAny]];
  }),
);
const formSchemas = schemas.filter(([name]) => !URL_SCHEMAS.includes(name));
const urlSchemas = schemas.filter(([name]) => URL_SCHEMAS.includes(name));

// NUL, BEL, DEL, a C1 control, and the tab and line breaks no single-line field of ours can hold either.
const CONTROLS = ["\u0000", "\u0007", "\u007f", "\u009f", "\t", "\n", "\r"];
// A text area (the hall editor's rows) holds line breaks, and nothing else of those.
const LINE_BREAKS = ["\n", "\r"];
const CONTROL = /\p{Cc}/u;

const post = (fields: [string, string][]) =>
  new Request("http://cinema.test/form", { method: "POST", body: new URLSearchParams(fields) });

describe("every form schema", () => {
  it("lets a text area hold line breaks", async () => {
    const hall = formSchemas.find(([name]) => name === "hallSchema")![1];
    expect(formFields(hall).get("layout")).toMatchObject({ multiLine: true });
    const result = await readSubmission(
      post([
        ["layout", "A 1 2\r\nB 1 2\n"],
        ["name", "Studio"],
      ]),
      hall,
    );
    expect(result.ok || result.response.data).not.toMatchObject({
      error: { layout: [expect.stringMatching(/control/)] },
    });
  });

  it("is found, the sign-in form's among them", () => {
    expect(formSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(["loginSchema", "registerSchema", "forgotPasswordSchema", "cardPaymentSchema"]),
    );
    expect(urlSchemas).toHaveLength(URL_SCHEMAS.length);
  });

  for (const [name, schema] of formSchemas) {
    it(`${name} refuses a control character in any field, naming the field`, async () => {
      for (const [field, shape] of formFields(schema)) {
        // A sentence's first word: "Email", or an acronym ("TMDB id or address").
        expect(shape.label, `${name}.${field}`).toMatch(/^[A-Z][A-Za-z]/);
        const refused = shape.multiLine ? CONTROLS.filter((control) => !LINE_BREAKS.includes(control)) : CONTROLS;
        for (const control of refused) {
          const result = await readSubmission(post([[field, `a${control}b`]]), schema);
          const message = `${shape.label} must not contain control characters.`;
          expect(result.ok, `${name}.${field} ${JSON.stringify(control)}`).toBe(false);
          if (result.ok) continue;
          expect(result.message).toBe(message);
          expect(result.response.init?.status).toBe(400);
          expect(result.response.data).toMatchObject({ error: { [field]: [message] } });
        }
      }
    });
  }

  const signIn = (email: string, password: string) =>
    readSubmission(
      post([
        ["email", email],
        ["password", password],
      ]),
      loginSchema,
      { secretFields: ["password"] },
    );

  it("names each field with a control character, and echoes none of them", async () => {
    const result = await signIn("ann\u0000@example.com", "secret\u0007password");
    expect(!result.ok && result.response.data).toEqual({
      status: "error",
      error: {
        email: ["Email must not contain control characters."],
        password: ["Password must not contain control characters."],
      },
    });
  });

  it("accepts letters from any language and symbols, which are not control characters", async () => {
    const result = await signIn("zoë@example.com", "pässwörd ✓ 密码");
    expect(result.ok && result.value).toMatchObject({ email: "zoë@example.com", password: "pässwörd ✓ 密码" });
  });
});

/** The fields of a query schema, through the transform some put around their object. */
const shapeOf = (schema: z.ZodTypeAny): z.ZodRawShape =>
  schema instanceof z.ZodEffects ? shapeOf(schema.innerType()) : (schema as z.AnyZodObject).shape;

describe("every URL schema", () => {
  for (const [name, schema] of urlSchemas) {
    it(`${name} drops control characters, so none reaches the database`, () => {
      const fields = Object.keys(shapeOf(schema));
      for (const field of fields) {
        for (const control of CONTROLS) {
          const parsed = parseQuery(schema as z.AnyZodObject, new URLSearchParams({ [field]: `Dra${control}ma` }));
          for (const value of Object.values(parsed)) {
            if (typeof value === "string") expect(value, `${name}.${field}`).not.toMatch(CONTROL);
          }
        }
      }
    });
  }
});
