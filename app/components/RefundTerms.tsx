import { refundTerms } from "~/domain/booking";

/** The cancellation terms, stated before paying, on the booking and before cancelling. */
export function RefundTerms({ cutoffMinutes }: { cutoffMinutes: number }) {
  return (
    <p className="refund-terms">
      <strong>Cancellation:</strong> {refundTerms(cutoffMinutes)}
    </p>
  );
}
