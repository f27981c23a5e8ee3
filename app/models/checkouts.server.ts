import { createHash } from "node:crypto";
import { config } from "~/config.server";
import { payRefusal, type Booking, type PayRefusal } from "~/domain/booking";
import type { ReturnedPayment, ReturnReason } from "~/domain/payments";
import { formatTickets, seatTypeLabel, ticketLines } from "~/domain/tickets";
import { getDb, type Queryable } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { configuredPaymentProvider, paymentProvider } from "~/services/payments/index.server";
import type { CheckoutLine, CheckoutState, GatewayEvent, RefundStatus } from "~/services/payments/types";
import { canPaySql } from "./booking-rules.server";
import { findBooking, lockPayableBooking } from "./bookings.server";
import { releaseStartedHold } from "./holds.server";
import { queueBookingPaid, queuePaymentReturned } from "./notifications.server";
import { REFUND_STATUS_SQL } from "./payments.server";

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
  const [open] = await db.query<{ url: string }>(
    `select url from checkouts
     where booking_id = $1 and status = 'open' and request_key = $2 and url is not null
       and expires_at > now() + make_interval(secs => $3)
     order by created_at desc limit 1`,
    [booking.id, key, REUSE_MARGIN_SECONDS],
  );
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
    await db.query(
      `insert into checkouts (id, provider, booking_id, amount_cents, url, expires_at, request_key)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (id) do update set url = excluded.url, request_key = excluded.request_key`,
      [checkout.id, provider.id, booking.id, booking.amountCents, checkout.url, checkout.expiresAt, key],
    );
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
    await tx.query(
      `update bookings set status = 'paid', paid_at = now(), confirmed_without_payment = true where id = $1`,
      [bookingId],
    );
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
  const [booking] = await tx.query<{ userUid: string; status: string; amountCents: number; payable: boolean }>(
    `select b.user_uid as "userUid", b.status, b.amount_cents as "amountCents", ${canPaySql("b", "s")} as payable
       from bookings b join shows s on s.id = b.show_id where b.id = $1 for update of b`,
    [state.bookingId],
  );
  if (!booking) {
    logger.error({ checkout: state.id, bookingId: state.bookingId }, "A checkout names a booking we do not have");
    return "unknown";
  }
  // A checkout the site started and then crashed before writing is known from the gateway's answer alone.
  await tx.query(
    `insert into checkouts (id, provider, booking_id, amount_cents, expires_at) values ($1, $2, $3, $4, now())
       on conflict (id) do nothing`,
    [state.id, providerId, state.bookingId, state.amountCents],
  );
  const [known] = await tx.query<{ settled: boolean; returnedBecause: ReturnReason | null }>(
    `select payment_reference is not null as settled, returned_because as "returnedBecause"
     from checkouts where id = $1 for update`,
    [state.id],
  );
  if (known.settled) {
    // A Stripe webhook carries no card; the return page's read of the same checkout does.
    const [paid] = await tx.query(
      `update payments set card_last4 = coalesce(card_last4, $2) where checkout_id = $1 returning 1`,
      [state.id, state.cardLast4],
    );
    if (paid) return "paid";
    await tx.query(`update checkouts set card_last4 = coalesce(card_last4, $2) where id = $1`, [
      state.id,
      state.cardLast4,
    ]);
    return `returned-${known.returnedBecause ?? "hold-ended"}`;
  }
  if (!state.paid || !state.paymentReference) {
    if (state.status === "expired")
      await tx.query(`update checkouts set status = 'expired', settled_at = now() where id = $1`, [state.id]);
    return state.status === "expired" ? "expired" : "open";
  }
  const returned = returnReason(booking, state);
  await tx.query(
    `update checkouts set status = 'complete', payment_reference = $2, settled_at = now(),
       refund_status = case when $3::text is null then null else 'pending' end, returned_because = $3,
       card_last4 = case when $3::text is null then null else $4 end
     where id = $1`,
    [state.id, state.paymentReference, returned, state.cardLast4],
  );
  if (!returned) {
    await tx.query(`update bookings set status = 'paid', paid_at = now() where id = $1`, [state.bookingId]);
    await tx.query(
      `insert into payments (booking_id, provider, reference, amount_cents, card_last4, checkout_id)
         values ($1, $2, $3, $4, $5, $6)`,
      [state.bookingId, providerId, state.paymentReference, state.amountCents, state.cardLast4, state.id],
    );
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
  const rows = await (
    await getDb()
  ).query<{
    because: ReturnReason;
    amountCents: number;
    cardLast4: string | null;
    settledAt: Date;
    status: RefundStatus;
  }>(
    `select returned_because as because, amount_cents as "amountCents", card_last4 as "cardLast4",
       settled_at as "settledAt", coalesce(refund_status, 'pending') as status
     from checkouts where booking_id = $1 and returned_because is not null order by settled_at`,
    [bookingId],
  );
  return rows.map(({ because, amountCents, cardLast4, settledAt, status }) => ({
    because,
    refund: { amountCents, cardLast4, refundedAt: new Date(settledAt).toISOString(), status },
  }));
}

/**
 * The customer is back from the gateway: the checkout is read there (the customer never waits on a webhook) and
 * settled. A checkout of another booking, or one the gateway does not know, is "unknown".
 */
export async function confirmReturn(bookingId: string, checkoutId: string): Promise<Settlement> {
  const db = await getDb();
  const [checkout] = await db.query<{ provider: string }>(
    `select provider from checkouts where id = $1 and booking_id = $2`,
    [checkoutId, bookingId],
  );
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
    const [inserted] = await tx.query(
      `insert into gateway_events (provider, id, type) values ($1, $2, $3) on conflict do nothing returning id`,
      [providerId, event.id, event.type],
    );
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
  const params = [refund.paymentReference, refund.reference, refund.status];
  await tx.query(`update payments set refund_status = ${REFUND_STATUS_SQL} where reference = $1 and $2 <> ''`, params);
  await tx.query(
    `update checkouts set refund_status = ${REFUND_STATUS_SQL}, refund_reference = $2 where payment_reference = $1`,
    params,
  );
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
  const due = await db.query<{ id: string; provider: string; ended: boolean }>(
    `select id, provider, ended from (
       select c.id, c.provider, c.created_at, (c.expires_at <= now() or not ${canPaySql("b", "s")}) as ended
       from checkouts c join bookings b on b.id = c.booking_id join shows s on s.id = b.show_id
       where c.status = 'open'
     ) open_checkouts
     where ended or created_at <= now() - make_interval(secs => $2)
     order by created_at limit $1`,
    [limit, config.payments.askAfterSeconds],
  );
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
