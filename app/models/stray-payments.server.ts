import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { paymentProvider } from "~/services/payments/index.server";
import type { RefundResult } from "~/services/payments/types";
import { refundStatusAfter } from "./payments.server";

// A payment the gateway took for a booking that could no longer take it (decision 45): its refund, which the settling
// transaction puts in the outbox and the outbox's worker carries out.

/** A paid checkout the booking could not take: refunded in full by the outbox's worker. */
export type StrayPayment = {
  checkoutId: string;
  provider: string;
  paymentReference: string;
  amountCents: number;
  cardLast4: string | null;
};

/** The outbox worker's refund of a stray payment; the key makes a retried one the same refund. */
export async function refundStrayPayment(stray: StrayPayment): Promise<RefundResult> {
  const refund = await paymentProvider(stray.provider).refund({
    paymentReference: stray.paymentReference,
    amountCents: stray.amountCents,
    idempotencyKey: `stray:${stray.checkoutId}`,
  });
  if (refund.ok) {
    await typed(await getDb())
      .updateTable("checkouts")
      .set({ refund_reference: refund.reference, refund_status: refundStatusAfter(refund.status) })
      .where("id", "=", stray.checkoutId)
      .execute();
  }
  return refund;
}
