import type { ApplyFailure } from "~/models/promo-codes.server";
import { paymentFailure } from "./payment-failures.server";

/** What the customer is told of a code that does not apply, with the status of the answer. */
export function promoCodeRefusal(failure: Exclude<ApplyFailure, { reason: "not-found" | "already-paid" }>) {
  switch (failure.reason) {
    case "not-valid":
      return { status: 400, message: "This code is not valid for this booking. Please check it and try again." };
    case "no-tickets-it-covers":
      return { status: 400, message: "This code does not cover the tickets of this booking." };
    case "used-up":
      return { status: 409, message: "This code has been used up." };
    case "already-used":
      return { status: 409, message: "You have already used this code on another booking." };
    case "has-code":
      return { status: 409, message: "This booking already has a code. Remove it to use another." };
    case "too-many-guesses": {
      const wait = failure.minutes === 1 ? "1 minute" : `${failure.minutes} minutes`;
      return { status: 429, message: `Too many codes tried. Please try again in ${wait}.` };
    }
    default:
      return paymentFailure(failure);
  }
}
