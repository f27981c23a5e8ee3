import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getSessionSecrets } from "~/config.server";
import { findBookingOwner } from "~/models/guests.server";
import { bookSeats } from "~/models/seat-booking.server";
import { cancelBooking } from "~/models/cancellations.server";
import { moveShow } from "~/models/show-changes.server";
import { deliverDueMessages } from "~/models/outbox-worker.server";
import { verifyBookingLinkToken } from "~/services/booking-links.server";
import { getDb } from "~/services/db.server";
import { folderMailer } from "~/services/mailer.server";
import { addMovie, addShow, addUser, payForBooking } from "./fixtures";
import { calendarValue, iTipProblems } from "./itip-check";

// The booking mails from payment to cancellation, through the real outbox and nodemailer's own output, on a clock
// the test moves (PGlite's now() is the JavaScript clock).

const MOVIE = "t-booking-mails";
const TITLE = "The <Outbox> & Co";
const DAY = "2031-06-10";
const STARTS_AT = new Date(`${DAY}T19:30:00Z`);
const REMINDER_AT = new Date(STARTS_AT.getTime() - 120 * 60_000);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "booking-mails-"));
const mailer = folderMailer(folder);
let show: string;
let lateShow: string;

beforeAll(async () => {
  await addMovie(MOVIE, { title: TITLE });
  show = await addShow(MOVIE, STARTS_AT.toISOString(), { priceCents: 6100 });
  lateShow = await addShow(MOVIE, `${DAY}T23:00:00Z`, { priceCents: 6100 });
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(`${DAY}T09:00:00Z`));
});
afterEach(() => vi.useRealTimers());

/** A hold of seats for a new customer. */
async function hold(showId: string, seats: string[], email: string | null) {
  const user = await addUser(undefined, { name: "Ann Lee", email: email! });
  const booked = await bookSeats({
    userUid: user,
    movieId: MOVIE,
    day: DAY,
    showId,
    seats,
    requestToken: randomUUID(),
  });
  if (!booked.ok) throw new Error(`booking failed: ${booked.reason}`);
  return { user, booking: booked.booking };
}

let nextRow = 0;
/** A new customer books two seats of a show and pays for them. */
async function paidBooking(showId = show, email: string | null = `${randomUUID()}@example.com`) {
  const row = "ABCDEFGHIJ"[nextRow++ % 10];
  const { user, booking: held } = await hold(showId, [`${row}3`, `${row}4`], email);
  const paid = await payForBooking(user, held.id);
  if (!paid.ok) throw new Error(`payment failed: ${paid.reason}`);
  return { user, email, booking: paid.booking };
}

async function outbox(recipient: string | null) {
  const db = await getDb();
  return db.query<{ id: string; kind: string; status: string; dueAt: Date; note: string | null }>(
    `select id, kind, status, due_at as "dueAt", note from outbox where recipient = $1 order by kind`,
    [recipient],
  );
}

/** The calendar entry a mail carries, as a calendar program reads it: its text/calendar part. */
function calendarEntryOf(mail: ParsedMail) {
  const part = mail.attachments.find((attachment) => attachment.contentType === "text/calendar");
  if (!part) throw new Error(`no calendar entry in: ${mail.subject}`);
  return part.content.toString("utf8");
}

async function sendDue() {
  while ((await deliverDueMessages(mailer)) > 0);
}

/** The mails of a kind written to the folder for an address, parsed as a mail program would. */
async function mailsTo(email: string, kind: string): Promise<ParsedMail[]> {
  const ids = (await outbox(email)).filter((row) => row.kind === kind && row.status === "sent").map((row) => row.id);
  return Promise.all(
    ids.map(async (id) => simpleParser(fs.readFileSync(path.join(folder, `${id}.eml`)), { keepCidLinks: true })),
  );
}

