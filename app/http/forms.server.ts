import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z, type output, type ZodTypeAny } from "zod";
import { hasControlCharacter, hasControlCharacterBesidesLineBreaks, isMultiLine } from "~/schemas/fields";

// Our forms are a few short fields; anything this large is not one of them.
export const MAX_FORM_BYTES = 16 * 1024;
export const FORM_TOO_LARGE = "This form is too large. Please shorten what you typed and try again.";
export const FORM_UNREADABLE = "This form could not be read. Please fill it in again.";
export const controlCharactersMessage = (label: string) => `${label} must not contain control characters.`;

/** How a schema's field may appear in a form (once, or as a list of at most `max` values), and its label. */
type FieldShape = { label: string; multiLine?: boolean } & ({ list: false } | { list: true; max: number });

function unwrap(schema: ZodTypeAny): ZodTypeAny {
  if (schema instanceof z.ZodEffects) return unwrap(schema.innerType());
  if (schema instanceof z.ZodPipeline) return unwrap(schema._def.in);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodReadonly
  ) {
    return unwrap(schema._def.innerType);
  }
  if (schema instanceof z.ZodBranded) return unwrap(schema.unwrap());
  return schema;
}

const shapesBySchema = new WeakMap<ZodTypeAny, Map<string, FieldShape>>();

/**
 * The fields a form schema names, read once per schema. Lists must say their maximum length: it is what bounds
 * the list a hostile post can make the server build. Every field must have a label (`.describe("Email")`): the
 * reader's own messages name the field.
 */
export function formFields(schema: ZodTypeAny): Map<string, FieldShape> {
  const known = shapesBySchema.get(schema);
  if (known) return known;
  const fields = new Map<string, FieldShape>();
  const collect = (part: ZodTypeAny) => {
    const inner = unwrap(part);
    if (inner instanceof z.ZodIntersection) {
      collect(inner._def.left);
      collect(inner._def.right);
      return;
    }
    if (!(inner instanceof z.ZodObject)) throw new Error("A form schema must be an object schema");
    for (const [name, field] of Object.entries(inner.shape as Record<string, ZodTypeAny>)) {
      const value = unwrap(field);
      if (value instanceof z.ZodUnknown) continue;
      const label = field.description;
      if (!label) throw new Error(`The form field "${name}" needs a label: .describe("...")`);
      if (value instanceof z.ZodArray) {
        const max = value._def.maxLength?.value;
        if (max === undefined) throw new Error(`The form list "${name}" needs a maximum length`);
        fields.set(name, { label, list: true, max });
      } else {
        fields.set(name, { label, list: false, ...(isMultiLine(field) ? { multiLine: true } : {}) });
      }
    }
  };
  collect(schema);
  shapesBySchema.set(schema, fields);
  return fields;
}

type FormRead =
  { ok: true; formData: FormData } | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

const LIST_ITEM = /^([A-Za-z][\w-]*)\[(0|[1-9]\d{0,3})\]$/;

/**
 * Reads a posted form into the fields its schema names and nothing else. The body is capped while it streams
 * in; unknown keys are dropped before anything parses them; a list keeps at most one value past its maximum (so
 * the schema still says it is too long); a repeated single field or a file (no form of ours sends one) refuses
 * the form; a control character refuses each field that holds one, with a message naming it by its label.
 */
export async function readForm(request: Request, schema: ZodTypeAny): Promise<FormRead> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FORM_BYTES) {
    if (request.body) await discardRest(request.body.getReader(), 0);
    return { ok: false, message: FORM_TOO_LARGE };
  }
  const body = await readCapped(request);
  if (!body) return { ok: false, message: FORM_TOO_LARGE };
  let posted: Iterable<[string, FormDataEntryValue]>;
  try {
    posted = await parseBody(body, request.headers.get("Content-Type") ?? "");
  } catch {
    return { ok: false, message: FORM_UNREADABLE };
  }
  return pickFields(posted, schema);
}

/** The fields of a body, as `readForm` keeps them (see there). */
function pickFields(posted: Iterable<[string, FormDataEntryValue]>, schema: ZodTypeAny): FormRead {
  const fields = formFields(schema);
  const formData = new FormData();
  const counts = new Map<string, number>();
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of posted) {
    const name = fields.has(key) ? key : LIST_ITEM.exec(key)?.[1];
    const shape = name === undefined ? undefined : fields.get(name);
    if (!shape || (!shape.list && name !== key)) continue;
    if (typeof value !== "string") return { ok: false, message: FORM_UNREADABLE };
    const count = (counts.get(name!) ?? 0) + 1;
    counts.set(name!, count);
    if (!shape.list && count > 1) return { ok: false, message: FORM_UNREADABLE };
    if (shape.list && (count > shape.max + 1 || Number(LIST_ITEM.exec(key)?.[2] ?? 0) > shape.max)) continue;
    const refused = shape.multiLine ? hasControlCharacterBesidesLineBreaks(value) : hasControlCharacter(value);
    if (refused) fieldErrors[name!] = [controlCharactersMessage(shape.label)];
    formData.append(key, value);
  }
  const refusals = Object.values(fieldErrors);
  if (refusals.length > 0) return { ok: false, message: refusals[0][0], fieldErrors };
  return { ok: true, formData };
}

