import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "~/config.server";
import { exportBookingsCsv, listBookingsForStaff } from "~/models/booking-admin.server";
import { applyPromoCode, createPromoCode } from "~/models/promo-codes.server";
import { BOOKING_LIST_DEFAULTS } from "~/schemas/booking-list";
import { addDays, cinemaToday } from "~/utils/dates";
import { findBooking, occupiedSeats } from "~/models/bookings.server";
import { bookSeats } from "~/models/seat-booking.server";
import { changeTicketTypes } from "~/models/booking-tickets.server";
import { cancelBooking } from "~/models/cancellations.server";
import {
  confirmReturn,
  handleGatewayEvent,
  reconcileCheckouts,
  returnedPayments,
  settleCheckout,
  startCheckout,
} from "~/models/checkouts.server";
import { refundStrayPayment, type StrayPayment } from "~/models/stray-payments.server";
import { findPayment } from "~/models/payments.server";
import { paymentReturned } from "~/models/mail-messages.server";
import type { ReturnReason } from "~/domain/payments";
import { getDb } from "~/services/db.server";
import { gatewayPage, payWithCard, TEST_CARDS, testPaymentProvider } from "~/services/payments/test-gateway.server";
import type { CheckoutState, GatewayEvent } from "~/services/payments/types";
import { addMovie, addShow, addUser, checkoutIdOf, payForBooking } from "./fixtures";

const MOVIE = "t-payments";
const PRICE_CENTS = 6100;
const DAY = "2031-06-10";
const STUDENT = "00000000-0000-4000-8000-00000000a004";
let show: string;

const bookedPairs = new Map<string, number>();
/** A fresh pending booking of two seats side by side for a new customer: pairs fill the show's rows from the left. */
async function pendingBooking(showId = show, day = DAY) {
  const user = await addUser();
  const n = bookedPairs.get(showId) ?? 0;
  bookedPairs.set(showId, n + 1);
  const row = "ABCDEFGHIJ"[n % 10];
  const first = 1 + 2 * Math.floor(n / 10);
  const result = await bookSeats({
    userUid: user,
    movieId: MOVIE,
    day,
    showId,
    seats: [`${row}${first}`, `${row}${first + 1}`],
    requestToken: randomUUID(),
  });
  if (!result.ok) throw new Error(`booking failed: ${result.reason}`);
  return { user, booking: (await findBooking(user, result.booking.id))! };
}

beforeAll(async () => {
  await addMovie(MOVIE, { title: "Payment Test" });
  show = await addShow(MOVIE, `${DAY}T19:30:00Z`, { priceCents: PRICE_CENTS });
});

afterEach(() => vi.restoreAllMocks());

/** The outbox's rows of a kind for a booking's customer, as the worker will carry them out. */
async function queued(kind: string, bookingId: string) {
  const rows = await (
    await getDb()
  ).query<{ payload: { booking: { id: string }; because?: string } }>("select payload from outbox where kind = $1", [
    kind,
  ]);
  return rows.filter(({ payload }) => payload.booking.id === bookingId);
}

const countOf = async (sql: string, params: unknown[]) =>
  (await (await getDb()).query<{ n: number }>(`select count(*)::int as n from (${sql}) rows`, params))[0].n;

/** A checkout started and paid at the gateway, of which the site has heard nothing yet. */
async function paidAtGateway(held = pendingBooking()) {
  const { user, booking } = await held;
  const started = await startCheckout(user, booking.id, null);
  if (!started.ok) throw new Error(started.reason);
  const checkoutId = checkoutIdOf(started.url);
  await payWithCard(checkoutId, TEST_CARDS.pays);
  return { user, booking, checkoutId, state: await testPaymentProvider.readCheckout(checkoutId) };
}

