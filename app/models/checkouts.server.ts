import { createHash } from "node:crypto";
import { config } from "~/config.server";
import { payRefusal, type Booking, type PayRefusal } from "~/domain/booking";
import type { ReturnedPayment, ReturnReason } from "~/domain/payments";
import { formatTickets, seatTypeLabel, ticketLines } from "~/domain/tickets";
import { sql, type Selectable } from "kysely";
import { getDb, type Queryable } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { typed } from "~/services/typed-db.server";
import { configuredPaymentProvider, paymentProvider } from "~/services/payments/index.server";
import type { CheckoutLine, CheckoutState, GatewayEvent, RefundStatus } from "~/services/payments/types";
import type { CheckoutsTable } from "~/services/db-schema";
import { canPaySql } from "./booking-rules.server";
import { findBooking, lockPayableBooking } from "./bookings.server";
import { releaseStartedHold } from "./holds.server";
import { queueBookingPaid, queuePaymentReturned } from "./notifications.server";
import { refundStatusAfter } from "./payments.server";

// Checkouts at the payment gateway's hosted page (decision 45). The customer pays there; the outcome reaches the site
// by the gateway's webhook, by the page the gateway sends the customer back to, or by the reconciliation job, and
// `settleCheckout` makes it count once, whichever comes first and however often.

/** A checkout reused for a second press of Pay must stay open at least this long for the customer to pay. */
const REUSE_MARGIN_SECONDS = 60;
const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type CheckoutStart =
  | { ok: true; url: string }
  /** Nothing to pay at the gateway: the booking is paid, and `url` is its page. */
  | { ok: true; confirmedWithoutPayment: true; url: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "already-paid" }
  | { ok: false; reason: Exclude<PayRefusal, "already-paid"> }
  | { ok: false; reason: "unavailable"; message: string };

function checkoutLines(booking: Booking): CheckoutLine[] {
  return ticketLines(booking.tickets).map((line) => ({
    name: line.kind === "type" ? line.typeName : `${seatTypeLabel(line.seatType)} surcharge`,
    unitAmountCents: line.priceCents,
    quantity: line.count,
  }));
}

/**
 * Sends the customer to the gateway to pay a booking that still holds its seats. The same booking with the same lines
 * and amount gets the same checkout (one still open is reused; a new one is asked for with a key made of what it
 * charges, so two tabs pressing Pay at once get one checkout from the gateway). Other lines at the same amount (2 ×
 * Adult changed to 2 × Student) get a checkout of their own, so the gateway's page lists what is bought. Its page may
 * stay open past the hold (Stripe's last at least 30 minutes): the reconciliation job ends it when the hold ends. A
 * booking with nothing to pay is confirmed without the gateway (decision 54).
 */
export async function startCheckout(userUid: string, bookingId: string, email: string | null): Promise<CheckoutStart> {
  const booking = await findBooking(userUid, bookingId);
  if (!booking) return { ok: false, reason: "not-found" };
  const refusal = payRefusal(booking);
  if (refusal === "show-started") await releaseStartedHold(booking.id);
  if (refusal === "already-paid") return { ok: false, reason: refusal };
  if (refusal) return { ok: false, reason: refusal };
  const provider = configuredPaymentProvider();
  if (paysNothing(booking.amountCents)) {
    const confirmed = await confirmWithoutPayment(userUid, booking.id);
    if (confirmed) return confirmed;
  }

  const summary = formatTickets(booking.tickets, config.currency, booking.discount);
  const lines = checkoutLines(booking);
  const key = createHash("sha256")
    .update(JSON.stringify([booking.id, booking.amountCents, summary, lines, booking.holdExpiresAt]))
    .digest("hex");
  const db = await getDb();
  const open = await typed(db)
    .selectFrom("checkouts")
    .select(sql<string>`url`.as("url"))
    .where("booking_id", "=", booking.id)
    .where("status", "=", sql.lit("open"))
    .where("request_key", "=", key)
    .where("url", "is not", null)
    .where("expires_at", ">", sql<Date>`now() + make_interval(secs => ${REUSE_MARGIN_SECONDS})`)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (open) return { ok: true, url: open.url };

  const bookingUrl = `${config.mail.siteUrl}/my-bookings/${booking.id}`;
  try {
    const checkout = await provider.startCheckout({
      bookingId: booking.id,
      lines,
      amountCents: booking.amountCents,
      summary: `${booking.movie.title}: ${summary}`,
      currency: config.currency,
      customerEmail: email,
      returnUrl: `${bookingUrl}/paid?checkout={CHECKOUT_ID}`,
      cancelUrl: `${bookingUrl}/pay`,
      expiresAt: new Date(booking.holdExpiresAt),
      idempotencyKey: `checkout:${key}`,
    });
    await typed(db)
      .insertInto("checkouts")
      .values({
        id: checkout.id,
        provider: provider.id,
        booking_id: booking.id,
        amount_cents: booking.amountCents,
        url: checkout.url,
        expires_at: checkout.expiresAt,
        request_key: key,
      })
      .onConflict((oc) =>
        oc
          .column("id")
          .doUpdateSet((eb) => ({ url: eb.ref("excluded.url"), request_key: eb.ref("excluded.request_key") })),
      )
      .execute();
    return { ok: true, url: checkout.url };
  } catch (error) {
    logger.error({ err: error, bookingId: booking.id }, "Starting a checkout at the payment gateway failed");
    return { ok: false, reason: "unavailable", message: "Payments are unavailable right now. Please try again." };
  }
}

