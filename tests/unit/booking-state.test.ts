import { describe, expect, it } from "vitest";
import {
  bookingAmountCents,
  cancelRefusal,
  cancelRefusalMessage,
  canCancel,
  canPay,
  payRefusal,
  type BookingState,
} from "~/domain/booking";

const state = (changes: Partial<BookingState> = {}): BookingState => ({
  status: "pending",
  showStarted: false,
  pastCancelCutoff: false,
  checkedIn: false,
  ...changes,
});

describe("paying", () => {
  it("is for a running hold of a show that has not started", () => {
    expect(canPay(state())).toBe(true);
    expect(payRefusal(state({ status: "paid" }))).toBe("already-paid");
    expect(payRefusal(state({ status: "cancelled" }))).toBe("cancelled");
    expect(payRefusal(state({ status: "expired" }))).toBe("expired");
    // A show that started says so, whether or not the hold's own deadline came first.
    expect(payRefusal(state({ showStarted: true }))).toBe("show-started");
    expect(payRefusal(state({ status: "expired", showStarted: true }))).toBe("show-started");
  });
});

describe("cancelling", () => {
  it("lets a hold go at any time, and a paid booking until the cut-off unless its ticket was let in", () => {
    expect(canCancel(state())).toBe(true);
    expect(canCancel(state({ pastCancelCutoff: true }))).toBe(true);
    expect(canCancel(state({ status: "paid" }))).toBe(true);
    expect(cancelRefusal(state({ status: "paid", pastCancelCutoff: true }))).toBe("past-cutoff");
    expect(cancelRefusal(state({ status: "paid", checkedIn: true }))).toBe("checked-in");
    expect(cancelRefusal(state({ status: "paid", checkedIn: true, pastCancelCutoff: true }))).toBe("checked-in");
    expect(cancelRefusal(state({ status: "cancelled" }))).toBe("cancelled");
    expect(cancelRefusal(state({ status: "expired" }))).toBe("expired");
  });

  it("says why not", () => {
    expect(cancelRefusalMessage("past-cutoff", 120)).toBe(
      "Cancellations close 2 hours before the show, so this booking can no longer be cancelled.",
    );
    expect(cancelRefusalMessage("checked-in", 120)).toBe(
      "This ticket has been checked in at the door, so the booking can no longer be cancelled.",
    );
  });
});

describe("booking amount", () => {
  it("is the show price times the seats, in cents", () => {
    expect(bookingAmountCents(1299, 3)).toBe(3897);
    expect(bookingAmountCents(4900, 1)).toBe(4900);
    expect(bookingAmountCents(4900, 0)).toBe(0);
    expect(bookingAmountCents(0, 5)).toBe(0);
  });

  it("refuses fractions, negatives and amounts too large to count", () => {
    expect(() => bookingAmountCents(12.99, 2)).toThrow("The price must be a whole, non-negative number of minor units");
    expect(() => bookingAmountCents(-100, 2)).toThrow("The price must be a whole, non-negative number of minor units");
    expect(() => bookingAmountCents(NaN, 2)).toThrow("The price must be a whole, non-negative number of minor units");
    expect(() => bookingAmountCents(100, 1.5)).toThrow("The seat count must be a whole, non-negative number");
    expect(() => bookingAmountCents(100, -1)).toThrow("The seat count must be a whole, non-negative number");
    expect(() => bookingAmountCents(Number.MAX_SAFE_INTEGER, 2)).toThrow("too large to count in minor units");
  });
});
