import type { ActionFunctionArgs } from "@remix-run/node";
import { readCapped } from "~/http/forms.server";
import { handleGatewayEvent } from "~/models/checkouts.server";
import { logger } from "~/services/logger.server";
import { configuredPaymentProvider } from "~/services/payments/index.server";
import { WebhookSignatureError } from "~/services/payments/types";

// The payment gateway's webhooks (decision 45): verified on the raw body, handled once by event id. A 2xx tells the
// gateway to stop; anything else makes it deliver the event again later, which is what a failure of ours needs.

// Stripe's events are a few kilobytes; one of this size is no event of theirs.
const MAX_EVENT_BYTES = 256 * 1024;

const answer = (status: number, message: string) =>
  new Response(JSON.stringify({ message }), { status, headers: { "Content-Type": "application/json" } });

export const loader = () => answer(405, "Webhooks are posted.");

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return answer(405, "Webhooks are posted.");
  const body = await readCapped(request, MAX_EVENT_BYTES);
  if (!body) return answer(413, "This event is too large.");
  const provider = configuredPaymentProvider();
  let event;
  try {
    event = provider.parseWebhook(body.toString("utf8"), request.headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return answer(400, error.message);
    return answer(400, "This event could not be read.");
  }
  try {
    const fresh = await handleGatewayEvent(provider.id, event);
    return answer(200, fresh ? "Handled." : "Already handled.");
  } catch (error) {
    logger.error({ err: error, event: event.id }, "Handling a payment webhook failed; the gateway will send it again");
    return answer(503, "Please send this event again later.");
  }
}
