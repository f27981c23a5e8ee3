import { describeMinutes } from "~/utils/format";

/** The cancellation terms, stated before paying, on the booking and before cancelling. */
export function RefundTerms({ cutoffMinutes }: { cutoffMinutes: number }) {
  return (
    <p className="refund-terms">
      <strong>Cancellation:</strong> a paid booking can be cancelled for a full refund until{" "}
      {describeMinutes(cutoffMinutes)} before the show. After that it can no longer be cancelled.
    </p>
  );
}
