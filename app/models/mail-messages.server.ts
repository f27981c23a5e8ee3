import { config } from "~/config.server";
import { refundTerms, shortBookingId, type Booking } from "~/domain/booking";
import { BANK_REFUND_TIME, type ReturnReason } from "~/domain/payments";
import { formatTickets } from "~/domain/tickets";
import { describeMinutes } from "~/utils/format";
import { escapeHtml } from "~/utils/html";
import { formatMoney } from "~/utils/money";
import { formatClockTime, formatShowTime } from "~/utils/show-display";
import { cinemaVenue, type BookingLinks } from "./e-tickets.server";

// The mails the site sends, each as a plain-text and an HTML part made from the same pieces, with a footer saying
// why it was sent. They are made from the booking as findBooking answers it, so what it gains shows here too.

export type InlineImage = { cid: string; filename: string; content: Buffer; contentType: string };
export type RenderedMail = { subject: string; text: string; html: string; inlineImages: InlineImage[] };

type Piece =
  | { paragraph: string }
  | { facts: [label: string, value: string][] }
  | { link: string; label: string }
  | { image: InlineImage; alt: string };

const BRAND = "Marquee Cinemas";
const TICKET_CID = "e-ticket";

function textOf(piece: Piece) {
  if ("paragraph" in piece) return piece.paragraph;
  if ("facts" in piece) return piece.facts.map(([label, value]) => `${label}: ${value}`).join("\n");
  if ("link" in piece) return `${piece.label}: ${piece.link}`;
  return `[${piece.alt}: see the image in this mail]`;
}

const LINK_STYLE = "color:#b30f2e;font-weight:bold";

function htmlOf(piece: Piece) {
  if ("paragraph" in piece) return `<p>${escapeHtml(piece.paragraph)}</p>`;
  if ("facts" in piece) {
    const rows = piece.facts.map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 16px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    );
    return `<table role="presentation" style="border-collapse:collapse">${rows.join("")}</table>`;
  }
  if ("link" in piece)
    return `<p><a href="${escapeHtml(piece.link)}" style="${LINK_STYLE}">${escapeHtml(piece.label)}</a></p>`;
  return `<p><img src="cid:${piece.image.cid}" alt="${escapeHtml(piece.alt)}" width="264" height="264"></p>`;
}

/**
 * A mail from its pieces; `why` is the footer's reason for sending it. The styles sit on a wrapper, not on the body,
 * whose attributes Outlook on phones and the Yahoo apps drop.
 */