/**
 * A booking of this amount is confirmed without a payment (decision 54): it costs nothing, or less than the gateway's
 * smallest charge, which the cinema waives rather than charge more than the booking costs.
 */
export const paysNothing = (amountCents: number) => amountCents < minimumChargeCents();

/** The configured gateway's smallest charge in the cinema's currency, in minor units. */
export const minimumChargeCents = () => configuredPaymentProvider().minimumChargeCents(config.currency);

/**
 * Confirms a booking with nothing to pay: paid, its confirmation and e-ticket queued, under its row lock, so a
 * ticket change or a second press at the same moment waits for it. Null when its tickets changed since it was read
 * and it now has something to pay.
 */
async function confirmWithoutPayment(userUid: string, bookingId: string): Promise<CheckoutStart | null> {
  const db = await getDb();
  return db.transaction(async (tx): Promise<CheckoutStart | null> => {
    const locked = await lockPayableBooking(tx, userUid, bookingId);
    if (!locked.ok) return locked;
    if (!paysNothing(locked.booking.amountCents)) return null;
    await typed(tx)
      .updateTable("bookings")
      .set({ status: sql.lit("paid"), paid_at: sql<Date>`now()`, confirmed_without_payment: true })
      .where("id", "=", bookingId)
      .execute();
    await queueBookingPaid(tx, userUid, (await findBooking(userUid, bookingId, { tx }))!);
    return { ok: true, confirmedWithoutPayment: true, url: `/my-bookings/${bookingId}` };
  });
}

/** A paid checkout the booking could not take is refunded in full: "returned-…" says why. */
export type Settlement = "paid" | `returned-${ReturnReason}` | "open" | "expired" | "unknown";

/** Why a booking (read under its row lock) cannot take a payment of this amount and currency; null when it can. */
function returnReason(
  booking: { status: string; amountCents: number; payable: boolean },
  payment: { amountCents: number; currency: string },
): ReturnReason | null {
  if (booking.status === "paid") return "already-paid";
  if (!booking.payable) return "hold-ended";
  if (payment.amountCents !== booking.amountCents || payment.currency !== config.currency) return "amount-changed";
  return null;
}

/**
 * Makes a checkout's state at the gateway count, once. Under the booking's row lock (the lock every payment, hold
 * release and cancellation of the booking takes): a paid checkout pays the booking if it still holds its seats and
 * the amount and currency are the booking's; otherwise the money is for seats the site can no longer give, and its
 * refund and the customer's mail are written in the same transaction, to be carried out by the outbox's worker. A
 * checkout already settled is left as it is, so the webhook, the return page and the job may all arrive.
 */
export async function settleCheckout(providerId: string, state: CheckoutState): Promise<Settlement> {
  const db = await getDb();
  return db.transaction((tx) => settleInTransaction(tx, providerId, state));
}

