import { sql } from "kysely";
import { config } from "~/config.server";
import { shortBookingId, type Booking } from "~/domain/booking";
import type { ReturnReason } from "~/domain/payments";
import { callAuthSync } from "~/services/auth-sync.server";
import { getDb, type Queryable } from "~/services/db.server";
import { emailVerificationCode, signInLinkCode } from "~/services/firebase-admin.server";
import { senderDomain, type DeliveryResult, type MailMessage, type Mailer } from "~/services/mailer.server";
import { signInLinkProof } from "~/services/sign-in-links.server";
import { typed } from "~/services/typed-db.server";
import { findBooking, findBookingNow } from "./bookings.server";
import { findBookingByReference } from "./booking-references.server";
import { refundStrayPayment, type StrayPayment } from "./stray-payments.server";
import { bookingCalendar, bookingLinks, mailedETicketFor, type BookingLinks } from "./e-tickets.server";
import * as mails from "./mail-messages.server";
import { enqueueMessage, withdrawPending, type ClaimedMessage } from "./outbox.server";
import { makePasswordResetCode } from "./password-reset-codes.server";
import { userNameSql } from "./users.server";
import { sendWalletUpdate } from "./wallet-updates.server";
import { STAFF_ROLE_LABELS, type StaffRole } from "~/domain/staff-roles";
import type { CalendarMethod } from "~/utils/calendar";

// What each event puts in the outbox (called inside the event's own transaction), and how each kind of message is
// made and sent when the worker claims it. A booking's mail is made from the booking as it is when it is sent, not as
// it was queued (the payload's copy names it): one that no longer holds is skipped (decision 56).

type Payloads = {
  "booking-confirmation": { booking: Booking; name: string };
  "booking-cancellation": { booking: Booking; name: string; refundedCents: number; cardLast4: string | null };
  "show-reminder": { bookingId: string; userUid: string; name: string };
  "show-cancelled": { booking: Booking; name: string; refundedCents: number; cardLast4: string | null };
  "show-moved": { booking: Booking; name: string; from: { startsAt: string; hallName: string } };
  "payment-returned": {
    booking: Booking;
    name: string;
    refundedCents: number;
    cardLast4: string | null;
    /** Absent from mails queued before the reason was kept: their booking's status tells it then. */
    because?: ReturnReason;
  };
  "gateway-refund": StrayPayment;
  "waitlist-offer": { bookingId: string; userUid: string; name: string };
  "password-reset": { email: string };
  "sign-in-link": { email: string; redirectTo: string };
  "email-verification": { email: string };
  "booking-link": { email: string; reference: string };
  "staff-invitation": { invitationId: string; email: string; role: StaffRole; invitedBy: string };
  "auth-sync": { method: "POST" | "DELETE"; uid: string; session: string; idToken?: string };
  "wallet-update": { bookingId: string };
};

/** The address and name of a customer: mails go only to an address someone signed up and signed in with. */
async function customer(tx: Queryable, uid: string) {
  const row = await typed(tx)
    .selectFrom("users")
    .select(["email", sql.raw<string>(userNameSql("users")).as("name")])
    .where("uid", "=", uid)
    .executeTakeFirst();
  return row?.email ? { email: row.email, name: row.name } : null;
}

/** A paid booking: its confirmation now, and its reminder before the show unless that moment has already passed. */
export async function queueBookingPaid(tx: Queryable, userUid: string, booking: Booking) {
  const to = await customer(tx, userUid);
  if (!to) return;
  const confirmation: Payloads["booking-confirmation"] = { booking, name: to.name };
  await enqueueMessage(tx, {
    kind: "booking-confirmation",
    recipient: to.email,
    subject: mails.confirmationSubject(booking),
    payload: confirmation,
  });
  await queueReminder(tx, userUid, to, booking);
}

