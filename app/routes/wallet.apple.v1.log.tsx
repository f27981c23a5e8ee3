import type { ActionFunctionArgs } from "@remix-run/node";
import { deviceLogsSchema, readServiceBody, serviceAnswer } from "~/http/apple-wallet-service.server";
import { config } from "~/config.server";
import { logger } from "~/services/logger.server";

// Apple Wallet reports what went wrong with the web service (a pass it could not fetch or read): kept in the log.
export const loader = () => serviceAnswer(405, { message: "Logs are posted." });

export async function action({ request }: ActionFunctionArgs) {
  if (!config.wallet.apple) return serviceAnswer(404, { message: "No passes here." });
  if (request.method !== "POST") return serviceAnswer(405, { message: "Logs are posted." });
  const body = await readServiceBody(request, deviceLogsSchema);
  if (!body.ok) return body.answer;
  for (const line of body.value.logs) logger.warn({ walletLog: line }, "Apple Wallet reported a problem");
  return serviceAnswer(200, {});
}
