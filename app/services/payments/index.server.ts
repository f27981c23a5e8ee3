import { config, PAYMENT_PROVIDER_IDS } from "~/config.server";
import { testPaymentProvider } from "./test-provider.server";
import type { PaymentProvider } from "./types";

export type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];

const providers: Record<PaymentProviderId, PaymentProvider> = { test: testPaymentProvider };

/** The provider named by configuration; an unknown name is a configuration error, reported at once. */
export function paymentProvider(id: string): PaymentProvider {
  if (!(PAYMENT_PROVIDER_IDS as readonly string[]).includes(id))
    throw new Error(`Unknown payment provider "${id}"; known providers: ${PAYMENT_PROVIDER_IDS.join(", ")}`);
  return providers[id as PaymentProviderId];
}

/** The provider PAYMENT_PROVIDER chose. */
export function configuredPaymentProvider() {
  return paymentProvider(config.paymentProvider);
}
