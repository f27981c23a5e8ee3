// Staff cancelling and moving shows with bookings, as one set of tests run on PGlite (show-changes.test.ts) and on
// PostgreSQL (postgres-show-changes.test.ts). The app's modules are imported inside the tests, after the database
// the file chose is set up.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, expect, it, vi } from "vitest";

const modules = async () => ({
  db: await import("~/services/db.server"),
  bookings: { ...(await import("~/models/bookings.server")), ...(await import("~/models/seat-booking.server")) },
  cancellations: await import("~/models/cancellations.server"),
  changes: await import("~/models/show-changes.server"),
  shows: await import("~/models/shows.server"),
  waitlist: await import("~/models/waitlist.server"),
  mails: await import("~/models/mail-messages.server"),
  eTickets: await import("~/models/e-tickets.server"),
  provider: (await import("~/services/payments/test-gateway.server")).testPaymentProvider,
  fixtures: await import("./fixtures"),
});

type Outbox = { kind: string; recipient: string; subject: string; dueAt: Date; status: string; payload: never };

/** The scenarios; `movie` names the file's own movie. Shows are 60 days ahead: within the year shows may move in. */
export function showChangeScenarios(movie: string) {
  const day = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  let hour = 8;
  beforeAll(async () => {
    const { fixtures } = await modules();
    await fixtures.addMovie(movie, { title: "Night Train" });
  });

  /** A show in a hall of its own, later each time, so no two tests share one. */
  async function newShow() {
    const { fixtures } = await modules();
    return fixtures.addShow(movie, `${day}T${String(hour++).padStart(2, "0")}:00:00Z`, { priceCents: 6100 });
  }

  async function hold(showId: string, seats: string[]) {
    const { bookings, fixtures } = await modules();
    const user = await fixtures.addUser(undefined, { name: "Ann Lee" });
    const booked = await bookings.bookSeats({
      userUid: user,
      movieId: movie,
      day,
      showId,
      seats,
      requestToken: randomUUID(),
    });
    if (!booked.ok) throw new Error(`booking failed: ${booked.reason}`);
    return { user, bookingId: booked.booking.id, email: `${user}@example.com` };
  }

  async function paid(showId: string, seats: string[]) {
    const { fixtures } = await modules();
    const held = await hold(showId, seats);
    const done = await fixtures.payForBooking(held.user, held.bookingId);
    if (!done.ok) throw new Error(`payment failed: ${done.reason}`);
    return held;
  }

  async function outboxOf(recipient: string) {
    const { db } = await modules();
    return (await db.getDb()).query<Outbox>(
      `select kind, recipient, subject, due_at as "dueAt", status, payload from outbox where recipient = $1
       order by created_at, kind`,
      [recipient],
    );
  }

  afterEach(() => vi.restoreAllMocks());

  it("cancels a show: each paid booking refunded once, holds let go, the waitlist emptied, a mail each", async () => {
    const { bookings, changes, shows, waitlist, provider, fixtures, db, mails, eTickets } = await modules();
    const show = await newShow();
    const ann = await paid(show, ["A1", "A2"]);
    const bob = await paid(show, ["B1"]);
    const cid = await hold(show, ["C1"]);
    const waiting = await fixtures.addUser();
    await (
      await db.getDb()
    ).query("insert into waitlist_entries (show_id, user_uid, seat_count) values ($1, $2, 1)", [show, waiting]);
    const refund = vi.spyOn(provider, "refund");

    const preview = await changes.findShowToChange(show);
    expect(preview).toMatchObject({ paidBookings: 2, paidCents: 3 * 6100, holds: 1, cancelled: false });
    // Its paid bookings are cancelled only with their number confirmed: a stale number is asked about again.
    const ask = { ok: false, reason: "unconfirmed", paidBookings: 2, paidCents: 18300 };
    expect(await changes.cancelShow("test-staff", show)).toEqual(ask);
    expect(await changes.cancelShow("test-staff", show, 1)).toEqual(ask);
    expect(await bookings.findBooking(ann.user, ann.bookingId)).toMatchObject({ status: "paid" });
    expect(await changes.cancelShow("test-staff", show, 2)).toEqual({
      ok: true,
      refunded: 2,
      refundedCents: 18300,
      released: 1,
    });

    expect(refund.mock.calls.map(([request]) => request.idempotencyKey).sort()).toEqual(
      [`${ann.bookingId}:cancel`, `${bob.bookingId}:cancel`].sort(),
    );
    for (const { user, bookingId } of [ann, bob, cid]) {
      const booking = (await bookings.findBooking(user, bookingId))!;
      expect(booking).toMatchObject({ status: "cancelled", showCancelled: true });
    }
    expect(await bookings.occupiedSeats(show)).toEqual([]);
    const [{ refunded }] = await (
      await db.getDb()
    ).query<{ refunded: number }>(
      "select sum(refunded_cents)::int as refunded from payments p join bookings b on b.id = p.booking_id where b.show_id = $1",
      [show],
    );
    expect(refunded).toBe(18300);
    expect(await waitlist.findWaitlistPlace(waiting, show)).toBeNull();

    const [annMail] = (await outboxOf(ann.email)).filter((row) => row.kind === "show-cancelled");
    expect(annMail.subject).toMatch(/^Show cancelled: Night Train, /);
    const { booking, name, ...money } = annMail.payload as unknown as {
      booking: never;
      name: string;
      refundedCents: number;
      cardLast4: string;
    };
    expect(money).toEqual({ refundedCents: 12200, cardLast4: "4242" });
    const text = mails.showCancelled(booking, name, money, eTickets.accountLinks(ann.bookingId)).text;
    expect(text).toContain("$122.00 is refunded to your card ending 4242, in full.");
    const [cidMail] = (await outboxOf(cid.email)).filter((row) => row.kind === "show-cancelled");
    const cidPayload = cidMail.payload as unknown as { booking: never; name: string; refundedCents: number };
    expect(
      mails.showCancelled(
        cidPayload.booking,
        cidPayload.name,
        { ...cidPayload, cardLast4: null },
        eTickets.accountLinks(cid.bookingId),
      ).text,
    ).toContain("the hold is let go and nothing was charged");

    // Gone from the customer's pages, and it cannot be booked or cancelled again.
    expect(await shows.listShowsOnDay(movie, day)).not.toContainEqual(expect.objectContaining({ id: show }));
    const late = await fixtures.addUser();
    const refused = await bookings.bookSeats({
      userUid: late,
      movieId: movie,
      day,
      showId: show,
      seats: ["D1"],
      requestToken: randomUUID(),
    });
    expect(refused).toEqual({ ok: false, reason: "show-unavailable" });
    expect(await changes.cancelShow("test-staff", show)).toEqual({ ok: false, reason: "cancelled" });
    expect(refund).toHaveBeenCalledTimes(2);
  });

  it("changes nothing when the provider refuses a refund midway, and a second try refunds each booking once", async () => {
    const { bookings, changes, provider } = await modules();
    const show = await newShow();
    const first = await paid(show, ["A1"]);
    const second = await paid(show, ["A2"]);
    const real = provider.refund.bind(provider);
    const refund = vi
      .spyOn(provider, "refund")
      .mockImplementationOnce(real)
      .mockResolvedValueOnce({ ok: false, reason: "unavailable", message: "The provider is down" } as never);

    expect(await changes.cancelShow("test-staff", show, 2)).toEqual({ ok: false, reason: "refund-unavailable" });
    for (const { user, bookingId } of [first, second])
      expect(await bookings.findBooking(user, bookingId)).toMatchObject({ status: "paid", showCancelled: false });
    expect((await outboxOf(first.email)).map((row) => row.kind)).not.toContain("show-cancelled");
    expect(await bookings.occupiedSeats(show)).toEqual(["A1", "A2"]);

    refund.mockImplementation(real);
    expect(await changes.cancelShow("test-staff", show, 2)).toMatchObject({ ok: true, refunded: 2 });
    const keys = refund.mock.calls.map(([request]) => request.idempotencyKey);
    // The first booking's refund was asked for twice under one key: the provider refunds it once.
    expect(keys.filter((key) => key === `${first.bookingId}:cancel`)).toHaveLength(2);
    expect((await outboxOf(first.email)).filter((row) => row.kind === "show-cancelled")).toHaveLength(1);
  });

  it("refuses to cancel or move a show that has started", async () => {
    const { changes, fixtures } = await modules();
    const started = await fixtures.addShow(movie, "-10 minutes");
    expect(await changes.cancelShow("test-staff", started)).toEqual({ ok: false, reason: "started" });
    expect(await changes.moveShow("test-staff", started, { hallId: randomUUID(), time: `${day}T23:00` })).toEqual({
      ok: false,
      reason: "started",
    });
    expect(await changes.cancelShow("test-staff", randomUUID())).toEqual({ ok: false, reason: "not-found" });
  });

  it("moves a show: a mail per paid booking with both times, and the reminder follows it once", async () => {
    const { changes, bookings, db, mails, eTickets } = await modules();
    const show = await newShow();
    const ann = await paid(show, ["A1"]);
    const cid = await hold(show, ["C1"]);
    const [before] = (await outboxOf(ann.email)).filter((row) => row.kind === "show-reminder");
    const [{ hallId }] = await (
      await db.getDb()
    ).query<{ hallId: string }>(`select hall_id as "hallId" from shows where id = $1`, [show]);
    // Paid bookings are moved only with their number confirmed, asked once the move is possible.
    expect(await changes.moveShow("test-staff", show, { hallId, time: `${day}T21:15` })).toEqual({
      ok: false,
      reason: "unconfirmed",
      paidBookings: 1,
      paidCents: 6100,
    });
    expect((await outboxOf(ann.email)).map((row) => row.kind)).not.toContain("show-moved");
    const moved = await changes.moveShow("test-staff", show, { hallId, time: `${day}T21:15`, confirmedPaid: 1 });
    expect(moved).toEqual({ ok: true, paidBookings: 1 });
    const booking = (await bookings.findBooking(ann.user, ann.bookingId))!;
    expect(booking.startsAt).toBe(`${day}T21:15:00.000Z`);
    const rows = await outboxOf(ann.email);
    const reminders = rows.filter((row) => row.kind === "show-reminder");
    expect(reminders.map((row) => [row.status, new Date(row.dueAt).toISOString()])).toEqual([
      ["skipped", new Date(before.dueAt).toISOString()],
      ["pending", `${day}T19:15:00.000Z`],
    ]);
    const [movedMail] = rows.filter((row) => row.kind === "show-moved");
    const payload = movedMail.payload as unknown as { booking: never; name: string; from: never };
    const text = mails.showMoved(
      payload.booking,
      payload.name,
      payload.from,
      eTickets.accountLinks(ann.bookingId),
    ).text;
    expect(text).toMatch(/^Was: .+, Test hall /m);
    expect(text).toMatch(/^Now: .+9:15 PM, Test hall /m);
    expect(text).toContain(`Your booking: http://127.0.0.1:3000/my-bookings/${ann.bookingId}`);
    // The hold is not mailed; it still holds its seat at the new time.
    expect((await outboxOf(cid.email)).map((row) => row.kind)).toEqual([]);
    expect(await bookings.occupiedSeats(show)).toEqual(["A1", "C1"]);

    // Moved again before the reminder was sent: still one reminder waiting.
    await changes.moveShow("test-staff", show, { hallId, time: `${day}T22:00`, confirmedPaid: 1 });
    const waiting = (await outboxOf(ann.email)).filter((r) => r.kind === "show-reminder" && r.status === "pending");
    expect(waiting.map((row) => new Date(row.dueAt).toISOString())).toEqual([`${day}T20:00:00.000Z`]);
  });

  it("moving a sold-out show to a bigger hall offers its new seats to those waiting, in order", async () => {
    const { bookings, changes, db, fixtures, waitlist } = await modules();
    const time = `${day}T${String(hour++).padStart(2, "0")}:00`;
    const show = await fixtures.addShow(movie, `${time}:00Z`, { hallId: await fixtures.addHall("A 1 2") });
    await hold(show, ["A1", "A2"]);
    const [first, second] = [await fixtures.addUser(), await fixtures.addUser()];
    expect(await waitlist.joinWaitlist(first, show, 2)).toMatchObject({ ok: true, position: 1 });
    expect(await waitlist.joinWaitlist(second, show, 2)).toMatchObject({ ok: true, position: 2 });

    const bigger = await fixtures.addHall("A 1 2 3 4 5");
    expect(await changes.moveShow("test-staff", show, { hallId: bigger, time })).toMatchObject({ ok: true });
    const offers = await (
      await db.getDb()
    ).query<{ userUid: string; seats: string[] }>(
      `select b.user_uid as "userUid", b.seats from waitlist_entries w join bookings b on b.id = w.offered_booking_id
       where w.show_id = $1`,
      [show],
    );
    expect(offers).toEqual([{ userUid: first, seats: ["A3", "A4"] }]);
    expect(await outboxOf(`${first}@example.com`)).toMatchObject([{ kind: "waitlist-offer" }]);
    expect(await waitlist.findWaitlistPlace(second, show)).toEqual({ position: 1, seatCount: 2 });
    expect(await bookings.occupiedSeats(show)).toEqual(["A1", "A2", "A3", "A4"]);
  });

  it("refuses a move onto another show of the hall, into a hall without the sold seats, or to where it is", async () => {
    const { changes, db, fixtures } = await modules();
    const show = await newShow();
    await paid(show, ["J9"]);
    const [{ hallId }] = await (
      await db.getDb()
    ).query<{ hallId: string }>(`select hall_id as "hallId" from shows where id = $1`, [show]);
    const [{ startsAt }] = await (
      await db.getDb()
    ).query<{ startsAt: Date }>(`select starts_at as "startsAt" from shows where id = $1`, [show]);
    const here = new Date(startsAt).toISOString().slice(0, 16);
    expect(await changes.moveShow("test-staff", show, { hallId, time: here })).toEqual({
      ok: false,
      reason: "unchanged",
    });
    // Moving it by a few minutes overlaps only itself, which does not count.
    const later = new Date(new Date(startsAt).getTime() + 10 * 60_000).toISOString().slice(0, 16);
    expect(await changes.moveShow("test-staff", show, { hallId, time: later, confirmedPaid: 1 })).toMatchObject({
      ok: true,
    });

    await fixtures.addShow(movie, `${day}T03:00:00Z`, { hallId });
    expect(await changes.moveShow("test-staff", show, { hallId, time: `${day}T04:00` })).toMatchObject({
      ok: false,
      reason: "overlap",
      title: "Night Train",
    });
    const small = await fixtures.addHall("A 1 2 3");
    expect(await changes.moveShow("test-staff", show, { hallId: small, time: `${day}T04:00` })).toMatchObject({
      ok: false,
      reason: "seats-missing",
      seats: ["J9"],
    });
    expect(await changes.moveShow("test-staff", show, { hallId, time: "2020-01-01T10:00" })).toMatchObject({
      ok: false,
      reason: "past",
    });
  });
}
