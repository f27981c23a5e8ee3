import { config, PAYMENT_PROVIDER_IDS } from "~/config.server";
import { createStripeProvider } from "./stripe.server";
import { testPaymentProvider } from "./test-gateway.server";
import type { PaymentProvider } from "./types";

export type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];

let stripe: PaymentProvider | undefined;

/**
 * The provider of this id. Stripe is made on first use from its keys; a payment recorded with Stripe while the site
 * runs without its keys can be shown but not refunded, which is a configuration error, reported at once.
 */
export function paymentProvider(id: string): PaymentProvider {
  if (id === "test") return testPaymentProvider;
  if (id === "stripe") {
    if (!config.payments.stripe)
      throw new Error(
        "A Stripe payment needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, and PAYMENT_PROVIDER=stripe",
      );
    return (stripe ??= createStripeProvider(config.payments.stripe));
  }
  throw new Error(`Unknown payment provider "${id}"; known providers: ${PAYMENT_PROVIDER_IDS.join(", ")}`);
}

/** The provider PAYMENT_PROVIDER chose. */
export function configuredPaymentProvider() {
  return paymentProvider(config.payments.provider);
}
