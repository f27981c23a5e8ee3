import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { config } from "~/config.server";
import type { PassRequest } from "~/models/wallet-updates.server";
import { readCapped } from "./forms.server";

// The passes' web service as Apple Wallet speaks it (decision 73): JSON in and out, statuses that carry the answer.

// What a device sends, checked before anything is looked up: the path's identifiers, a registration's push token,
// the tag of a device's last update, and the logs a device reports. A machine's requests, not a form's.

const IDENTIFIER = /^[A-Za-z0-9._-]{1,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The identifiers of a web service address: a device's, a pass type's and (for one pass) its serial number. */
export const passPathSchema = z.object({
  deviceId: z.string().regex(IDENTIFIER, "not a device library identifier").optional(),
  passTypeId: z.string().regex(IDENTIFIER, "not a pass type identifier"),
  serialNumber: z.string().regex(UUID, "not a serial number of ours").optional(),
});

/** A registration's body: the device's APNs token, in hex (32 bytes today). */
export const registrationSchema = z.object({
  pushToken: z.string().regex(/^[0-9A-Fa-f]{16,256}$/, "not an APNs device token"),
});

/** passesUpdatedSince: the tag the service gave the device last time (milliseconds), or none. */
export const updatedSinceSchema = z
  .string()
  .regex(/^\d{1,15}$/, "not a tag this service gave")
  .transform(Number)
  .nullable();

/** The messages a device reports about passes it could not update. */
export const deviceLogsSchema = z.object({ logs: z.array(z.string().max(2000)).max(100) });

/** Larger than anything a device sends: a push token, or a few log lines. */
const MAX_BODY_BYTES = 16 * 1024;

/** An answer of the web service: its status, with a JSON body when there is one to give. */
export function serviceAnswer(status: number, body?: object, headers: Record<string, string> = {}) {
  if (body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

/**
 * The identifiers of the request's address, checked; or the answer refusing it: 404 while the cinema has no Apple
 * Wallet pass, 400 for an identifier no wallet sends.
 */
export function servicePath(params: LoaderFunctionArgs["params"]) {
  if (!config.wallet.apple) return { ok: false as const, answer: serviceAnswer(404, { message: "No passes here." }) };
  const path = passPathSchema.safeParse(params);
  if (!path.success)
    return { ok: false as const, answer: serviceAnswer(400, { message: path.error.issues[0].message }) };
  return { ok: true as const, ...path.data };
}

/** The pass a request is about, with the token its `Authorization: ApplePass <token>` header carries. */
export function passRequest(request: Request, path: { passTypeId: string; serialNumber?: string }): PassRequest {
  const authorization = /^ApplePass (\S+)$/.exec(request.headers.get("Authorization") ?? "");
  return {
    passTypeIdentifier: path.passTypeId,
    serialNumber: path.serialNumber ?? "",
    authenticationToken: authorization?.[1] ?? null,
  };
}

export const wrongToken = () => serviceAnswer(401, { message: "This pass's token is not this pass's." });

/** The request's JSON body as `schema` reads it, or the 400 or 413 answer refusing it. */
export async function readServiceBody<T extends z.ZodTypeAny>(
  request: Request,
  schema: T,
): Promise<{ ok: true; value: z.infer<T> } | { ok: false; answer: Response }> {
  const body = await readCapped(request, MAX_BODY_BYTES);
  if (!body) return { ok: false, answer: serviceAnswer(413, { message: "This body is too large." }) };
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return { ok: false, answer: serviceAnswer(400, { message: "The body is not JSON." }) };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, answer: serviceAnswer(400, { message: parsed.error.issues[0].message }) };
  return { ok: true, value: parsed.data };
}
