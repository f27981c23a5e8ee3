import { describe, expect, it } from "vitest";
import {
  cancelRefusal,
  cancelRefusalMessage,
  canCancel,
  canPay,
  payRefusal,
  refundTerms,
  shortBookingId,
  shortReferenceOf,
  type BookingState,
} from "~/domain/booking";
import { bookingAmountCents } from "~/domain/hall";
import { seatPriceCents } from "~/domain/hall";

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

describe("refund terms", () => {
  const startsAt = "2031-11-02T01:30:00Z";

  it("name the cut-off's moment in the cinema's zone while it is ahead", () => {
    expect(refundTerms({ ...state(), startsAt }, 120, "America/New_York")).toBe(
      "a paid booking can be cancelled for a full refund until Sat, Nov 1, 7:30 PM, 2 hours before the show. After that it can no longer be cancelled or refunded.",
    );
  });

  it("say before paying, once the cut-off has passed, that the payment cannot be refunded", () => {
    expect(refundTerms({ ...state({ pastCancelCutoff: true }), startsAt }, 120, "UTC")).toBe(
      "full refunds end 2 hours before the show, and that time has passed: once paid, this booking cannot be cancelled or refunded.",
    );
    expect(refundTerms({ ...state({ status: "paid", pastCancelCutoff: true }), startsAt }, 120, "UTC")).toBe(
      "full refunds ended 2 hours before the show, so this booking can no longer be cancelled or refunded.",
    );
  });
});

describe("booking amount", () => {
  const extras = { premium: 250, wheelchair: 0 };

  it("adds up each seat's price: the show's price and its type's difference, in minor units", () => {
    expect(bookingAmountCents(1299, ["standard", "standard", "standard"], {})).toBe(3897);
    expect(bookingAmountCents(4900, ["premium", "premium"], extras)).toBe(10300);
    expect(bookingAmountCents(4900, ["wheelchair", "companion", "standard"], extras)).toBe(14700);
    expect(bookingAmountCents(4900, [], extras)).toBe(0);
    expect(seatPriceCents(4900, "premium", extras)).toBe(5150);
  });

  it("refuses fractions, negatives and amounts too large to count", () => {
    const refusal = "A seat's price must be a whole, non-negative number of minor units";
    expect(() => bookingAmountCents(12.99, ["standard"], {})).toThrow(refusal);
    expect(() => bookingAmountCents(-100, ["standard"], {})).toThrow(refusal);
    expect(() => bookingAmountCents(NaN, ["standard"], {})).toThrow(refusal);
    expect(() => bookingAmountCents(100, ["premium"], { premium: 0.5 })).toThrow(refusal);
    expect(() => bookingAmountCents(Number.MAX_SAFE_INTEGER, ["standard", "standard"], {})).toThrow(
      "too large to count in minor units",
    );
  });
});

describe("short booking reference", () => {
  const id = "9f3a61c2-4b7d-4e2a-8c1f-0a1b2c3d4e5f";

  it("is read back from what people type: any case, a dash or spaces in the middle, spaces around", () => {
    expect(shortBookingId(id)).toBe("9F3A61C2");
    for (const typed of ["9F3A61C2", "9f3a61c2", "9F3A-61C2", " 9f3a 61c2 ", "9F-3A-61-C2"])
      expect(shortReferenceOf(typed)).toBe("9f3a61c2");
  });

  it("is not found in text of another length or with other characters", () => {
    for (const typed of [
      "",
      "9F3A61C",
      "9F3A61C2A",
      "9G3A61C2",
      "9F3A_61C2",
      id,
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ])
      expect(shortReferenceOf(typed)).toBeNull();
  });
});