describe("paying through the gateway's hosted page", () => {
  it("starts a checkout with the booking's lines, due when its hold ends, and reuses it for a second press", async () => {
    const { user, booking } = await pendingBooking();
    const start = vi.spyOn(testPaymentProvider, "startCheckout");
    const first = await startCheckout(user, booking.id, "ana@example.com");
    expect(first).toEqual({ ok: true, url: expect.stringMatching(/\/test-gateway\/checkouts\/cs_test_[0-9a-f]{24}$/) });
    expect(start).toHaveBeenCalledWith(
      expect.objectContaining({
        bookingId: booking.id,
        lines: [{ name: "Adult", unitAmountCents: PRICE_CENTS, quantity: 2 }],
        amountCents: 12200,
        summary: "Payment Test: 2 × Adult $61.00",
        currency: "USD",
        customerEmail: "ana@example.com",
        returnUrl: expect.stringMatching(new RegExp(`/my-bookings/${booking.id}/paid\\?checkout=\\{CHECKOUT_ID\\}$`)),
        cancelUrl: expect.stringMatching(new RegExp(`/my-bookings/${booking.id}/pay$`)),
        expiresAt: new Date(booking.holdExpiresAt),
      }),
    );
    expect(await startCheckout(user, booking.id, "ana@example.com")).toEqual(first);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("marks the booking paid on the customer's return, with the card's last four digits only, and mails once", async () => {
    const { user, booking } = await pendingBooking();
    const paid = await payForBooking(user, booking.id);
    expect(paid).toMatchObject({ ok: true, booking: { status: "paid", id: booking.id } });
    const payment = await findPayment(booking.id);
    expect(payment).toMatchObject({ provider: "test", amountCents: 12200, cardLast4: "4242", refundedAt: null });
    expect(payment?.reference).toMatch(/^pi_test_[0-9a-f]{24}$/);
    const [stored] = await (await getDb()).query("select * from payments where booking_id = $1", [booking.id]);
    expect(JSON.stringify(stored)).not.toContain("4242424242424242");
    expect(await occupiedSeats(show)).toEqual(expect.arrayContaining(booking.seats));
    expect(await queued("booking-confirmation", booking.id)).toHaveLength(1);
  });

  it("changes nothing for a declined card", async () => {
    const { user, booking } = await pendingBooking();
    expect(await payForBooking(user, booking.id, TEST_CARDS.declined)).toMatchObject({ ok: false, reason: "refused" });
    expect((await findBooking(user, booking.id))?.status).toBe("pending");
    expect(await findPayment(booking.id)).toBeNull();
  });

  it("refuses to start for an expired, a cancelled, or someone else's booking, asking the gateway nothing", async () => {
    const start = vi.spyOn(testPaymentProvider, "startCheckout");
    const expired = await pendingBooking();
    await (
      await getDb()
    ).query("update bookings set hold_expires_at = now() - interval '1 second' where id = $1", [expired.booking.id]);
    expect(await startCheckout(expired.user, expired.booking.id, null)).toEqual({ ok: false, reason: "expired" });
    const cancelled = await pendingBooking();
    await cancelBooking(cancelled.user, cancelled.booking.id);
    expect(await startCheckout(cancelled.user, cancelled.booking.id, null)).toEqual({ ok: false, reason: "cancelled" });
    const owned = await pendingBooking();
    expect(await startCheckout(await addUser(), owned.booking.id, null)).toEqual({ ok: false, reason: "not-found" });
    expect(start).not.toHaveBeenCalled();
    expect((await findBooking(owned.user, owned.booking.id))?.status).toBe("pending");
  });

  it("starts a new checkout when the tickets change at the same amount, so the gateway's page lists the new ones", async () => {
    const sameAsAdult = await addShow(MOVIE, `${DAY}T22:30:00Z`, { priceCents: PRICE_CENTS });
    await (
      await getDb()
    ).query("update show_prices set price_cents = $2 where show_id = $1", [sameAsAdult, PRICE_CENTS]);
    const { user, booking } = await pendingBooking(sameAsAdult);
    const start = vi.spyOn(testPaymentProvider, "startCheckout");
    const adults = await startCheckout(user, booking.id, null);
    expect(await changeTicketTypes(user, booking.id, { [STUDENT]: 2 })).toEqual({ ok: true });
    const students = await startCheckout(user, booking.id, null);
    if (!adults.ok || !students.ok) throw new Error("no checkout");
    expect(students.url).not.toBe(adults.url);
    expect(start).toHaveBeenCalledTimes(2);
    expect(start.mock.calls[1][0]).toMatchObject({
      lines: [{ name: "Student", unitAmountCents: PRICE_CENTS, quantity: 2 }],
      amountCents: 12200,
    });
    expect((await gatewayPage(checkoutIdOf(students.url)))?.lines).toEqual([
      { name: "Student", unitAmountCents: PRICE_CENTS, quantity: 2 },
    ]);
    expect(await startCheckout(user, booking.id, null)).toEqual(students);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it("says payments are unavailable when the gateway does not answer, and changes nothing", async () => {
    const { user, booking } = await pendingBooking();
    vi.spyOn(testPaymentProvider, "startCheckout").mockRejectedValue(new Error("connect ECONNREFUSED"));
    expect(await startCheckout(user, booking.id, null)).toEqual({
      ok: false,
      reason: "unavailable",
      message: "Payments are unavailable right now. Please try again.",
    });
    expect(await countOf("select 1 from checkouts where booking_id = $1", [booking.id])).toBe(0);
  });
});

describe("a booking with nothing to pay", () => {
  /** A pending booking of two Adult seats (2 × $61.00) with a code taking `off` of it. */
  async function discounted(off: { percentOff: number } | { amountOffCents: number }) {
    const held = await pendingBooking();
    const code = `FREE${randomUUID().replace(/-/g, "").slice(0, 8)}`.toUpperCase();
    const today = cinemaToday(config.timeZone);
    const created = await createPromoCode("test-staff", {
      percentOff: null,
      amountOffCents: null,
      ...off,
      code,
      ticketTypeIds: [],
      movieId: null,
      firstDay: today,
      lastDay: addDays(today, 30),
      maxUses: null,
    });
    if (!created.ok) throw new Error(created.reason);
    expect(await applyPromoCode({ uid: held.user, client: "checkout" }, held.booking.id, code)).toMatchObject({
      ok: true,
    });
    return { ...held, code };
  }

  it("a 100 % code confirms the booking without the gateway: paid, its e-ticket mailed, nothing charged", async () => {
    const { user, booking } = await discounted({ percentOff: 100 });
    const start = vi.spyOn(testPaymentProvider, "startCheckout");
    expect(await startCheckout(user, booking.id, null)).toEqual({
      ok: true,
      confirmedWithoutPayment: true,
      url: `/my-bookings/${booking.id}`,
    });
    expect(start).not.toHaveBeenCalled();
    expect(await findBooking(user, booking.id)).toMatchObject({
      status: "paid",
      amountCents: 0,
      confirmedWithoutPayment: true,
      paidAt: expect.any(String),
    });
    expect(await findPayment(booking.id)).toBeNull();
    expect(await countOf("select 1 from checkouts where booking_id = $1", [booking.id])).toBe(0);
    expect(await occupiedSeats(show)).toEqual(expect.arrayContaining(booking.seats));
    expect(await queued("booking-confirmation", booking.id)).toHaveLength(1);
    // A second press finds it confirmed.
    expect(await startCheckout(user, booking.id, null)).toEqual({ ok: false, reason: "already-paid" });
    expect(await queued("booking-confirmation", booking.id)).toHaveLength(1);
  });

  it("an amount below the gateway's minimum charge is confirmed without a payment; the minimum itself is charged", async () => {
    expect(testPaymentProvider.minimumChargeCents("USD")).toBe(50);
    const below = await discounted({ amountOffCents: 12200 - 49 });
    const start = vi.spyOn(testPaymentProvider, "startCheckout");
    expect(await startCheckout(below.user, below.booking.id, null)).toMatchObject({
      ok: true,
      confirmedWithoutPayment: true,
    });
    expect(await findBooking(below.user, below.booking.id)).toMatchObject({
      status: "paid",
      amountCents: 49,
      confirmedWithoutPayment: true,
    });
    const atMinimum = await discounted({ amountOffCents: 12200 - 50 });
    const started = await startCheckout(atMinimum.user, atMinimum.booking.id, null);
    expect(started).toEqual({ ok: true, url: expect.stringMatching(/\/test-gateway\/checkouts\//) });
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0][0]).toMatchObject({ amountCents: 50 });
  });

  it("is said as such in List Bookings and its CSV, and cancelling it refunds nothing and frees its seats", async () => {
    const { user, booking } = await discounted({ percentOff: 100 });
    await startCheckout(user, booking.id, null);
    const search = { ...BOOKING_LIST_DEFAULTS, search: booking.id };
    const [listed] = (await listBookingsForStaff(search)).bookings;
    expect(listed).toMatchObject({
      id: booking.id,
      status: "paid",
      amountCents: 0,
      payment: null,
      confirmedWithoutPayment: true,
    });
    const csv = await exportBookingsCsv(search);
    expect(csv).toContain(",0.00,Paid,Nothing to pay,,");
    expect(await cancelBooking(user, booking.id)).toMatchObject({ ok: true, refundedCents: 0 });
    expect(await occupiedSeats(show)).not.toContain(booking.seats[0]);
  });
});

describe("a payment's news arriving more than once, or late", () => {
  const completed = (state: CheckoutState, id = `evt_${randomUUID()}`): GatewayEvent => ({
    id,
    type: "checkout.session.completed",
    kind: "checkout-completed",
    checkout: state,
  });

  it("the webhook and the return page at once make one payment and one mail", async () => {
    const { booking, checkoutId, state } = await paidAtGateway();
    const outcomes = await Promise.all([
      confirmReturn(booking.id, checkoutId),
      handleGatewayEvent("test", completed(state)),
      settleCheckout("test", state),
    ]);
    expect(outcomes).toEqual(["paid", true, "paid"]);
    expect(await countOf("select 1 from payments where booking_id = $1", [booking.id])).toBe(1);
    expect(await queued("booking-confirmation", booking.id)).toHaveLength(1);
  });

  it("a webhook without the card, settled first, gets the card's last digits from the return page's read", async () => {
    const { booking, checkoutId, state } = await paidAtGateway();
    expect(await handleGatewayEvent("test", completed({ ...state, cardLast4: null }))).toBe(true);
    expect(await findPayment(booking.id)).toMatchObject({ cardLast4: null });
    expect(await confirmReturn(booking.id, checkoutId)).toBe("paid");
    expect(await findPayment(booking.id)).toMatchObject({ cardLast4: "4242" });
  });

  it("the same webhook delivered twice is handled once", async () => {
    const { booking, state } = await paidAtGateway();
    const event = completed(state);
    expect(await handleGatewayEvent("test", event)).toBe(true);
    expect(await handleGatewayEvent("test", event)).toBe(false);
    expect(await countOf("select 1 from gateway_events where id = $1", [event.id])).toBe(1);
    expect(await countOf("select 1 from payments where booking_id = $1", [booking.id])).toBe(1);
  });

  it("a webhook whose settling fails is not recorded, so the gateway's next delivery settles it", async () => {
    const { user, booking, state } = await paidAtGateway();
    // A card the payments table refuses makes the settling throw, as a database going away mid-way would.
    const event = completed({ ...state, cardLast4: "42 2" });
    await expect(handleGatewayEvent("test", event)).rejects.toThrow();
    expect(await countOf("select 1 from gateway_events where id = $1", [event.id])).toBe(0);
    expect((await findBooking(user, booking.id))?.status).toBe("pending");
    expect(await handleGatewayEvent("test", completed(state, event.id))).toBe(true);
    expect((await findBooking(user, booking.id))?.status).toBe("paid");
    expect(await findPayment(booking.id)).toMatchObject({ reference: state.paymentReference, cardLast4: "4242" });
    expect(await countOf("select 1 from gateway_events where id = $1", [event.id])).toBe(1);
  });

  it("a payment landing after the hold ended is refunded in full, once, with a mail", async () => {
    const { user, booking, checkoutId, state } = await paidAtGateway();
    await (await getDb()).query("update bookings set hold_expires_at = now() where id = $1", [booking.id]);
    expect(await handleGatewayEvent("test", completed(state))).toBe(true);
    expect(await confirmReturn(booking.id, checkoutId)).toBe("returned-hold-ended");
    expect(await findPayment(booking.id)).toBeNull();
    expect((await findBooking(user, booking.id))?.status).not.toBe("paid");
    const [refund] = await (
      await getDb()
    ).query<{ payload: StrayPayment }>(
      "select payload from outbox where kind = 'gateway-refund' and payload->>'checkoutId' = $1",
      [checkoutId],
    );
    expect(refund.payload).toEqual({
      checkoutId,
      provider: "test",
      paymentReference: state.paymentReference,
      amountCents: 12200,
      cardLast4: "4242",
    });
    expect((await queued("payment-returned", booking.id)).map(({ payload }) => payload.because)).toEqual([
      "hold-ended",
    ]);
    // The worker's refund, tried twice (a crash after the gateway answered), is one refund at the gateway.
    const refunds = vi.spyOn(testPaymentProvider, "refund");
    const first = await refundStrayPayment(refund.payload);
    expect(await refundStrayPayment(refund.payload)).toEqual(first);
    expect(new Set(refunds.mock.calls.map(([request]) => request.idempotencyKey))).toEqual(
      new Set([`stray:${checkoutId}`]),
    );
    const [checkout] = await (
      await getDb()
    ).query('select status, refund_status as "refundStatus" from checkouts where id = $1', [checkoutId]);
    expect(checkout).toEqual({ status: "complete", refundStatus: "succeeded" });
  });

  it("a second checkout paid for a booking already paid is refunded, the first kept, and the booking lists it", async () => {
    const { user, booking, checkoutId, state } = await paidAtGateway();
    await confirmReturn(booking.id, checkoutId);
    const reference = (await findPayment(booking.id))!.reference;
    const second = {
      ...state,
      id: `cs_test_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
      paymentReference: "pi_test_other",
      cardLast4: "1881",
    };
    expect(await settleCheckout("test", second)).toBe("returned-already-paid");
    // Told again (the webhook after the return page), it is the same answer.
    expect(await settleCheckout("test", second)).toBe("returned-already-paid");
    expect((await queued("payment-returned", booking.id)).map(({ payload }) => payload.because)).toEqual([
      "already-paid",
    ]);
    expect(await findPayment(booking.id)).toMatchObject({ reference, refundedAt: null });
    expect((await findBooking(user, booking.id))?.status).toBe("paid");
    expect(await returnedPayments(booking.id)).toEqual([
      {
        because: "already-paid",
        refund: { amountCents: 12200, cardLast4: "1881", refundedAt: expect.any(String), status: "pending" },
      },
    ]);
    expect(await returnedPayments((await pendingBooking()).booking.id)).toEqual([]);
  });

  it("a checkout the site started but crashed before writing down still pays its booking", async () => {
    const { booking, checkoutId, state } = await paidAtGateway();
    await (await getDb()).query("delete from checkouts where id = $1", [checkoutId]);
    expect(await handleGatewayEvent("test", completed(state))).toBe(true);
    expect(await findPayment(booking.id)).toMatchObject({ reference: state.paymentReference });
  });

  it("an amount that is not the booking's (its tickets changed after the checkout began) is refunded", async () => {
    const { booking, state } = await paidAtGateway();
    expect(await settleCheckout("test", { ...state, amountCents: state.amountCents - 100 })).toBe(
      "returned-amount-changed",
    );
    expect(await findPayment(booking.id)).toBeNull();
    expect((await queued("payment-returned", booking.id)).map(({ payload }) => payload.because)).toEqual([
      "amount-changed",
    ]);
  });

  it("the refund's mail says why the payment went back and what the customer still has", async () => {
    const { booking } = await pendingBooking();
    const refund = { refundedCents: 12200, cardLast4: "4242" };
    const said = (because: ReturnReason) => paymentReturned(booking, "Pat", refund, because).text;
    expect(said("already-paid")).toContain("this booking was already paid, so this second payment is not needed.");
    expect(said("already-paid")).toContain("Your booking and e-ticket are unchanged.");
    expect(said("already-paid")).not.toContain("Book again");
    expect(said("hold-ended")).toContain("it arrived after the seats' hold had ended and the seats were let go.");
    expect(said("hold-ended")).toContain("Book again");
    expect(said("amount-changed")).toContain("it was for the booking's tickets before they were changed.");
    expect(said("amount-changed")).toContain("pay again for the tickets now on the booking to keep them.");
  });

  it("a refund's webhook that comes before the refund call has answered keeps its outcome", async () => {
    const { user, booking } = await pendingBooking();
    await payForBooking(user, booking.id);
    const { reference } = (await findPayment(booking.id))!;
    // The gateway tells the outcome first; the call then answers "pending", as a bank's refund does.
    await handleGatewayEvent("test", {
      id: `evt_${randomUUID()}`,
      type: "refund.updated",
      kind: "refund-updated",
      refund: { reference: "re_test_1", paymentReference: reference, status: "failed" },
    });
    vi.spyOn(testPaymentProvider, "refund").mockResolvedValue({ ok: true, reference: "re_test_1", status: "pending" });
    expect(await cancelBooking(user, booking.id)).toMatchObject({ ok: true });
    expect(await findPayment(booking.id)).toMatchObject({ refundReference: "re_test_1", refundStatus: "failed" });
  });
});

describe("the reconciliation job", () => {
  it("pays a booking whose webhook and return never came, asking the gateway once the checkout is a minute old", async () => {
    const { booking, checkoutId } = await paidAtGateway();
    await reconcileCheckouts();
    expect(await findPayment(booking.id)).toBeNull();
    await (
      await getDb()
    ).query("update checkouts set created_at = now() - interval '2 minutes' where id = $1", [checkoutId]);
    await reconcileCheckouts();
    expect(await findPayment(booking.id)).toMatchObject({ provider: "test", cardLast4: "4242" });
  });

  it("ends at the gateway a checkout whose hold ended, so it can no longer be paid", async () => {
    const { user, booking } = await pendingBooking();
    const started = await startCheckout(user, booking.id, null);
    if (!started.ok) throw new Error(started.reason);
    const checkoutId = checkoutIdOf(started.url);
    await (await getDb()).query("update bookings set hold_expires_at = now() where id = $1", [booking.id]);
    expect(await reconcileCheckouts()).toBeGreaterThanOrEqual(1);
    expect(await testPaymentProvider.readCheckout(checkoutId)).toMatchObject({ status: "expired" });
    expect(await payWithCard(checkoutId, TEST_CARDS.pays)).toEqual({ outcome: "closed" });
    const [checkout] = await (await getDb()).query("select status from checkouts where id = $1", [checkoutId]);
    expect(checkout).toEqual({ status: "expired" });
  });
});

describe("cancelling a paid booking", () => {
  it("refunds it in full before the cutoff, says Cancelled and frees the seats", async () => {
    const { user, booking } = await pendingBooking();
    await payForBooking(user, booking.id);
    const result = await cancelBooking(user, booking.id);
    expect(result).toMatchObject({ ok: true, refundedCents: 12200, booking: { status: "cancelled" } });
    expect(await findPayment(booking.id)).toMatchObject({
      refundedCents: 12200,
      refundReference: expect.stringMatching(/^re_test_/),
      refundStatus: "succeeded",
    });
    expect(await occupiedSeats(show)).not.toContain(booking.seats[0]);
  });

  it(`is refused from ${config.bookings.cancelCutoffMinutes} minutes before the show`, async () => {
    const soon = new Date(Date.now() + (config.bookings.cancelCutoffMinutes - 5) * 60_000);
    const day = soon.toISOString().slice(0, 10);
    const soonShow = await addShow(MOVIE, soon.toISOString(), { priceCents: PRICE_CENTS });
    const { user, booking } = await pendingBooking(soonShow, day);
    await payForBooking(user, booking.id);
    expect(await cancelBooking(user, booking.id)).toEqual({ ok: false, reason: "past-cutoff" });
    expect((await findBooking(user, booking.id))?.status).toBe("paid");
    expect(await findPayment(booking.id)).toMatchObject({ refundedAt: null });
  });
});

describe("a show that has started", () => {
  it("ends an unpaid hold at the start: a booking made minutes before is held until then only", async () => {
    const soon = await addShow(MOVIE, "3 minutes", { priceCents: PRICE_CENTS });
    const day = (await findShowStart(soon)).slice(0, 10);
    const { booking } = await pendingBooking(soon, day);
    expect(booking.holdExpiresAt).toBe(booking.startsAt);
  });

  it("refuses to start a checkout, asking the gateway nothing, and releases the seats", async () => {
    const { user, booking } = await pendingBooking(await addShow(MOVIE, `${DAY}T21:00:00Z`));
    await moveShowStart(booking.showId, "-1 minute");
    const start = vi.spyOn(testPaymentProvider, "startCheckout");
    expect(await startCheckout(user, booking.id, null)).toEqual({ ok: false, reason: "show-started" });
    expect(start).not.toHaveBeenCalled();
    expect(await occupiedSeats(booking.showId)).not.toContain(booking.seats[0]);
    const db = await getDb();
    const [{ status, seatRows }] = await db.query<{ status: string; seatRows: number }>(
      `select status, (select count(*)::int from booked_seats where booking_id = $1) as "seatRows"
       from bookings where id = $1`,
      [booking.id],
    );
    expect({ status, seatRows }).toEqual({ status: "expired", seatRows: 0 });
  });
});

describe("a ticket let in at the door", () => {
  it("can no longer be cancelled: no refund, the seats stay taken", async () => {
    const { user, booking } = await pendingBooking(await addShow(MOVIE, `${DAY}T22:00:00Z`));
    await payForBooking(user, booking.id);
    const db = await getDb();
    const staff = await addUser();
    await db.query("insert into check_ins (booking_id, staff_uid) values ($1, $2)", [booking.id, staff]);
    const refund = vi.spyOn(testPaymentProvider, "refund");
    expect(await cancelBooking(user, booking.id)).toEqual({ ok: false, reason: "checked-in" });
    expect(refund).not.toHaveBeenCalled();
    expect(await findBooking(user, booking.id)).toMatchObject({ status: "paid", checkedIn: true });
    expect(await occupiedSeats(booking.showId)).toEqual(expect.arrayContaining(booking.seats));
    expect(await findPayment(booking.id)).toMatchObject({ refundedAt: null });
  });
});

describe("a seat form posted again", () => {
  it("answers the booking it made in the state it is in now", async () => {
    const user = await addUser();
    const seatForm = {
      userUid: user,
      movieId: MOVIE,
      day: DAY,
      showId: await addShow(MOVIE, `${DAY}T23:00:00Z`),
      seats: ["H1"],
      requestToken: randomUUID(),
    };
    const first = await bookSeats(seatForm);
    if (!first.ok) throw new Error(first.reason);
    expect(first.repeated).toBe(false);
    await cancelBooking(user, first.booking.id);
    expect(await bookSeats(seatForm)).toMatchObject({
      ok: true,
      repeated: true,
      booking: { id: first.booking.id, status: "cancelled" },
    });
    expect(await occupiedSeats(seatForm.showId)).not.toContain("H1");
  });
});

async function findShowStart(showId: string) {
  const db = await getDb();
  const [{ startsAt }] = await db.query<{ startsAt: Date }>('select starts_at as "startsAt" from shows where id = $1', [
    showId,
  ]);
  return new Date(startsAt).toISOString();
}

/** Moves a show's start to `fromNow` (an interval). */
async function moveShowStart(showId: string, fromNow: string) {
  const db = await getDb();
  await db.query("update shows set starts_at = now() + $2::interval where id = $1", [showId, fromNow]);
}
