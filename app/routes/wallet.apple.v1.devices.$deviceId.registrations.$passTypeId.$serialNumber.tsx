import type { ActionFunctionArgs } from "@remix-run/node";
import {
  passRequest,
  readServiceBody,
  registrationSchema,
  serviceAnswer,
  servicePath,
  wrongToken,
} from "~/http/apple-wallet-service.server";
import { registerDevice, unregisterDevice } from "~/models/wallet-updates.server";

// Apple Wallet registers a device for a pass's updates (POST, with its push token) and ends that (DELETE).
export const loader = () => serviceAnswer(405, { message: "Registrations are posted or deleted." });

export async function action({ request, params }: ActionFunctionArgs) {
  const path = servicePath(params);
  if (!path.ok) return path.answer;
  const pass = passRequest(request, path);
  if (request.method === "DELETE")
    return (await unregisterDevice(path.deviceId!, pass)) ? serviceAnswer(200, {}) : wrongToken();
  if (request.method !== "POST") return serviceAnswer(405, { message: "Registrations are posted or deleted." });
  const body = await readServiceBody(request, registrationSchema);
  if (!body.ok) return body.answer;
  const registered = await registerDevice(path.deviceId!, pass, body.value.pushToken);
  if (!registered) return wrongToken();
  return serviceAnswer(registered === "created" ? 201 : 200, {});
}