describe("paying", () => {
  it("sends one confirmation with the movie, time, seats, amount, booking id, QR e-ticket and refund terms", async () => {
    const { email, booking } = await paidBooking();
    await sendDue();
    await sendDue();
    const [mail, ...more] = await mailsTo(email!, "booking-confirmation");
    expect(more).toEqual([]);
    expect(mail.from?.text).toBe('"Marquee Cinemas" <no-reply@marquee.example>');
    expect(mail.to).toMatchObject({ text: email });
    expect(mail.subject).toBe(`Your tickets for ${TITLE}, Tue, Jun 10, 7:30 PM`);
    const text = mail.text!;
    for (const line of [
      "Hello Ann Lee,",
      `Movie: ${TITLE}`,
      "When: Tue, Jun 10, 7:30 PM",
      `Seats: ${booking.seats.join(", ")}`,
      "Amount paid: $122.00",
      `Booking ID: ${booking.id.slice(0, 8).toUpperCase()}`,
      `Your booking: http://127.0.0.1:3000/my-bookings/${booking.id}`,
      "Cancellation: a paid booking can be cancelled for a full refund until Tue, Jun 10, 5:30 PM, 2 hours before the show. After that it can no longer be cancelled or refunded.",
      "You receive this mail because you booked and paid these seats at Marquee Cinemas with this email address.",
    ])
      expect(text).toContain(line);
    expect(text).toMatch(/^Hall: Test hall [0-9a-f-]{36}$/m);
    // The QR code and the booking reference are what the customer shows; never the long ticket code.
    expect(text).not.toMatch(/[A-Za-z0-9_-]{43}/);
    expect(mail.html).not.toMatch(/[A-Za-z0-9_-]{43}/);
    for (const line of [
      "Show this code at the door.",
      "Address: 1 Marquee Lane, Springfield",
      "Map: https://www.openstreetmap.org/search?query=1%20Marquee%20Lane%2C%20Springfield",
      `Add to calendar: http://127.0.0.1:3000/my-bookings/${booking.id}/calendar.ics`,
    ])
      expect(text).toContain(line);
    expect(mail.html).toContain(`href="http://127.0.0.1:3000/my-bookings/${booking.id}/calendar.ics"`);
    const [qr] = mail.attachments;
    expect(qr).toMatchObject({ contentType: "image/png", contentDisposition: "inline", cid: "e-ticket" });
    expect(qr.content.subarray(1, 4).toString()).toBe("PNG");
    expect(mail.html).toContain('src="cid:e-ticket"');
    // Outlook on phones and the Yahoo apps drop the body's own styles: they sit on a wrapper inside it.
    expect(mail.html).toMatch(
      /<body>\s*<div style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1\.5">[^]*<\/div>\s*<\/body>/,
    );
    // The title is text in the HTML part, never markup.
    expect(mail.html).toContain("The &lt;Outbox&gt; &amp; Co");
    expect(mail.html).not.toContain("<Outbox>");
  });

  it("tells a booking paid inside the cancellation cut-off that it can no longer be cancelled or refunded", async () => {
    vi.setSystemTime(new Date(STARTS_AT.getTime() - 90 * 60_000));
    const { email } = await paidBooking();
    await sendDue();
    const [mail] = await mailsTo(email!, "booking-confirmation");
    expect(mail.text).toContain(
      "Cancellation: full refunds ended 2 hours before the show, so this booking can no longer be cancelled or refunded.",
    );
    expect(mail.text).not.toContain("can be cancelled for a full refund");
  });

  it("gives a guest's confirmation and reminder the link that opens their booking until the show ends, left out of the outbox", async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const guest = { name: "Gail Guest", email };
    const held = await bookSeats({
      movieId: MOVIE,
      day: DAY,
      showId: show,
      seats: ["J5"],
      requestToken: randomUUID(),
      guest,
      passBookingIds: [],
    });
    if (!held.ok) throw new Error(`booking failed: ${held.reason}`);
    const paid = await payForBooking((await findBookingOwner(held.booking.id))!.uid, held.booking.id);
    expect(paid.ok).toBe(true);
    await sendDue();
    const [mail] = await mailsTo(email, "booking-confirmation");
    expect(mail.text).toContain("Hello Gail Guest,");
    const token =
      /Manage your booking \(ticket, cancel\) until the show ends: http:\/\/127\.0\.0\.1:3000\/booking-link\/(\S+)/.exec(
        mail.text!,
      )![1];
    const opened = verifyBookingLinkToken(token, getSessionSecrets())!;
    expect(opened.bookingId).toBe(held.booking.id);
    // The show starts at 7:30 PM and the movie runs 120 minutes.
    expect(opened.until).toEqual(new Date(STARTS_AT.getTime() + 120 * 60_000));
    expect(mail.text).not.toContain("/my-bookings/");
    expect(mail.text).toContain(`Add to calendar: http://127.0.0.1:3000/booking-link/${token}/calendar.ics`);
    const db = await getDb();
    const [stored] = await db.query<{ textBody: string }>(
      `select text_body as "textBody" from outbox where recipient = $1 and kind = 'booking-confirmation'`,
      [email],
    );
    expect(stored.textBody).not.toContain(token);
    expect(stored.textBody).toContain("Manage your booking (ticket, cancel) until the show ends: (the one-time link");

    // The reminder carries the same links, and no page that needs an account.
    vi.setSystemTime(REMINDER_AT);
    await sendDue();
    const [reminder] = await mailsTo(email, "show-reminder");
    expect(reminder.text).toContain(`Add to calendar: http://127.0.0.1:3000/booking-link/${token}/calendar.ics`);
    expect(reminder.text).toContain(
      `Manage your booking (ticket, cancel) until the show ends: http://127.0.0.1:3000/booking-link/${token}`,
    );
    expect(reminder.text).not.toContain("/my-bookings/");
  });

  it("puts the reminder in the outbox due 120 minutes before the show, and sends it then, once", async () => {
    const { email } = await paidBooking();
    const reminder = (await outbox(email)).find((row) => row.kind === "show-reminder")!;
    expect(new Date(reminder.dueAt)).toEqual(REMINDER_AT);
    await sendDue();
    vi.setSystemTime(REMINDER_AT.getTime() - 1000);
    await sendDue();
    expect(await mailsTo(email!, "show-reminder")).toEqual([]);
    vi.setSystemTime(REMINDER_AT);
    await sendDue();
    vi.setSystemTime(REMINDER_AT.getTime() + 60_000);
    await sendDue();
    const reminders = await mailsTo(email!, "show-reminder");
    expect(reminders.map((mail) => mail.subject)).toEqual([`Reminder: ${TITLE}, Tue, Jun 10, 7:30 PM`]);
    expect(reminders[0].attachments[0]).toMatchObject({ contentType: "image/png", cid: "e-ticket" });
  });

  it("puts no reminder in the outbox when the show starts sooner than that", async () => {
    vi.setSystemTime(REMINDER_AT.getTime() + 60_000);
    const { email } = await paidBooking();
    expect((await outbox(email)).map((row) => row.kind)).toEqual(["booking-confirmation"]);
  });

  it("sends no reminder for a show that has started by the time it is sent", async () => {
    const { email } = await paidBooking(lateShow);
    vi.setSystemTime(new Date(`${DAY}T23:00:00Z`));
    await sendDue();
    expect((await outbox(email)).find((row) => row.kind === "show-reminder")).toMatchObject({
      status: "skipped",
      note: "The show had already started.",
    });
  });

  it("mails nobody for a customer the site has no address of", async () => {
    const db = await getDb();
    const count = async () => (await db.query("select id from outbox")).length;
    const before = await count();
    const { booking } = await paidBooking(show, null);
    expect(booking.status).toBe("paid");
    expect(await count()).toBe(before);
  });
});

