import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { isGuest } from "~/domain/user";
import { grantBookingPass, holdsBookingPass } from "~/http/guest-pass.server";
import { requireOwnBooking } from "~/http/own-booking.server";
import { findBooking, listBookings } from "~/models/bookings.server";
import { claimGuestBookings, findBookingOwner } from "~/models/guests.server";
import { bookSeats, type GuestSeatRequest } from "~/models/seat-booking.server";
import { guestBookingSchema } from "~/schemas/guest-booking";
import { showEndsAt } from "~/domain/booking-timeline";
import { signBookingLinkToken, verifyBookingLinkToken } from "~/services/booking-links.server";
import { getDb } from "~/services/db.server";
import { addMovie, addShow, addUser } from "./fixtures";

const MOVIE = "t-guests";
const DAY = "2031-06-20";
let show: string;

const guestRequest = (
  email: string,
  seats: string[],
  { name = "Gail Guest", passBookingIds = [] as string[] } = {},
): GuestSeatRequest => ({
  movieId: MOVIE,
  day: DAY,
  showId: show,
  seats,
  requestToken: randomUUID(),
  guest: { name, email },
  passBookingIds,
});

async function bookAsGuest(email: string, seats: string[], name?: string) {
  const result = await bookSeats(guestRequest(email, seats, { name }));
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.booking;
}

beforeAll(async () => {
  await addMovie(MOVIE, { title: "Guest Test", runtime: 100 });
  show = await addShow(MOVIE, `${DAY}T19:30:00Z`);
});

describe("guestBookingSchema", () => {
  const form = { time: randomUUID(), seats: ["A1"], requestToken: randomUUID() };
  it("takes a name and an email, the email in lower case", () => {
    const parsed = guestBookingSchema.parse({ ...form, fullName: "  Gail Guest ", email: "Gail@Example.COM" });
    expect(parsed).toMatchObject({ fullName: "Gail Guest", email: "gail@example.com" });
  });
  it("refuses a missing name and a bad email with the register form's messages", () => {
    const result = guestBookingSchema.safeParse({ ...form, fullName: "", email: "gail@" });
    expect(result.success).toBe(false);
    const errors = result.error?.flatten().fieldErrors;
    expect(errors?.fullName?.[0]).toBe("Full name is required");
    expect(errors?.email?.[0]).toBe("Invalid email address");
  });
});

describe("booking as a guest", () => {
  it("books under one guest per email, whose name is the one given last", async () => {
    const email = `g-${randomUUID()}@example.com`;
    const first = await bookAsGuest(email, ["B1"]);
    const second = await bookAsGuest(email, ["B2"], "Gail Other");
    const owner = (await findBookingOwner(first.id))!;
    expect(isGuest(owner)).toBe(true);
    expect(owner).toMatchObject({ email, name: "Gail Other", isStaff: false });
    expect((await findBookingOwner(second.id))!.uid).toBe(owner.uid);
    expect(await findBooking(owner.uid, first.id)).toMatchObject({ seats: ["B1"], status: "pending" });
  });

  it("counts a guest's limits over the bookings their browser holds passes for, whatever email is typed", async () => {
    const email = `limit-${randomUUID()}@example.com`;
    const pass: string[] = [];
    for (let i = 1; i <= config.bookings.maxUnpaidBookings; i++) {
      const booked = await bookSeats(
        guestRequest(i === 1 ? email : `other-${randomUUID()}@example.com`, [`C${i}`], { passBookingIds: pass }),
      );
      if (!booked.ok) throw new Error(`refused: ${booked.reason}`);
      pass.push(booked.booking.id);
    }
    const fresh = `fresh-${randomUUID()}@example.com`;
    expect(await bookSeats(guestRequest(fresh, ["D1"], { passBookingIds: pass }))).toMatchObject({
      ok: false,
      reason: "too-many-unpaid",
      unpaid: config.bookings.maxUnpaidBookings,
    });
    // A stranger's browser typing that email is answered as for any address: its holds are neither counted nor told.
    expect((await bookSeats(guestRequest(email, ["D1"]))).ok).toBe(true);
  });

  it("counts the seats of a show the browser holds, and tells a stranger nothing of another address's", async () => {
    const email = `seats-${randomUUID()}@example.com`;
    const four = await bookSeats(guestRequest(email, ["J1", "J2", "J3", "J4"]));
    if (!four.ok) throw new Error(`refused: ${four.reason}`);
    expect(
      await bookSeats(
        guestRequest(`new-${randomUUID()}@example.com`, ["J5", "J6"], { passBookingIds: [four.booking.id] }),
      ),
    ).toMatchObject({ ok: false, reason: "too-many-held-seats", held: 4 });
    expect((await bookSeats(guestRequest(email, ["J5", "J6"]))).ok).toBe(true);
  });

  it("leaves no guest behind when the booking is refused", async () => {
    const email = `refused-${randomUUID()}@example.com`;
    const refused = await bookSeats({ ...guestRequest(email, ["E1"]), showId: randomUUID() });
    expect(refused.ok).toBe(false);
    const db = await getDb();
    expect(await db.query("select 1 from users where email = $1", [email])).toHaveLength(0);
  });

  it("refuses a second owner row for one guest email", async () => {
    const db = await getDb();
    const email = `twice-${randomUUID()}@example.com`;
    await bookAsGuest(email, ["F1"]);
    await expect(
      db.query("insert into users (uid, email, is_guest) values ('guest:x', $1, true)", [email]),
    ).rejects.toThrow();
    await expect(
      db.query("insert into users (uid, email, is_guest) values ('no-prefix', 'n@example.com', true)"),
    ).rejects.toThrow();
  });
});

