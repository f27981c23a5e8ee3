import type { PaymentFailure } from "~/models/payments.server";

/** What the checkout says, and with which status, when a payment is refused; null for "already paid". */
export function paymentFailure(failure: Exclude<PaymentFailure, { reason: "not-found" | "already-paid" }>) {
  switch (failure.reason) {
    case "declined":
      return { status: 402, message: failure.message };
    case "unavailable":
      return { status: 503, message: failure.message };
    case "expired":
      return {
        status: 409,
        message: "This booking's hold has expired, so it can no longer be paid. Please book your seats again.",
      };
    case "cancelled":
      return { status: 409, message: "This booking was cancelled, so it cannot be paid." };
  }
}
