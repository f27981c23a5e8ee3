import { describe, expect, it } from "vitest";
import { testPostgresUrl, usePostgresDatabase } from "./postgres-database";

// The staff pages' typed queries on PostgreSQL (decision 64), where node-postgres would give counts and sums as text
// and the database infers the parameters' types itself.
const MOVIE = "t-pg-staff-pages";

describe.skipIf(!testPostgresUrl)("on PostgreSQL, the staff pages", () => {
  usePostgresDatabase();

  it("give List Shows, the schedule, Add Shows and the counter their figures as numbers", async () => {
    const { config } = await import("~/config.server");
    const fixtures = await import("./fixtures");
    const { listShowsForStaff } = await import("~/models/show-list.server");
    const { showListSchema } = await import("~/schemas/show-list");
    const { readScheduleWeek } = await import("~/models/schedule-week.server");
    const { addShowTime, listHallDay, listMovieChoices } = await import("~/models/show-scheduling.server");
    const { findCounterShow, listCounterShows } = await import("~/models/counter-sales.server");
    const { localShowTime } = await import("~/utils/wall-clock");
    const { getDb } = await import("~/services/db.server");
    await fixtures.addMovie(MOVIE, { title: "Typed On PostgreSQL", runtime: 100 });
    const showId = await fixtures.addShow(MOVIE, "2 days", { priceCents: 1200 });
    const booking = await fixtures.addBooking(await fixtures.addUser(), showId, ["A1", "A2"], {
      amountCents: 2400,
      madeAgo: "3 days",
    });
    // The fixture's booking holds no seat rows; the counter counts those.
    await (
      await getDb()
    ).query(
      "insert into booked_seats (show_id, seat, booking_id) select show_id, unnest(seats), id from bookings where id = $1",
      [booking],
    );

    const list = await listShowsForStaff(showListSchema.parse({ movie: MOVIE }));
    expect(list.total).toBe(1);
    expect(list.shows[0]).toMatchObject({ id: showId, seatsBooked: 2, earningsCents: 2400, bookings: 1 });

    const { show, hall } = (await findCounterShow(showId))!;
    expect(show.freeSeats).toBe(hall.seatCount - 2);
    expect((await listCounterShows()).find((counter) => counter.id === showId)?.freeSeats).toBe(hall.seatCount - 2);

    const week = await readScheduleWeek(show.day);
    const slot = week.days[0].halls.find((row) => row.hallId === hall.id)!.slots.find((s) => s.kind === "show")!;
    expect(slot).toMatchObject({ id: showId, sold: 2, filmEnds: expect.any(Number) });
    expect(slot.to - slot.from).toBe(100 + config.cleaningMinutes);

    expect(await listMovieChoices("typed on postgresql")).toMatchObject({ matching: 1 });
    const time = localShowTime(new Date(show.startsAt), config.timeZone);
    expect(await addShowTime({ movieId: MOVIE, hallId: hall.id }, [], time)).toMatchObject({
      ok: false,
      reason: "duplicate",
    });
    expect(await listHallDay(hall.id, show.day)).toEqual([
      expect.objectContaining({ title: "Typed On PostgreSQL", startsAt: show.startsAt }),
    ]);
  });

  it("add up and close the takings, renew an invitation and record it all", async () => {
    const { config } = await import("~/config.server");
    const fixtures = await import("./fixtures");
    const { getDb } = await import("~/services/db.server");
    const { closeTakingsDay, takingsReport } = await import("~/models/takings.server");
    const { inviteStaff, listStaff } = await import("~/models/staff-members.server");
    const { listStaffChanges } = await import("~/models/staff-changes.server");
    const { staffChangeListSchema } = await import("~/schemas/staff-changes");
    const { cinemaToday } = await import("~/utils/dates");
    const today = cinemaToday(config.timeZone);
    const showId = await fixtures.addShow(MOVIE, "3 days");
    await fixtures.addBooking(await fixtures.addUser(), showId, ["B1"], { amountCents: 1500, madeAgo: "1 second" });
    const manager = await fixtures.addUser(undefined, { name: "Mo Manager" });
    await (await getDb()).query("update users set staff_role = 'manager' where uid = $1", [manager]);

    const online = { staff: null, method: "online", sales: 1, salesCents: 1500, refunds: 0, refundsCents: 0 };
    expect((await takingsReport(today)).rows).toEqual([{ ...online, netCents: 1500 }]);
    expect(await closeTakingsDay(manager, today)).toEqual({ ok: true });
    expect(await takingsReport(today)).toMatchObject({ rows: [online], netCents: 1500, closed: { by: "Mo Manager" } });

    expect(await inviteStaff(manager, { email: "door@example.com", role: "door" })).toEqual({ ok: true });
    expect(await inviteStaff(manager, { email: "door@example.com", role: "box-office" })).toEqual({ ok: true });
    const invitations = (await listStaff()).invitations.filter((row) => row.email === "door@example.com");
    expect(invitations).toMatchObject([{ role: "box-office", invitedBy: "Mo Manager" }]);

    const record = await listStaffChanges(staffChangeListSchema.parse({ staff: manager, day: today }));
    expect(record.total).toBe(3);
    expect(record.changes.map((change) => change.kind)).toEqual(["staff-invited", "staff-invited", "takings-closed"]);
    expect(record.people).toEqual([{ uid: manager, name: "Mo Manager" }]);
  });
});