/** A URL-encoded body already read, checked as `readSubmission` checks a post: its values, or null if refused. */
export function checkedFormValues<Schema extends ZodTypeAny>(body: string, schema: Schema): output<Schema> | null {
  const form = pickFields(new URLSearchParams(body), schema);
  if (!form.ok) return null;
  const submission = parseFields(form.formData, schema);
  return submission.status === "success" ? (submission.value as output<Schema>) : null;
}

export const URL_ENCODED = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * The fields of a body. A form without a file (all of ours) comes URL-encoded and is read as the Fetch API's own
 * parser reads it, without the stream and Response that parser would be handed; anything else goes to that parser.
 */
async function parseBody(
  body: Buffer<ArrayBuffer>,
  contentType: string,
): Promise<Iterable<[string, FormDataEntryValue]>> {
  if (URL_ENCODED.test(contentType)) return new URLSearchParams(body.toString("utf8"));
  return new Response(body, { headers: { "Content-Type": contentType } }).formData();
}

// How much of a refused body, and for how long, is read and dropped before its sender is cut off.
const MAX_DISCARDED_BYTES = 32 * 1024 * 1024;
const MAX_DISCARD_MS = 2_000;

/**
 * Reads the rest of a refused body and drops it, before the refusal is sent. A connection closed with part of the
 * body unread (the client asked for `Connection: close`, or is cut off) is reset by the kernel, and the client loses
 * the refusal with it: it sees a broken pipe, not the message. Past the bounds the sender is cut off all the same.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  let size = alreadyRead;
  const timer = setTimeout(() => reader.cancel().catch(() => {}), MAX_DISCARD_MS);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > MAX_DISCARDED_BYTES) return await reader.cancel();
    }
  } catch {
    // Cancelled at the deadline, or the client went away: nothing is left to read.
  } finally {
    clearTimeout(timer);
  }
}

/** A request's body, read while it streams in up to `maxBytes`; null (the rest read and dropped) past that. */
export async function readCapped(request: Request, maxBytes = MAX_FORM_BYTES) {
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader, size);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The values of a form as Conform carries them back to the page. */
type FormValue = NonNullable<SubmissionResult<string[]>["initialValue"]>;

/** A Conform result carrying one message for the whole form. */
export function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

const coercedSchemas = new WeakMap<ZodTypeAny, ZodTypeAny>();

/** Conform's form-value coercion of a schema, made once per schema: Conform would build it anew for every post. */
function coercedSchema(schema: ZodTypeAny) {
  let coerced = coercedSchemas.get(schema);
  if (!coerced) {
    coerced = coerceFormValue(schema) as ZodTypeAny;
    coercedSchemas.set(schema, coerced);
  }
  return coerced;
}

function parseFields(formData: FormData, schema: ZodTypeAny) {
  return parseWithZod(formData, { schema: coercedSchema(schema), disableAutoCoercion: true });
}

/**
 * Reads a posted form and checks it with its schema. On success it gives the values, `refuse`, which re-renders the
 * form with its messages (for the whole form, or for one field), and `update`, which re-renders it with some values
 * changed and no message: a step of a form that stores nothing yet, such as adding a time to a list (the field it
 * names as emptied is shown empty). Otherwise it gives the 400 response that re-renders the form with its errors,
 * and the first of those errors for actions that answer with a toast instead. Secret fields (passwords) are never
 * sent back to the page.
 */
export async function readSubmission<Schema extends ZodTypeAny>(
  request: Request,
  schema: Schema,
  { secretFields = [] as string[] } = {},
) {
  const form = await readForm(request, schema);
  if (!form.ok) {
    const reply: SubmissionResult<string[]> = form.fieldErrors
      ? { status: "error", error: form.fieldErrors }
      : formError(form.message);
    return { ok: false as const, message: form.message, response: data(reply, { status: 400 }) };
  }
  const submission = parseFields(form.formData, schema);
  if (submission.status !== "success") {
    const reply = submission.reply({ hideFields: secretFields });
    const message = Object.values(reply.error ?? {}).flat()[0] ?? FORM_UNREADABLE;
    return { ok: false as const, message, response: data(reply, { status: 400 }) };
  }
  return {
    ok: true as const,
    value: submission.value as output<Schema>,
    refuse: (message: string | string[], status: number, field?: string) =>
      data(
        submission.reply(
          field
            ? { fieldErrors: { [field]: [message].flat() }, hideFields: secretFields }
            : { formErrors: [message].flat(), hideFields: secretFields },
        ),
        { status },
      ),
    update: (changes: Partial<FormValue>, { emptied }: { emptied?: string } = {}) => {
      const value = { ...submission.payload, ...changes } as FormValue;
      // Conform's "update" intent, as its own buttons would send it, empties a field and shows it anew.
      const result: SubmissionResult<string[]> = {
        status: "success",
        initialValue: emptied ? { ...value, [emptied]: "" } : value,
        intent: emptied ? { type: "update", payload: { name: emptied, value: "" } } : undefined,
      };
      return data(result);
    },
  };
}