describe("claimGuestBookings", () => {
  it("brings a guest's bookings into the account with that email, once", async () => {
    const email = `claim-${randomUUID()}@example.com`;
    const booking = await bookAsGuest(email, ["G1"]);
    const guestUid = (await findBookingOwner(booking.id))!.uid;
    const db = await getDb();
    // A reminder queued while it was the guest's.
    await db.query(
      `insert into outbox (kind, recipient, subject, payload) values ('show-reminder', $1, 'Reminder', $2)`,
      [email, JSON.stringify({ bookingId: booking.id, userUid: guestUid, name: "Gail" })],
    );
    const account = await addUser(undefined, { email });
    expect(await claimGuestBookings(account, email.toUpperCase())).toBe(1);
    expect((await listBookings(account)).map((b) => b.id)).toEqual([booking.id]);
    // From now on the account's sign-in manages it: a pass or the mailed link no longer does.
    expect(await findBookingOwner(booking.id)).toBeNull();
    const [reminder] = await db.query<{ userUid: string }>(
      `select payload->>'userUid' as "userUid" from outbox where kind = 'show-reminder' and payload->>'bookingId' = $1`,
      [booking.id],
    );
    expect(reminder.userUid).toBe(account);
    expect(await claimGuestBookings(account, email)).toBe(0);
    expect(await listBookings(account)).toHaveLength(1);
  });

  it("moves nothing of another email", async () => {
    const booking = await bookAsGuest(`mine-${randomUUID()}@example.com`, ["H1"]);
    const account = await addUser();
    expect(await claimGuestBookings(account, `theirs-${randomUUID()}@example.com`)).toBe(0);
    expect(isGuest((await findBookingOwner(booking.id))!)).toBe(true);
  });
});

describe("the booking link", () => {
  const secret = "a-secret";
  const bookingId = randomUUID();
  const until = new Date(Date.now() + 60 * 60_000);

  it("opens its booking until its end", () => {
    const token = signBookingLinkToken(bookingId, until, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]{48}$/);
    const opened = verifyBookingLinkToken(token, ["new-secret", secret]);
    expect(opened?.bookingId).toBe(bookingId);
    expect(Math.abs(opened!.until.getTime() - until.getTime())).toBeLessThan(1000);
  });

  it("is refused once the show has ended", () => {
    const token = signBookingLinkToken(bookingId, until, secret);
    expect(verifyBookingLinkToken(token, [secret], new Date(until.getTime() + 1000))).toBeNull();
  });

  it("is refused signed with another secret, edited, or pointed at another booking", () => {
    const token = signBookingLinkToken(bookingId, until, secret);
    expect(verifyBookingLinkToken(token, ["other"])).toBeNull();
    const other = signBookingLinkToken(randomUUID(), until, secret);
    // The other booking's id with this booking's signature.
    expect(verifyBookingLinkToken(other.slice(0, 22) + token.slice(22), [secret])).toBeNull();
    // A later end with the same signature.
    const later = signBookingLinkToken(bookingId, new Date(until.getTime() + 86_400_000), secret);
    expect(verifyBookingLinkToken(later.slice(0, 27) + token.slice(27), [secret])).toBeNull();
    for (const junk of [undefined, "", "x".repeat(48), `${token}A`, token.slice(1)])
      expect(verifyBookingLinkToken(junk, [secret])).toBeNull();
  });

  it("ends when the show ends: its start plus the movie's runtime", () => {
    const end = showEndsAt({ startsAt: "2031-06-20T19:30:00.000Z", movie: { runtime: 100 } });
    expect(end.toISOString()).toBe("2031-06-20T21:10:00.000Z");
  });
});

describe("a browser's pass to a guest's booking", () => {
  const withCookie = (setCookie: string) =>
    new Request("http://127.0.0.1/my-bookings/x", { headers: { Cookie: setCookie.split(";")[0] } });
  const later = () => new Date(Date.now() + 60 * 60_000);

  it("opens the bookings it names to their owner, and sends anyone else's to sign in", async () => {
    const email = `pass-${randomUUID()}@example.com`;
    const mine = await bookAsGuest(email, ["I1"]);
    const theirs = await bookAsGuest(`their-${randomUUID()}@example.com`, ["I2"]);
    const request = withCookie(await grantBookingPass(new Request("http://127.0.0.1/"), mine.id, later()));
    const { viewer, booking } = await requireOwnBooking(request, mine.id);
    expect(viewer).toMatchObject({ email, name: "Gail Guest" });
    expect(booking.seats).toEqual(["I1"]);
    const refused = await requireOwnBooking(request, theirs.id).catch((answer: Response) => answer);
    expect((refused as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("keeps the passes it had, and drops one whose show has ended", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const first = withCookie(await grantBookingPass(new Request("http://127.0.0.1/"), a, new Date(Date.now() + 1000)));
    const both = withCookie(await grantBookingPass(first, b, later()));
    expect(await holdsBookingPass(both, a)).toBe(true);
    expect(await holdsBookingPass(both, b)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await holdsBookingPass(both, a)).toBe(false);
    // An edited cookie is no pass at all.
    const edited = new Request("http://127.0.0.1/", {
      headers: { Cookie: both.headers.get("Cookie")!.replace(/.$/, "x") },
    });
    expect(await holdsBookingPass(edited, b)).toBe(false);
  });
});