async function settleInTransaction(tx: Queryable, providerId: string, state: CheckoutState): Promise<Settlement> {
  if (!BOOKING_ID.test(state.bookingId)) {
    logger.error({ checkout: state.id }, "A checkout at the gateway names no booking of ours");
    return "unknown";
  }
  const booking = await typed(tx)
    .selectFrom("bookings as b")
    .innerJoin("shows as s", "s.id", "b.show_id")
    .select([
      "b.user_uid as userUid",
      "b.status",
      "b.amount_cents as amountCents",
      sql.raw<boolean>(canPaySql("b", "s")).as("payable"),
    ])
    .where("b.id", "=", state.bookingId)
    .forUpdate("b")
    .executeTakeFirst();
  if (!booking) {
    logger.error({ checkout: state.id, bookingId: state.bookingId }, "A checkout names a booking we do not have");
    return "unknown";
  }
  // A checkout the site started and then crashed before writing is known from the gateway's answer alone.
  await typed(tx)
    .insertInto("checkouts")
    .values({
      id: state.id,
      provider: providerId,
      booking_id: state.bookingId,
      amount_cents: state.amountCents,
      expires_at: sql<Date>`now()`,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const known = await typed(tx)
    .selectFrom("checkouts")
    .select([
      sql<boolean>`payment_reference is not null`.as("settled"),
      sql<ReturnReason | null>`returned_because`.as("returnedBecause"),
    ])
    .where("id", "=", state.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (known.settled) {
    // A Stripe webhook carries no card; the return page's read of the same checkout does.
    const paid = await typed(tx)
      .updateTable("payments")
      .set((eb) => ({ card_last4: eb.fn.coalesce("card_last4", eb.val(state.cardLast4)) }))
      .where("checkout_id", "=", state.id)
      .returning(sql<number>`1`.as("one"))
      .executeTakeFirst();
    if (paid) return "paid";
    await typed(tx)
      .updateTable("checkouts")
      .set((eb) => ({ card_last4: eb.fn.coalesce("card_last4", eb.val(state.cardLast4)) }))
      .where("id", "=", state.id)
      .execute();
    return `returned-${known.returnedBecause ?? "hold-ended"}`;
  }
  if (!state.paid || !state.paymentReference) {
    if (state.status === "expired")
      await typed(tx)
        .updateTable("checkouts")
        .set({ status: sql.lit("expired"), settled_at: sql<Date>`now()` })
        .where("id", "=", state.id)
        .execute();
    return state.status === "expired" ? "expired" : "open";
  }
  const returned = returnReason(booking, state);
  await typed(tx)
    .updateTable("checkouts")
    .set({
      status: sql.lit("complete"),
      payment_reference: state.paymentReference,
      settled_at: sql<Date>`now()`,
      refund_status: returned ? "pending" : null,
      returned_because: returned,
      card_last4: returned ? state.cardLast4 : null,
    })
    .where("id", "=", state.id)
    .execute();
  if (!returned) {
    await typed(tx)
      .updateTable("bookings")
      .set({ status: sql.lit("paid"), paid_at: sql<Date>`now()` })
      .where("id", "=", state.bookingId)
      .execute();
    await typed(tx)
      .insertInto("payments")
      .values({
        booking_id: state.bookingId,
        provider: providerId,
        reference: state.paymentReference,
        amount_cents: state.amountCents,
        card_last4: state.cardLast4,
        checkout_id: state.id,
      })
      .execute();
    await queueBookingPaid(tx, booking.userUid, (await findBooking(booking.userUid, state.bookingId, { tx }))!);
    return "paid";
  }
  await queuePaymentReturned(
    tx,
    booking.userUid,
    (await findBooking(booking.userUid, state.bookingId, { tx }))!,
    {
      checkoutId: state.id,
      provider: providerId,
      paymentReference: state.paymentReference,
      amountCents: state.amountCents,
      cardLast4: state.cardLast4,
    },
    returned,
  );
  return `returned-${returned}`;
}

/** The payments a booking could not take, each refunded in full, oldest first. */
export async function returnedPayments(bookingId: string): Promise<ReturnedPayment[]> {
  const rows = await typed(await getDb())
    .selectFrom("checkouts")
    .select([
      sql<ReturnReason>`returned_because`.as("because"),
      "amount_cents as amountCents",
      "card_last4 as cardLast4",
      "settled_at as settledAt",
      sql<RefundStatus>`coalesce(refund_status, 'pending')`.as("status"),
    ])
    .where("booking_id", "=", bookingId)
    .where("returned_because", "is not", null)
    .orderBy("settled_at")
    .execute();
  return rows.map(({ because, amountCents, cardLast4, settledAt, status }) => ({
    because,
    refund: { amountCents, cardLast4, refundedAt: new Date(settledAt!).toISOString(), status },
  }));
}

/**
 * The customer is back from the gateway: the checkout is read there (the customer never waits on a webhook) and
 * settled. A checkout of another booking, or one the gateway does not know, is "unknown".
 */
export async function confirmReturn(bookingId: string, checkoutId: string): Promise<Settlement> {
  const db = await getDb();
  const checkout = await typed(db)
    .selectFrom("checkouts")
    .select("provider")
    .where("id", "=", checkoutId)
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
  if (!checkout) return "unknown";
  const state = await paymentProvider(checkout.provider).readCheckout(checkoutId);
  if (state.bookingId !== bookingId) return "unknown";
  return settleCheckout(checkout.provider, state);
}

/**
 * Handles a verified webhook event once: its id is written in the transaction that acts on it (settling a checkout,
 * recording a refund's outcome), so an event whose effect failed is not recorded and the gateway's next delivery
 * tries again. A delivery of an event already handled does nothing.
 */
export async function handleGatewayEvent(providerId: string, event: GatewayEvent) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const inserted = await typed(tx)
      .insertInto("gateway_events")
      .values({ provider: providerId, id: event.id, type: event.type })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return false;
    if (event.kind === "refund-updated") await recordRefundOutcome(tx, event.refund);
    if (event.kind === "checkout-completed" || event.kind === "checkout-expired")
      await settleInTransaction(tx, providerId, event.checkout);
    return true;
  });
}

