import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shortBookingId } from "~/domain/booking";
import { requestBookingLink } from "~/models/accounts.server";
import { deliverDueMessages } from "~/models/outbox-worker.server";
import { findBookingSchema } from "~/schemas/find-booking";
import { getDb } from "~/services/db.server";
import type { MailMessage } from "~/services/mailer.server";
import { addBooking, addMovie, addShow, addUser } from "./fixtures";

// Find my booking (decision 72): anyone asks for a booking's link by its address and Booking ID; the link goes to the
// booking's own address only, and the answer is the same whether or not the booking exists.

const sent: MailMessage[] = [];
const mailer = async (message: MailMessage) => {
  sent.push(message);
  return { ok: true as const };
};
const sendDue = async () => {
  while ((await deliverDueMessages(mailer)) > 0);
};
const stranger = (client: string) => ({ client, knownDevice: false });

let showId: string;
let bookingId: string;
let endedBookingId: string;
let guestBookingId: string;

beforeAll(async () => {
  await addMovie("t-find", { title: "Find Me", runtime: 100 });
  const show = await addShow("t-find", "3 days");
  showId = show;
  const ended = await addShow("t-find", "-3 hours");
  const ann = await addUser("find-ann", { name: "Ann", email: "ann.find@example.com" });
  bookingId = await addBooking(ann, show, ["C4", "C5"]);
  endedBookingId = await addBooking(ann, ended, ["D1"]);
  const db = await getDb();
  await db.query(
    "insert into users (uid, email, name, is_guest) values ('guest:find-gail', 'gail.find@example.com', 'Gail', true)",
  );
  guestBookingId = await addBooking("guest:find-gail", show, ["E1"]);
});

beforeEach(async () => {
  sent.length = 0;
  await (await getDb()).query("delete from outbox");
});

describe("findBookingSchema", () => {
  it("takes the Booking ID as people copy it: any case, with spaces or a dash", () => {
    expect(findBookingSchema.parse({ email: "Ann@Example.com", reference: " 3f2a-9c1b " })).toEqual({
      email: "ann@example.com",
      reference: "3F2A9C1B",
    });
  });
  it("says what a Booking ID looks like when it is missing or wrong", () => {
    const errors = (reference: string) =>
      findBookingSchema.safeParse({ email: "ann@example.com", reference }).error?.flatten().fieldErrors.reference;
    expect(errors("")).toEqual(["Booking ID is required"]);
    expect(errors("3F2A9C1")).toEqual([
      "Enter the 8 letters and digits of the Booking ID in your booking's mail, such as 3F2A9C1B.",
    ]);
  });
});

describe("asking for a booking's link", () => {
  it("mails the link to the booking's address, with the show and seats; staff's copy keeps it", async () => {
    expect(await requestBookingLink("ann.find@example.com", shortBookingId(bookingId), stranger("10.9.0.1"))).toEqual({
      ok: true,
    });
    await sendDue();
    expect(sent.map((mail) => [mail.to.address, mail.subject])).toEqual([
      ["ann.find@example.com", "Your Marquee Cinemas booking"],
    ]);
    expect(sent[0].text).toContain("Film: Find Me");
    expect(sent[0].text).toContain("Seats: C4, C5");
    expect(sent[0].text).toContain(`Booking ID: ${shortBookingId(bookingId)}`);
    // An account's booking opens once its owner signs in.
    expect(sent[0].text).toContain(`Your booking: http://127.0.0.1:3000/my-bookings/${bookingId}`);
  });

  it("mails a guest the signed link that opens the booking, which staff never read", async () => {
    await requestBookingLink("gail.find@example.com", shortBookingId(guestBookingId), stranger("10.9.0.2"));
    await sendDue();
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toMatch(
      /Manage your booking \(ticket, cancel\) until the show ends: http:\/\/127\.0\.0\.1:3000\/booking-link\//,
    );
    const [row] = await (await getDb()).query<{ text_body: string }>("select text_body from outbox");
    expect(row.text_body).not.toContain("/booking-link/");
  });

  it("answers alike and sends nothing for another address, an unknown ID or a show that has ended", async () => {
    const asks = [
      ["someone.else@example.com", shortBookingId(bookingId)],
      ["ann.find@example.com", "00000000"],
      ["ann.find@example.com", shortBookingId(guestBookingId)],
      ["ann.find@example.com", shortBookingId(endedBookingId)],
    ];
    for (const [index, [email, reference]] of asks.entries())
      expect(await requestBookingLink(email, reference, stranger(`10.9.1.${index}`))).toEqual({ ok: true });
    await sendDue();
    expect(sent).toEqual([]);
    const rows = await (await getDb()).query<{ status: string }>("select status from outbox");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === "skipped")).toBe(true);
  });

  it("is limited as the other link mails: a client's fourth ask for one address in an hour is refused", async () => {
    const bob = await addUser("find-bob", { name: "Bob", email: "bob.find@example.com" });
    const bobsBooking = await addBooking(bob, showId, ["F1"]);
    const ask = () => requestBookingLink("bob.find@example.com", shortBookingId(bobsBooking), stranger("10.9.2.1"));
    for (let n = 0; n < 3; n++) expect(await ask()).toEqual({ ok: true });
    expect(await ask()).toMatchObject({ ok: false, reason: "throttled" });
    await sendDue();
    expect(sent).toHaveLength(3);
  });
});
