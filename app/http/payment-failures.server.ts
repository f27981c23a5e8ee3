import { payRefusal, type BookingState, type PayRefusal } from "~/domain/booking";

export const ALREADY_PAID = "This booking is already paid.";

type CheckoutFailure = { reason: Exclude<PayRefusal, "already-paid"> } | { reason: "unavailable"; message: string };

/** What the checkout says, and with which status, when paying is refused ("already paid" goes to the ticket). */
export function paymentFailure(failure: CheckoutFailure) {
  switch (failure.reason) {
    case "unavailable":
      return { status: 503, message: failure.message };
    case "expired":
      return {
        status: 409,
        message: "This booking's hold has expired, so it can no longer be paid. Please book your seats again.",
      };
    case "cancelled":
      return { status: 409, message: "This booking was cancelled, so it cannot be paid." };
    case "show-started":
      return {
        status: 409,
        message: "This show has already started, so the booking can no longer be paid. Its seats have been released.",
      };
  }
}

/**
 * Why a booking's checkout steps of their own (ticket types, a promo code) take nothing more, said where their form
 * would be, so a form posted to a booking paid or ended meanwhile is answered in words; null while it can be paid.
 */
export function checkoutClosed(booking: BookingState) {
  const refusal = payRefusal(booking);
  return refusal === "already-paid" ? ALREADY_PAID : refusal && paymentFailure({ reason: refusal }).message;
}
