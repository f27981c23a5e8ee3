import { refundTerms, type Booking } from "~/domain/booking";

type Props = {
  booking: Pick<Booking, "status" | "pastCancelCutoff" | "startsAt">;
  cutoffMinutes: number;
  timeZone: string;
};

/** The cancellation terms as they stand for this booking, stated before paying, on the booking and before cancelling. */
export function RefundTerms({ booking, cutoffMinutes, timeZone }: Props) {
  return (
    <p className="refund-terms">
      <strong>Cancellation:</strong> {refundTerms(booking, cutoffMinutes, timeZone)}
    </p>
  );
}