async function queueReminder(tx: Queryable, userUid: string, to: { email: string; name: string }, booking: Booking) {
  const reminder: Payloads["show-reminder"] = { bookingId: booking.id, userUid, name: to.name };
  await enqueueMessage(tx, {
    kind: "show-reminder",
    recipient: to.email,
    subject: mails.reminderSubject(booking),
    payload: reminder,
    dueAt: new Date(Date.parse(booking.startsAt) - config.mail.reminderMinutes * 60_000).toISOString(),
  });
}

/**
 * A payment the booking could no longer take: its refund at the gateway, carried out by the worker (the gateway's
 * idempotency key makes a retry one refund), and the customer's mail saying why.
 */
export async function queuePaymentReturned(
  tx: Queryable,
  userUid: string,
  booking: Booking,
  stray: StrayPayment,
  because: ReturnReason,
) {
  await enqueueMessage(tx, {
    kind: "gateway-refund",
    recipient: stray.provider,
    subject: `Refund ${stray.paymentReference}`,
    payload: stray,
  });
  const to = await customer(tx, userUid);
  if (!to) return;
  const mail: Payloads["payment-returned"] = {
    booking,
    name: to.name,
    refundedCents: stray.amountCents,
    cardLast4: stray.cardLast4,
    because,
  };
  await enqueueMessage(tx, {
    kind: "payment-returned",
    recipient: to.email,
    subject: mails.paymentReturnedSubject(booking),
    payload: mail,
  });
}

const CANCELLATION_SUBJECTS = {
  "booking-cancellation": mails.cancellationSubject,
  "show-cancelled": mails.showCancelledSubject,
};

/**
 * A booking cancelled: by its customer ("booking-cancellation", a paid one, refunded) or because the cinema cancelled
 * its show ("show-cancelled": refunded if it was paid, let go if it was a hold).
 */
export async function queueCancellation(
  tx: Queryable,
  kind: keyof typeof CANCELLATION_SUBJECTS,
  userUid: string,
  booking: Booking,
  refund: { refundedCents: number; cardLast4: string | null },
) {
  const to = await customer(tx, userUid);
  if (!to) return;
  const payload: Payloads[typeof kind] = { booking, name: to.name, ...refund };
  await enqueueMessage(tx, { kind, recipient: to.email, subject: CANCELLATION_SUBJECTS[kind](booking), payload });
}

/**
 * A paid booking whose show the cinema moved (`booking` as it is now, `from` where it was). Its reminder follows the
 * show: one still waiting is withdrawn and queued again for the new time; one already sent, or being sent right now,
 * is not, so nobody is reminded twice.
 */
export async function queueShowMoved(
  tx: Queryable,
  userUid: string,
  booking: Booking,
  from: { startsAt: string; hallName: string },
) {
  const to = await customer(tx, userUid);
  if (!to) return;
  const payload: Payloads["show-moved"] = { booking, name: to.name, from };
  await enqueueMessage(tx, {
    kind: "show-moved",
    recipient: to.email,
    subject: mails.showMovedSubject(booking),
    payload,
  });
  const waiting = { bookingId: booking.id };
  if (await withdrawPending(tx, "show-reminder", waiting, "The show moved: its reminder was queued for the new time."))
    await queueReminder(tx, userUid, to, booking);
}

/** Seats that came free, held for the first customer waiting for them. */
export async function queueWaitlistOffer(tx: Queryable, userUid: string, bookingId: string) {
  const to = await customer(tx, userUid);
  const booking = await findBooking(userUid, bookingId, { tx });
  if (!to || !booking) return;
  const payload: Payloads["waitlist-offer"] = { bookingId, userUid, name: to.name };
  await enqueueMessage(tx, {
    kind: "waitlist-offer",
    recipient: to.email,
    subject: mails.waitlistOfferSubject(booking),
    payload,
  });
}

// Whether the address has an account is asked only when the link is made, by the worker: the request is answered
// alike, and as fast, for any address.
export async function queuePasswordReset(tx: Queryable, email: string) {
  const payload: Payloads["password-reset"] = { email };
  await enqueueMessage(tx, {
    kind: "password-reset",
    recipient: email,
    subject: mails.PASSWORD_RESET_SUBJECT,
    payload,
  });
}