describe("a show moved before its mails went out", () => {
  it("gives the confirmation the new time, and sends no news of the move once the booking is cancelled", async () => {
    const movedShow = await addShow(MOVIE, `${DAY}T15:00:00Z`, { priceCents: 6100 });
    const first = await paidBooking(movedShow);
    const second = await paidBooking(movedShow);
    const db = await getDb();
    const [{ hallId }] = await db.query<{ hallId: string }>(`select hall_id as "hallId" from shows where id = $1`, [
      movedShow,
    ]);
    expect(await moveShow("test-staff", movedShow, { hallId, time: `${DAY}T16:00`, confirmedPaid: 2 })).toMatchObject({
      ok: true,
    });
    expect(await cancelBooking(second.user, second.booking.id)).toMatchObject({ ok: true });
    await sendDue();
    const [confirmation] = await mailsTo(first.email!, "booking-confirmation");
    expect(confirmation.text).toContain("When: Tue, Jun 10, 4:00 PM");
    const [moved] = await mailsTo(first.email!, "show-moved");
    // Its calendar entry, which replaces the one the customer added: the same UID, a higher SEQUENCE, the new time.
    const entry = calendarEntryOf(moved);
    expect(iTipProblems(entry)).toEqual([]);
    expect(calendarValue(entry, "METHOD")).toBe("PUBLISH");
    expect(calendarValue(entry, "UID")).toBe(`booking-${first.booking.id}@127.0.0.1`);
    expect(calendarValue(entry, "SEQUENCE")).toBe("1");
    expect(calendarValue(entry, "DTSTART")).toBe("20310610T160000Z");
    expect(await mailsTo(second.email!, "booking-confirmation")).toEqual([]);
    expect(await mailsTo(second.email!, "show-moved")).toEqual([]);
    expect((await outbox(second.email)).find((row) => row.kind === "show-moved")).toMatchObject({
      status: "skipped",
      note: "The booking was cancelled before the news of its show's move was sent.",
    });
    expect(await mailsTo(second.email!, "booking-cancellation")).toHaveLength(1);
  });
});

