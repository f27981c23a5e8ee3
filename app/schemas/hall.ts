import { z } from "zod";
import type { TypeExtras } from "~/domain/hall";
import { SEAT_TYPE_NAMES } from "~/domain/hall-layout";
import { MAX_LAYOUT_TEXT, parseLayout, readLayout } from "~/domain/hall-layout-text";
import { toMinorUnits } from "~/utils/money";
import { amountMessages, amountProblem, perCurrency } from "./amount-fields";
import { multiLine } from "./fields";

export const MAX_HALL_NAME = 60;
export const NAME_REQUIRED = "Please enter the hall's name";
export const LAYOUT_REQUIRED = "Please write the hall's rows";
/** The buttons: Preview draws the layout as customers will see it, Save stores the hall. */
export const PREVIEW = "preview";
export const SAVE = "save";
/**
 * A seat of the editor's grid pressed without JavaScript: its place in the layout ("line:column"), changed to the next
 * kind and the form shown again. Nothing is stored, so the rest of the form may still be unfinished.
 */
export const SEAT = "seat" as const;
const PLACE_AT = /^(\d{1,2}):(\d{1,2})$/;
/**
 * The seat types that can cost more than a standard seat: premium seats. A wheelchair space and its companion seat
 * cost what the standard seat beside them does, never more (decision 42).
 */
export const PRICED_TYPES = ["premium"] as const;
type PricedType = (typeof PRICED_TYPES)[number];

export const extraLabel = (type: PricedType) =>
  `${SEAT_TYPE_NAMES[type][0].toUpperCase()}${SEAT_TYPE_NAMES[type].slice(1)}s cost extra`;

function extraField(type: PricedType, currency: string) {
  const messages = amountMessages(extraLabel(type), currency);
  return z
    .string()
    .trim()
    .superRefine((text, context) => {
      const problem = text === "" ? null : amountProblem(text, currency, { allowZero: true });
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: messages[problem] });
    })
    .optional()
    .describe(extraLabel(type));
}

function buildSchema(currency: string) {
  return z
    .object({
      intent: z.enum([PREVIEW, SAVE]).catch(SAVE).describe("Button"),
      name: z
        .string()
        .trim()
        .max(MAX_HALL_NAME, `The name can have at most ${MAX_HALL_NAME} characters`)
        .optional()
        .describe("Name"),
      layout: multiLine(
        z
          .string({ required_error: LAYOUT_REQUIRED })
          .max(MAX_LAYOUT_TEXT, `The layout is too long: at most ${MAX_LAYOUT_TEXT} characters.`)
          .describe("Rows"),
      ),
      premiumExtra: extraField("premium", currency),
      inUse: z
        .literal("on")
        .optional()
        .transform((checked) => checked === "on")
        .describe("In use"),
      seat: z.string().regex(PLACE_AT, LAYOUT_REQUIRED).optional().describe("Seat to change"),
    })
    .superRefine((form, context) => {
      if (!form.seat && !form.name)
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["name"], message: NAME_REQUIRED });
    })
    .transform((form, context) => {
      if (form.seat) {
        const { layout, problems } = readLayout(form.layout);
        if (!layout) {
          for (const problem of problems)
            context.addIssue({ code: z.ZodIssueCode.custom, path: ["layout"], message: problem });
          return z.NEVER;
        }
        const [line, column] = form.seat.split(":").map(Number);
        return { intent: SEAT, layout, line, column };
      }
      const parsed =
        form.layout.trim() === "" ? { ok: false as const, problems: [LAYOUT_REQUIRED] } : parseLayout(form.layout);
      if (!parsed.ok) {
        for (const problem of parsed.problems)
          context.addIssue({ code: z.ZodIssueCode.custom, path: ["layout"], message: problem });
        return z.NEVER;
      }
      const extras: TypeExtras = {};
      for (const type of PRICED_TYPES) {
        const text = form[`${type}Extra`];
        if (text) extras[type] = toMinorUnits(text, currency);
      }
      const name = form.name ?? "";
      return { intent: form.intent, name, layout: parsed.layout, typeExtras: extras, inUse: form.inUse };
    });
}

/** The hall editor's form, for prices in `currency`: a name, the rows as text, each seat type's price, in use. */
export const hallSchema = perCurrency(buildSchema);
