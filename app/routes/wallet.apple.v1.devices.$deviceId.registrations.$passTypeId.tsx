import type { LoaderFunctionArgs } from "@remix-run/node";
import { serviceAnswer, servicePath, updatedSinceSchema } from "~/http/apple-wallet-service.server";
import { passesUpdatedSince } from "~/models/wallet-updates.server";

// Apple Wallet asks which of a device's passes changed since its last update (after a push): their serial numbers
// and the tag to ask with next time, or 204 when none did.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const path = servicePath(params);
  if (!path.ok) return path.answer;
  const since = updatedSinceSchema.safeParse(new URL(request.url).searchParams.get("passesUpdatedSince"));
  if (!since.success) return serviceAnswer(400, { message: since.error.issues[0].message });
  const updated = await passesUpdatedSince(path.deviceId!, path.passTypeId, since.data);
  return updated ? serviceAnswer(200, updated) : serviceAnswer(204);
}
