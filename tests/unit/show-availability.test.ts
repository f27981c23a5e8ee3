import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ALMOST_FULL_SHARE, seatAvailability } from "~/domain/show";
import { bookSeats } from "~/models/seat-booking.server";
import { chooseShowDay, countSeatsOnDay } from "~/models/shows.server";
import { getDb } from "~/services/db.server";
import { addDays } from "~/utils/dates";
import { addHall, addMovie, addShow, addUser } from "./fixtures";

describe("seatAvailability", () => {
  it(`says almost full with ${ALMOST_FULL_SHARE * 100}% of the seats or fewer free, sold out with none`, () => {
    expect(seatAvailability({ freeSeats: 11, seats: 100 })).toBe("available");
    expect(seatAvailability({ freeSeats: 10, seats: 100 })).toBe("almost-full");
    expect(seatAvailability({ freeSeats: 1, seats: 100 })).toBe("almost-full");
    expect(seatAvailability({ freeSeats: 0, seats: 100 })).toBe("sold-out");
    // A small hall: one seat in nine is more than a tenth.
    expect(seatAvailability({ freeSeats: 1, seats: 9 })).toBe("available");
    expect(seatAvailability({ freeSeats: 1, seats: 10 })).toBe("almost-full");
    expect(seatAvailability({ freeSeats: 0, seats: 0 })).toBe("sold-out");
  });
});

describe("chooseShowDay", () => {
  const days = Array.from({ length: 10 }, (_, i) => ({ day: addDays("2026-11-20", i), shows: 1 }));

  it("opens the day asked for on the page of the strip that holds it", () => {
    expect(chooseShowDay(days, { day: days[8].day, page: 1 })).toEqual({
      days: days.slice(7),
      page: 2,
      pageCount: 2,
      day: days[8].day,
    });
  });

  it("opens the first day of the page asked for when the day is none of the movie's", () => {
    expect(chooseShowDay(days, { day: "2020-01-01", page: 2 }).day).toBe(days[7].day);
    expect(chooseShowDay(days, { day: null, page: Number.NaN }).day).toBe(days[0].day);
    expect(chooseShowDay([], { day: null, page: 1 }).day).toBeNull();
  });
});

describe("countSeatsOnDay", () => {
  const MOVIE = "t-seat-counts";
  const DAY = "2031-08-20";
  let shows: { free: string; full: string; lapsed: string };

  beforeAll(async () => {
    await addMovie(MOVIE);
    // Four seats anyone can book, and a wheelchair space with its companion seat, which are kept for those who need them.
    const hallId = await addHall("A 1 2 3 4 | W5 C6");
    shows = {
      free: await addShow(MOVIE, `${DAY}T15:00:00Z`, { hallId }),
      full: await addShow(MOVIE, `${DAY}T17:00:00Z`, { hallId }),
      lapsed: await addShow(MOVIE, `${DAY}T19:00:00Z`, { hallId }),
    };
    await addShow(MOVIE, `${addDays(DAY, 1)}T17:00:00Z`, { hallId });
    const book = async (showId: string, seats: string[]) => {
      const booked = await bookSeats({
        userUid: await addUser(),
        movieId: MOVIE,
        day: DAY,
        showId,
        seats,
        requestToken: randomUUID(),
      });
      if (!booked.ok) throw new Error(booked.reason);
      return booked.booking.id;
    };
    await book(shows.free, ["A1"]);
    await book(shows.full, ["A1", "A2"]);
    await book(shows.full, ["A3", "A4"]);
    const lapsed = await book(shows.lapsed, ["A1", "A2", "A3", "A4"]);
    const db = await getDb();
    await db.query("update bookings set hold_expires_at = now() - interval '1 minute' where id = $1", [lapsed]);
  });

  it("counts the free seats of each show of the day, in one query, held seats taken and a lapsed hold's free", async () => {
    const db = await getDb();
    const query = vi.spyOn(db, "query");
    const counts = await countSeatsOnDay(MOVIE, DAY);
    expect(query).toHaveBeenCalledTimes(1);
    query.mockRestore();
    expect(Object.fromEntries(counts)).toEqual({
      [shows.free]: { seats: 4, freeSeats: 3 },
      [shows.full]: { seats: 4, freeSeats: 0 },
      [shows.lapsed]: { seats: 4, freeSeats: 4 },
    });
    expect(seatAvailability(counts.get(shows.full)!)).toBe("sold-out");
  });

  it("has nothing for a day without shows, or one that is no date", async () => {
    expect((await countSeatsOnDay(MOVIE, addDays(DAY, 2))).size).toBe(0);
    expect((await countSeatsOnDay(MOVIE, "2031-02-30")).size).toBe(0);
  });
});