export async function queueSignInLink(tx: Queryable, email: string, redirectTo: string) {
  const payload: Payloads["sign-in-link"] = { email, redirectTo };
  await enqueueMessage(tx, { kind: "sign-in-link", recipient: email, subject: mails.SIGN_IN_LINK_SUBJECT, payload });
}

/** An ask for a booking's link; the booking is looked for when the mail is made, and only mailed to its own address. */
export async function queueBookingLinkAsk(tx: Queryable, email: string, reference: string) {
  const payload: Payloads["booking-link"] = { email, reference };
  await enqueueMessage(tx, { kind: "booking-link", recipient: email, subject: mails.BOOKING_LINK_SUBJECT, payload });
}

/** Whether a staff invitation can still be accepted (the staff invitations' model queues its mail, so it is read here). */
async function isInvitationOpen(invitationId: string) {
  const open = await typed(await getDb())
    .selectFrom("staff_invitations")
    .select("id")
    .where("id", "=", invitationId)
    .where("accepted_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return open !== undefined;
}

/** A manager's invitation to join the staff; its link is made when sent, and none once it was accepted or ran out. */
export async function queueStaffInvitation(tx: Queryable, invitation: Payloads["staff-invitation"]) {
  await enqueueMessage(tx, {
    kind: "staff-invitation",
    recipient: invitation.email,
    subject: mails.staffInvitationSubject(STAFF_ROLE_LABELS[invitation.role]),
    payload: invitation,
  });
}

/** A link that confirms an account's address; made when sent, and only while the address is unverified. */
export async function queueEmailVerification(tx: Queryable, email: string) {
  const payload: Payloads["email-verification"] = { email };
  await enqueueMessage(tx, {
    kind: "email-verification",
    recipient: email,
    subject: mails.EMAIL_VERIFICATION_SUBJECT,
    payload,
  });
}

/** Tells AUTH_SYNC_URL of a sign-in (POST, with the sign-in's ID token), when it is set. */
export async function queueSignIn(tx: Queryable, sync: { uid: string; session: string; idToken: string }) {
  if (config.authSyncUrl) await queueAuthSync(tx, config.authSyncUrl, { method: "POST", ...sync });
}

/**
 * Tells AUTH_SYNC_URL that a session ended (DELETE, naming the session its POST announced), when it is set. A session
 * that ends before its POST went out is announced by neither; a POST being sent right now cannot be withdrawn, and
 * should it fail, the DELETE waits until it is sent (claimDueMessages keeps one session's calls in order).
 */
export async function queueSignOut(tx: Queryable, sync: { uid: string; session: string }) {
  if (!config.authSyncUrl) return;
  const unannounced = { method: "POST", session: sync.session };
  if (await withdrawPending(tx, "auth-sync", unannounced, "Signed out before the sign-in was sent.")) return;
  await queueAuthSync(tx, config.authSyncUrl, { method: "DELETE", ...sync });
}

async function queueAuthSync(tx: Queryable, url: string, payload: Payloads["auth-sync"]) {
  const subject = `${payload.method === "POST" ? "Signed in" : "Signed out"}: ${payload.uid}`;
  await enqueueMessage(tx, { kind: "auth-sync", recipient: url, subject, payload });
}

export type Outcome =
  | { status: "sent"; textBody: string | null }
  | { status: "skipped"; note: string }
  | { status: "failed"; permanent: boolean; error: string };

const site = (path: string, query: Record<string, string> = {}) => {
  const params = new URLSearchParams(query).toString();
  return `${config.mail.siteUrl}${path}${params ? `?${params}` : ""}`;
};
// Staff may read what was sent, but never a link that signs someone in or sets their password.
const LINK_LEFT_OUT = "(the one-time link is left out here)";

function outcomeOf(result: DeliveryResult, textBody: string | null): Outcome {
  return result.ok ? { status: "sent", textBody } : { status: "failed", ...result };
}

/**
 * Sends the mail `render` makes with a booking's links, and its calendar entry when it changes one; staff's copy keeps
 * the links they may read: a guest manages the booking through the signed link alone (decision 46), never shown there.
 */
async function sendBookingMail(
  message: ClaimedMessage,
  mailer: Mailer,
  booking: Booking,
  render: (links: BookingLinks) => mails.RenderedMail,
  calendar?: CalendarMethod,
) {
  const sent = await bookingLinks(booking);
  const kept = sent.forGuest ? { booking: LINK_LEFT_OUT, calendar: LINK_LEFT_OUT, forGuest: true } : sent;
  const mail = render(sent);
  const entry = calendar && {
    method: calendar,
    filename: `marquee-${shortBookingId(booking.id)}.ics`,
    content: await bookingCalendar(booking, calendar),
  };
  return sendMail(message, mailer, { ...mail, calendar: entry }, render(kept).text);
}

async function sendMail(
  message: ClaimedMessage,
  mailer: Mailer,
  mail: mails.RenderedMail & Pick<MailMessage, "calendar">,
  textBody = mail.text,
) {
  const result = await mailer({
    id: message.id,
    // Stable for the row: a receiver can drop the one duplicate a crash between sending and marking can make.
    messageId: `<${message.id}@${senderDomain(config.mail.from)}>`,
    from: config.mail.from,
    to: { name: "", address: message.recipient },
    ...mail,
  });
  return outcomeOf(result, textBody);
}

/** Makes a claimed message and sends it: what happened, for the worker to record. */
export async function deliverMessage(message: ClaimedMessage, mailer: Mailer): Promise<Outcome> {
  switch (message.kind) {
    case "booking-confirmation": {
      const { booking: queued, name } = message.payload as Payloads["booking-confirmation"];
      const booking = await findBookingNow(queued.id);
      // Its cancellation mail, queued later, may have gone first: tickets after it would contradict it.
      if (booking?.status !== "paid")
        return { status: "skipped", note: "The booking was cancelled before its tickets were sent." };
      const ticket = await mailedETicketFor(booking.id);
      return sendBookingMail(message, mailer, booking, (links) =>
        mails.bookingConfirmation(booking, name, ticket, links),
      );
    }
    case "booking-cancellation": {
      const { booking: queued, name, ...refund } = message.payload as Payloads["booking-cancellation"];
      const booking = (await findBookingNow(queued.id))!;
      return sendBookingMail(
        message,
        mailer,
        booking,
        (links) => mails.bookingCancellation(booking, name, refund, links),
        "CANCEL",
      );
    }
    case "show-reminder": {
      const { bookingId, userUid, name } = message.payload as Payloads["show-reminder"];
      const booking = await findBooking(userUid, bookingId);
      if (!booking || booking.status !== "paid") return { status: "skipped", note: "The booking is no longer paid." };
      if (booking.showStarted) return { status: "skipped", note: "The show had already started." };
      const ticket = await mailedETicketFor(booking.id);
      return sendBookingMail(message, mailer, booking, (links) => mails.showReminder(booking, name, ticket, links));
    }
    case "show-cancelled": {
      const { booking: queued, name, ...refund } = message.payload as Payloads["show-cancelled"];
      const booking = (await findBookingNow(queued.id))!;
      // A hold let go was never in a calendar; a paid booking's entry is taken out.
      const calendar = booking.paidAt ? "CANCEL" : undefined;
      return sendBookingMail(
        message,
        mailer,
        booking,
        (links) => mails.showCancelled(booking, name, refund, links),
        calendar,
      );
    }
    case "show-moved": {
      const { booking: queued, name, from } = message.payload as Payloads["show-moved"];
      const booking = await findBookingNow(queued.id);
      if (booking?.status !== "paid")
        return { status: "skipped", note: "The booking was cancelled before the news of its show's move was sent." };
      return sendBookingMail(
        message,
        mailer,
        booking,
        (links) => mails.showMoved(booking, name, from, links),
        "PUBLISH",
      );
    }
    case "payment-returned": {
      const { booking, name, because, ...refund } = message.payload as Payloads["payment-returned"];
      return sendMail(
        message,
        mailer,
        mails.paymentReturned(
          booking,
          name,
          refund,
          because ?? (booking.status === "paid" ? "already-paid" : "hold-ended"),
        ),
      );
    }
    case "gateway-refund": {
      const refund = await refundStrayPayment(message.payload as Payloads["gateway-refund"]);
      return refund.ok
        ? { status: "sent", textBody: `Refund ${refund.reference}: ${refund.status}` }
        : { status: "failed", permanent: false, error: refund.message };
    }
    case "waitlist-offer": {
      const { bookingId, userUid, name } = message.payload as Payloads["waitlist-offer"];
      const booking = await findBooking(userUid, bookingId);
      if (booking?.status !== "pending") return { status: "skipped", note: "The held seats were paid or let go." };
      return sendMail(message, mailer, mails.waitlistOffer(booking, name));
    }
    case "password-reset": {
      const { email } = message.payload as Payloads["password-reset"];
      const oobCode = await makePasswordResetCode(email);
      if (!oobCode) return { status: "skipped", note: "No account has this address." };
      const mail = mails.passwordResetMail(email, site("/reset-password", { oobCode }));
      return sendMail(message, mailer, mail, mails.passwordResetMail(email, LINK_LEFT_OUT).text);
    }
    case "sign-in-link": {
      const { email, redirectTo } = message.payload as Payloads["sign-in-link"];
      const back: Record<string, string> = redirectTo === "/" ? {} : { redirectTo };
      const oobCode = await signInLinkCode(email, site("/login/email-link", { email, ...back }));
      if (!oobCode) return { status: "skipped", note: "No account has this address." };
      const proof = signInLinkProof(email, oobCode);
      const mail = mails.signInLinkMail(email, site("/login/email-link", { oobCode, email, proof, ...back }));
      return sendMail(message, mailer, mail, mails.signInLinkMail(email, LINK_LEFT_OUT).text);
    }
    case "email-verification": {
      const { email } = message.payload as Payloads["email-verification"];
      const oobCode = await emailVerificationCode(email);
      if (!oobCode) return { status: "skipped", note: "No account has this address unconfirmed." };
      const mail = mails.emailVerificationMail(email, site("/verify-email", { oobCode }));
      return sendMail(message, mailer, mail, mails.emailVerificationMail(email, LINK_LEFT_OUT).text);
    }
    case "booking-link": {
      const { email, reference } = message.payload as Payloads["booking-link"];
      const booking = await findBookingByReference(email, reference);
      if (!booking)
        return { status: "skipped", note: "No booking with this Booking ID, made with this address, is to come." };
      return sendBookingMail(message, mailer, booking, (links) => mails.bookingLinkMail(booking, links));
    }
    case "staff-invitation": {
      const { invitationId, email, role, invitedBy } = message.payload as Payloads["staff-invitation"];
      if (!(await isInvitationOpen(invitationId)))
        return { status: "skipped", note: "The invitation was accepted, renewed or ran out before it was sent." };
      const page = `/staff-invitation/${invitationId}`;
      const oobCode = await signInLinkCode(email, site("/login/email-link", { email, redirectTo: page }));
      const link = oobCode
        ? site("/login/email-link", { oobCode, email, proof: signInLinkProof(email, oobCode), redirectTo: page })
        : site(page);
      const invitation = { email, roleLabel: STAFF_ROLE_LABELS[role], invitedBy, days: config.staff.invitationDays };
      const mail = mails.staffInvitationMail(invitation, link, oobCode !== null);
      const kept = mails.staffInvitationMail(invitation, oobCode ? LINK_LEFT_OUT : link, oobCode !== null);
      return sendMail(message, mailer, mail, kept.text);
    }
    case "auth-sync": {
      const { method, uid, session, idToken } = message.payload as Payloads["auth-sync"];
      const result = await callAuthSync(message.recipient, { method, idToken, body: { uid, session } });
      return outcomeOf(result, `${method} ${message.recipient} {"uid":"${uid}","session":"${session}"}`);
    }
    case "wallet-update":
      return sendWalletUpdate((message.payload as Payloads["wallet-update"]).bookingId);
  }
}
