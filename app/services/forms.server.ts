import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { output, ZodTypeAny } from "zod";

// Our forms are a few short text fields; anything this large is not one of them.
export const MAX_FORM_BYTES = 16 * 1024;
export const FORM_TOO_LARGE = "This form is too large. Please shorten what you typed and try again.";
export const FORM_UNREADABLE = "This form could not be read. Please fill it in again.";

type FormRead = { ok: true; formData: FormData } | { ok: false; message: string };

/**
 * Reads a posted form without trusting it: the body is capped while it streams in, and repeated or
 * file fields (which no form of ours sends) are refused instead of reaching a schema or a 500.
 */
export async function readForm(request: Request): Promise<FormRead> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FORM_BYTES)
    return { ok: false, message: FORM_TOO_LARGE };
  const body = await readCapped(request);
  if (!body) return { ok: false, message: FORM_TOO_LARGE };
  let formData: FormData;
  try {
    formData = await new Response(body, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
  } catch {
    return { ok: false, message: FORM_UNREADABLE };
  }
  for (const key of new Set(formData.keys())) {
    const values = formData.getAll(key);
    if (values.length > 1 || typeof values[0] !== "string") return { ok: false, message: FORM_UNREADABLE };
  }
  return { ok: true, formData };
}

async function readCapped(request: Request) {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A Conform result carrying one message for the whole form. */
function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

/**
 * Reads a posted form and checks it with its schema. On success it gives the values and `refuse`, which
 * re-renders the form with one message; otherwise the 400 response that re-renders it with its errors.
 * Secret fields (passwords) are never sent back to the page.
 */
export async function readSubmission<Schema extends ZodTypeAny>(
  request: Request,
  schema: Schema,
  secretFields: string[] = [],
) {
  const form = await readForm(request);
  if (!form.ok) return { ok: false as const, response: data(formError(form.message), { status: 400 }) };
  const submission = parseWithZod(form.formData, { schema });
  if (submission.status !== "success") {
    return { ok: false as const, response: data(submission.reply({ hideFields: secretFields }), { status: 400 }) };
  }
  return {
    ok: true as const,
    value: submission.value as output<Schema>,
    refuse: (message: string, status: number) =>
      data(submission.reply({ formErrors: [message], hideFields: secretFields }), { status }),
  };
}
