import type { SubmissionResult } from "@conform-to/react";

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
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FORM_BYTES) return { ok: false, message: FORM_TOO_LARGE };
  const body = await readCapped(request);
  if (!body) return { ok: false, message: FORM_TOO_LARGE };
  let formData: FormData;
  try {
    formData = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
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
export function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}