describe("cancelling a paid booking", () => {
  it("sends the refund mail, and the reminder is not sent", async () => {
    const { user, email, booking } = await paidBooking();
    const cancelled = await cancelBooking(user, booking.id);
    expect(cancelled).toMatchObject({ ok: true, refundedCents: 12200 });
    vi.setSystemTime(REMINDER_AT);
    await sendDue();
    const [mail] = await mailsTo(email!, "booking-cancellation");
    expect(mail.subject).toBe(`Booking ${booking.id.slice(0, 8).toUpperCase()} cancelled: ${TITLE}`);
    expect(mail.text).toContain(`Your booking for ${TITLE} on Tue, Jun 10, 7:30 PM is cancelled.`);
    expect(mail.text).toContain(
      "$122.00 is refunded to your card ending 4242. Banks take 5–10 working days to show it.",
    );
    // A cancelling calendar entry, which takes out the one the customer added.
    const entry = calendarEntryOf(mail);
    expect(iTipProblems(entry)).toEqual([]);
    expect(calendarValue(entry, "METHOD")).toBe("CANCEL");
    expect(calendarValue(entry, "STATUS")).toBe("CANCELLED");
    expect(calendarValue(entry, "UID")).toBe(`booking-${booking.id}@127.0.0.1`);
    expect(calendarValue(entry, "SEQUENCE")).toBe("1");
    expect(await mailsTo(email!, "show-reminder")).toEqual([]);
    expect((await outbox(email)).find((row) => row.kind === "show-reminder")).toMatchObject({
      status: "skipped",
      note: "The booking is no longer paid.",
    });
  });

  it("sends no ticket mail once the booking is cancelled, however soon after paying", async () => {
    const { user, email, booking } = await paidBooking();
    expect(await cancelBooking(user, booking.id)).toMatchObject({ ok: true });
    await sendDue();
    expect(await mailsTo(email!, "booking-confirmation")).toEqual([]);
    expect((await outbox(email)).find((row) => row.kind === "booking-confirmation")).toMatchObject({
      status: "skipped",
      note: "The booking was cancelled before its tickets were sent.",
    });
    const [cancellation] = await mailsTo(email!, "booking-cancellation");
    expect(cancellation.subject).toBe(`Booking ${booking.id.slice(0, 8).toUpperCase()} cancelled: ${TITLE}`);
  });

  it("sends no mail for a hold let go, which was never confirmed", async () => {
    const email = `${randomUUID()}@example.com`;
    const { user, booking } = await hold(show, ["J1", "J2"], email);
    expect(await cancelBooking(user, booking.id)).toMatchObject({ ok: true, refundedCents: 0 });
    expect(await outbox(email)).toEqual([]);
  });
});