function compose(subject: string, pieces: Piece[], why: string): RenderedMail {
  const footer = `${why}\n${BRAND}, ${config.mail.siteUrl}`;
  const text = `${pieces.map(textOf).join("\n\n")}\n\n-- \n${footer}\n`;
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body>
<div style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
${pieces.map(htmlOf).join("\n")}
<hr><p style="color:#555;font-size:13px">${footer.split("\n").map(escapeHtml).join("<br>")}</p>
</div>
</body></html>`;
  const inlineImages = pieces.flatMap((piece) => ("image" in piece ? [piece.image] : []));
  return { subject, text, html, inlineImages };
}

const site = (path: string) => `${config.mail.siteUrl}${path}`;
const when = (booking: Booking) => formatShowTime(booking.startsAt, config.timeZone);
const greeting = (name: string) => ({ paragraph: `Hello ${name},` });

type Ticket = { qrPng: Buffer };

const bookingLink = (links: BookingLinks): Piece =>
  links.forGuest
    ? { link: links.booking, label: "Manage your booking (ticket, cancel) until the show ends" }
    : { link: links.booking, label: "Your booking" };

/** The QR code and the booking reference people show at the door, where the cinema is, and the show for a calendar. */
function ticketPieces(booking: Booking, ticket: Ticket, links: BookingLinks): Piece[] {
  const venue = cinemaVenue();
  return [
    {
      image: { cid: TICKET_CID, filename: "e-ticket.png", content: ticket.qrPng, contentType: "image/png" },
      alt: `QR code of the e-ticket for booking ${shortBookingId(booking.id)}`,
    },
    { paragraph: "Show this code at the door." },
    { facts: [["Address", venue.address]] },
    { link: venue.mapUrl, label: "Map" },
    { link: links.calendar, label: "Add to calendar" },
  ];
}

function bookingFacts(booking: Booking, amountLabel: string): Piece {
  // A message queued before bookings had ticket types carries none, and one queued before promo codes no discount.
  const tickets: Booking["tickets"] | undefined = booking.tickets;
  return {
    facts: [
      ["Movie", booking.movie.title],
      ["When", when(booking)],
      ["Hall", booking.hallName],
      ["Seats", booking.seats.join(", ")],
      ...(tickets
        ? [["Tickets", formatTickets(tickets, config.currency, booking.discount ?? null)] as [string, string]]
        : []),
      [amountLabel, formatMoney(booking.amountCents, config.currency)],
      ["Booking ID", shortBookingId(booking.id)],
    ],
  };
}

export const confirmationSubject = (booking: Booking) => `Your tickets for ${booking.movie.title}, ${when(booking)}`;

/** The mail of a paid booking: what was bought, the e-ticket, the refund terms. */
export function bookingConfirmation(booking: Booking, name: string, ticket: Ticket, links: BookingLinks): RenderedMail {
  return compose(
    confirmationSubject(booking),
    [
      greeting(name),
      { paragraph: "Thank you: your booking is paid. Here are your tickets." },
      bookingFacts(booking, "Amount paid"),
      ...ticketPieces(booking, ticket, links),
      bookingLink(links),
      { paragraph: `Cancellation: ${refundTerms(booking, config.bookings.cancelCutoffMinutes, config.timeZone)}` },
    ],
    `You receive this mail because you booked and paid these seats at ${BRAND} with this email address.`,
  );
}

/** Where a refund went, as a sentence's start: "€61.00 is refunded to your card ending 4242". */
function refundedTo(refund: { refundedCents: number; cardLast4: string | null }) {
  const card = refund.cardLast4 ? `your card ending ${refund.cardLast4}` : "your card";
  return `${formatMoney(refund.refundedCents, config.currency)} is refunded to ${card}`;
}

export const cancellationSubject = (booking: Booking) =>
  `Booking ${shortBookingId(booking.id)} cancelled: ${booking.movie.title}`;

/** The mail of a cancelled paid booking, with its refund (a hold let go had no mail to take back). */
export function bookingCancellation(
  booking: Booking,
  name: string,
  refund: { refundedCents: number; cardLast4: string | null },
  links: BookingLinks,
): RenderedMail {
  return compose(
    cancellationSubject(booking),
    [
      greeting(name),
      { paragraph: `Your booking for ${booking.movie.title} on ${when(booking)} is cancelled.` },
      {
        paragraph: `${refundedTo(refund)}. Banks take ${BANK_REFUND_TIME} to show it. Its seats are free again for other customers.`,
      },
      bookingFacts(booking, "Amount paid"),
      links.forGuest ? bookingLink(links) : { link: site("/my-bookings"), label: "Your bookings" },
    ],
    `You receive this mail because this booking at ${BRAND} was cancelled.`,
  );
}

export const paymentReturnedSubject = (booking: Booking) =>
  `Payment refunded: ${booking.movie.title}, ${when(booking)}`;

/** Why a payment its booking could not take is refunded, and what that leaves the customer with. */
const RETURNED_BECAUSE: Record<ReturnReason, { why: string; leaves: string }> = {
  "already-paid": {
    why: "this booking was already paid, so this second payment is not needed",
    leaves: "Your booking and e-ticket are unchanged.",
  },
  "hold-ended": {
    why: "it arrived after the seats' hold had ended and the seats were let go",
    leaves: "You have not been charged for these seats.",
  },
  "amount-changed": {
    why: "it was for the booking's tickets before they were changed",
    leaves: "Your seats stay held until the hold ends: pay again for the tickets now on the booking to keep them.",
  },
};

/**
 * The mail of a payment that reached the gateway when its booking could no longer take it (the hold had ended, the
 * booking was paid already, or its tickets changed after the payment page opened): the money goes back in full, and
 * the customer is told why.
 */
export function paymentReturned(
  booking: Booking,
  name: string,
  refund: { refundedCents: number; cardLast4: string | null },
  because: ReturnReason,
): RenderedMail {
  const { why, leaves } = RETURNED_BECAUSE[because];
  return compose(
    paymentReturnedSubject(booking),
    [
      greeting(name),
      {
        paragraph: `We received a payment for your booking for ${booking.movie.title} on ${when(booking)}, but ${why}.`,
      },
      { paragraph: `${refundedTo(refund)}. ${leaves}` },
      ...(because === "hold-ended" ? [{ link: site(`/movies/${booking.movie.id}`), label: "Book again" }] : []),
    ],
    `You receive this mail because a payment for a booking at ${BRAND} was made with this email address.`,
  );
}

export const showCancelledSubject = (booking: Booking) => `Show cancelled: ${booking.movie.title}, ${when(booking)}`;

/**
 * The mail of a booking whose show the cinema cancelled: a paid one with its refund, a hold with the news that it is
 * let go and nothing was charged.
 */
export function showCancelled(
  booking: Booking,
  name: string,
  refund: { refundedCents: number; cardLast4: string | null },
  links: BookingLinks,
): RenderedMail {
  const paid = booking.paidAt !== null;
  return compose(
    showCancelledSubject(booking),
    [
      greeting(name),
      {
        paragraph: `We are sorry: the cinema has cancelled the show of ${booking.movie.title} on ${when(booking)} in ${booking.hallName}, so your booking is cancelled.`,
      },
      {
        paragraph: paid
          ? `${refundedTo(refund)}, in full. You need do nothing.`
          : "Your seats were held for you to pay; the hold is let go and nothing was charged.",
      },
      bookingFacts(booking, paid ? "Amount paid" : "Amount"),
      bookingLink(links),
    ],
    `You receive this mail because you had a booking for this show at ${BRAND}, and the cinema cancelled the show.`,
  );
}

export const showMovedSubject = (booking: Booking) => `Show moved: ${booking.movie.title}, now ${when(booking)}`;

/** The mail of a paid booking whose show the cinema moved to another time or hall: where it was, where it is now. */
export function showMoved(
  booking: Booking,
  name: string,
  from: { startsAt: string; hallName: string },
  links: BookingLinks,
): RenderedMail {
  return compose(
    showMovedSubject(booking),
    [
      greeting(name),
      { paragraph: `The cinema has moved the show of ${booking.movie.title} you have tickets for.` },
      {
        facts: [
          ["Was", `${formatShowTime(from.startsAt, config.timeZone)}, ${from.hallName}`],
          ["Now", `${when(booking)}, ${booking.hallName}`],
        ],
      },
      { paragraph: "Your seats and your e-ticket stay the same." },
      bookingFacts(booking, "Amount paid"),
      bookingLink(links),
      { paragraph: `Cancellation: ${refundTerms(booking, config.bookings.cancelCutoffMinutes, config.timeZone)}` },
    ],
    `You receive this mail because you have paid seats for this show at ${BRAND}, and the cinema changed its time or hall.`,
  );
}

export const reminderSubject = (booking: Booking) => `Reminder: ${booking.movie.title}, ${when(booking)}`;

/** The reminder before a paid show, with the e-ticket again. */
export function showReminder(booking: Booking, name: string, ticket: Ticket, links: BookingLinks): RenderedMail {
  return compose(
    reminderSubject(booking),
    [
      greeting(name),
      { paragraph: `A reminder of your show: ${booking.movie.title}, ${when(booking)}.` },
      bookingFacts(booking, "Amount paid"),
      ...ticketPieces(booking, ticket, links),
      bookingLink(links),
    ],
    `You receive this mail because you have paid seats for this show at ${BRAND}; a reminder is sent ${describeMinutes(config.mail.reminderMinutes)} before each show.`,
  );
}

export const waitlistOfferSubject = (booking: Booking) => `Seats came free: ${booking.movie.title}, ${when(booking)}`;

/** The mail to a customer on a sold-out show's waitlist: seats came free and are held for them to pay. */
export function waitlistOffer(booking: Booking, name: string): RenderedMail {
  const heldUntil = formatClockTime(booking.holdExpiresAt, config.timeZone);
  return compose(
    waitlistOfferSubject(booking),
    [
      greeting(name),
      {
        paragraph: `Seats came free for ${booking.movie.title} on ${when(booking)}, and you were next on the waitlist. They are held for you until ${heldUntil}; after that they go to the next person waiting.`,
      },
      bookingFacts(booking, "Amount to pay"),
      { link: site(`/my-bookings/${booking.id}/pay`), label: "Pay for these seats" },
      { paragraph: "Not going after all? Do nothing: the seats are let go when the hold ends." },
    ],
    `You receive this mail because you joined the waitlist of this sold-out show at ${BRAND}.`,
  );
}

export const PASSWORD_RESET_SUBJECT = `Reset your ${BRAND} password`;

/** The password reset mail: a link to our own /reset-password page. */
export function passwordResetMail(email: string, link: string): RenderedMail {
  return compose(
    PASSWORD_RESET_SUBJECT,
    [
      {
        paragraph: `Someone asked to reset the password of the ${BRAND} account for ${email}. If it was you, choose a new password here:`,
      },
      { link, label: "Choose a new password" },
      {
        paragraph:
          "The link works once, for a limited time. If you did not ask for it, ignore this mail: your password stays as it is.",
      },
    ],
    `You receive this mail because a password reset was asked for this address on the ${BRAND} site.`,
  );
}

export const EMAIL_VERIFICATION_SUBJECT = `Confirm your email for ${BRAND}`;

/** The mail that confirms a new account's address: a link to our own confirmation page. */
export function emailVerificationMail(email: string, link: string): RenderedMail {
  return compose(
    EMAIL_VERIFICATION_SUBJECT,
    [
      { paragraph: `Please confirm that ${email} is your address for your ${BRAND} account:` },
      { link, label: "Confirm my email" },
      {
        paragraph:
          "Once it is confirmed, any bookings you made as a guest with this address move to My Bookings. The link works once, for a limited time.",
      },
    ],
    `You receive this mail because an account was created with this address on the ${BRAND} site, or a new confirmation link was asked for it.`,
  );
}

export const SIGN_IN_LINK_SUBJECT = `Your ${BRAND} sign-in link`;

/** The email-link sign-in mail: a link to our own sign-in page. */
export function signInLinkMail(email: string, link: string): RenderedMail {
  return compose(
    SIGN_IN_LINK_SUBJECT,
    [
      { paragraph: `Someone asked to sign in to ${BRAND} as ${email} with a link. If it was you, sign in here:` },
      { link, label: `Sign in to ${BRAND}` },
      {
        paragraph:
          "The link works once, for a limited time. If you did not ask for it, ignore this mail: nobody can use it without reading this mail.",
      },
    ],
    `You receive this mail because a sign-in link was asked for this address on the ${BRAND} site.`,
  );
}

export const BOOKING_LINK_SUBJECT = `Your ${BRAND} booking`;

/** The link to a booking someone asked for by its address and Booking ID. */
export function bookingLinkMail(booking: Booking, links: BookingLinks): RenderedMail {
  return compose(
    BOOKING_LINK_SUBJECT,
    [
      { paragraph: `Here is the link to your booking, as asked for on the ${BRAND} site:` },
      {
        facts: [
          ["Film", booking.movie.title],
          ["Show", `${when(booking)}, ${booking.hallName}`],
          ["Seats", booking.seats.join(", ")],
          ["Booking ID", shortBookingId(booking.id)],
        ],
      },
      bookingLink(links),
      { paragraph: "If you did not ask for it, ignore this mail: the link was sent only to this address." },
    ],
    `You receive this mail because the link to a booking made with this address was asked for on the ${BRAND} site.`,
  );
}

export const staffInvitationSubject = (roleLabel: string) => `You are invited to the ${BRAND} staff (${roleLabel})`;

/**
 * A manager's invitation to join the staff: a link that signs the invitee in as this address (which confirms it)
 * and opens the invitation, or, for an address without an account yet, the invitation page, which says what to do.
 */
export function staffInvitationMail(
  invitation: { email: string; roleLabel: string; invitedBy: string; days: number },
  link: string,
  hasAccount: boolean,
): RenderedMail {
  return compose(
    staffInvitationSubject(invitation.roleLabel),
    [
      {
        paragraph: `${invitation.invitedBy} invites ${invitation.email} to join the ${BRAND} staff as ${invitation.roleLabel}.`,
      },
      { link, label: hasAccount ? `Sign in and accept` : `Open the invitation` },
      {
        paragraph: hasAccount
          ? `The link signs you in as ${invitation.email} and opens the invitation; it works once. The invitation can be accepted for ${invitation.days} days.`
          : `Create your ${BRAND} account with this address and confirm it, then accept. The invitation can be accepted for ${invitation.days} days.`,
      },
    ],
    `You receive this mail because a manager of ${BRAND} invited this address to join the staff.`,
  );
}