async function recordRefundOutcome(
  tx: Queryable,
  refund: { reference: string; paymentReference: string; status: RefundStatus },
) {
  // A refund's webhook may come before the refund call has answered and been recorded: its outcome is kept then.
  await typed(tx)
    .updateTable("payments")
    .set({ refund_status: refundStatusAfter(refund.status) })
    .where("reference", "=", refund.paymentReference)
    .where(sql.val(refund.reference), "<>", "")
    .execute();
  await typed(tx)
    .updateTable("checkouts")
    .set({ refund_status: refundStatusAfter(refund.status), refund_reference: refund.reference })
    .where("payment_reference", "=", refund.paymentReference)
    .execute();
}

/**
 * The reconciliation job, run by every instance now and then, so a missed webhook never leaves a booking wrong for
 * long. A checkout still open whose booking can no longer take a payment (its hold ended, it was paid or cancelled)
 * or whose page has expired is ended at the gateway; one open for a while (CHECKOUT_ASK_AFTER_SECONDS) on a running
 * hold is read there, in case its webhook went missing. What the
 * gateway answers is settled. Two instances asking about one checkout at once settle it once. Answers how many were
 * looked at.
 */
export async function reconcileCheckouts(limit = 20) {
  const db = await getDb();
  const { rows: due } = await sql<{
    id: Selectable<CheckoutsTable>["id"];
    provider: Selectable<CheckoutsTable>["provider"];
    ended: boolean;
  }>`select id, provider, ended from (
       select c.id, c.provider, c.created_at, (c.expires_at <= now() or not ${sql.raw(canPaySql("b", "s"))}) as ended
       from checkouts c join bookings b on b.id = c.booking_id join shows s on s.id = b.show_id
       where c.status = 'open'
     ) open_checkouts
     where ended or created_at <= now() - make_interval(secs => ${config.payments.askAfterSeconds})
     order by created_at limit ${limit}`.execute(typed(db));
  for (const checkout of due) {
    try {
      const provider = paymentProvider(checkout.provider);
      const state = checkout.ended
        ? await provider.expireCheckout(checkout.id)
        : await provider.readCheckout(checkout.id);
      await settleCheckout(checkout.provider, state);
    } catch (error) {
      logger.error({ err: error, checkout: checkout.id }, "Reconciling a checkout with the gateway failed");
    }
  }
  return due.length;
}
