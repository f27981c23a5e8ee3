import { describe, expect, it } from "vitest";
import type { BookingStatus } from "~/domain/booking";
import { myBookingLists } from "~/domain/booking-timeline";
import { describeRefund } from "~/domain/payments";
import { listRefunds } from "~/models/payments.server";
import { addBooking, addMovie, addShow, addUser, refund } from "./fixtures";

describe("Upcoming, Past, and Cancelled and expired", () => {
  const NOW = new Date("2031-06-10T20:00:00Z");
  const at = (startsAt: string, status: BookingStatus = "paid", runtime = 120) => ({
    startsAt,
    status,
    movie: { runtime },
    name: `${startsAt} ${status}`,
  });

  it("keeps a show in Upcoming until it has ended, the next show first; the others in the order given", () => {
    const later = at("2031-06-11T19:00:00Z", "pending");
    const playing = at("2031-06-10T19:00:00Z");
    const endsNow = at("2031-06-10T18:00:00Z");
    const yesterday = at("2031-06-09T19:00:00Z");
    expect(myBookingLists([later, yesterday, playing, endsNow], NOW)).toEqual({
      upcoming: [playing, later],
      past: [yesterday, endsNow],
      cancelledOrExpired: [],
    });
  });

  it("lists a booking that holds no seats apart, whenever its show is", () => {
    const held = at("2031-06-11T19:00:00Z", "pending");
    const ranOut = at("2031-06-11T19:00:00Z", "expired");
    const cancelled = at("2031-06-11T21:00:00Z", "cancelled");
    const cancelledLongAgo = at("2031-06-01T19:00:00Z", "cancelled");
    expect(myBookingLists([held, ranOut, cancelled, cancelledLongAgo], NOW)).toEqual({
      upcoming: [held],
      past: [],
      cancelledOrExpired: [ranOut, cancelled, cancelledLongAgo],
    });
  });
});

describe("a refund as its owner reads it", () => {
  const refunded = { amountCents: 12200, cardLast4: "4242", refundedAt: "2031-06-09T18:05:00Z" };

  it("says what went back to which card and when, where it stands and how long banks take", () => {
    expect(describeRefund({ ...refunded, status: "succeeded" }, "USD", "America/New_York")).toEqual({
      what: "$122.00 refunded to your card ending 4242 on Mon, Jun 9, 2:05 PM.",
      state: "Refunded",
      next: "Banks take 5–10 working days to show a refund on your statement.",
    });
    expect(describeRefund({ ...refunded, status: "pending" }, "USD", "UTC")).toMatchObject({
      what: "$122.00 refunded to your card ending 4242 on Mon, Jun 9, 6:05 PM.",
      state: "Refund pending",
    });
  });

  it("names no card it does not know, and says what to do when the refund failed", () => {
    const failed = describeRefund({ ...refunded, cardLast4: null, status: "failed" }, "EUR", "UTC");
    expect(failed.what).toBe("€122.00 refunded to your card on Mon, Jun 9, 6:05 PM.");
    expect(failed.state).toBe("Refund failed");
    expect(failed.next).toBe(
      "The payment provider could not return this money. Please contact the cinema with your booking reference.",
    );
  });

  it("is listed by booking for its owner only, without the gateway's reference", async () => {
    await addMovie("t-my-refunds");
    const show = await addShow("t-my-refunds", "2031-06-10T19:00:00Z");
    const owner = await addUser();
    const cancelled = await addBooking(owner, show, ["A1", "A2"], { amountCents: 9800 });
    await refund(cancelled, 9800);
    await addBooking(owner, show, ["B1"]);
    await refund(await addBooking(await addUser(), show, ["C1"]), 5000);
    const refunds = await listRefunds(owner);
    expect(Object.keys(refunds)).toEqual([cancelled]);
    expect(refunds[cancelled]).toEqual({
      amountCents: 9800,
      cardLast4: "4242",
      refundedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      status: "succeeded",
    });
  });
});
