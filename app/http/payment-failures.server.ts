import type { PayRefusal } from "~/domain/booking";

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
