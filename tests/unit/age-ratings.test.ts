import { beforeAll, describe, expect, it } from "vitest";
import { ageProblem, ageProblemMessage, idCheckCue, isBarred, type Certificate } from "~/domain/age-ratings";
import { countsProblem, countsProblemMessage } from "~/domain/tickets";
import { changeTicketTypes } from "~/models/booking-tickets.server";
import { listCertificates, listMovieRatings, rateMovie } from "~/models/certificates.server";
import { findBooking } from "~/models/bookings.server";
import { getMovie, listNowShowing } from "~/models/movies.server";
import { bookingOffer, updateTicketType } from "~/models/ticket-types.server";
import { movieRatingSchema } from "~/schemas/movie-rating";
import { ticketTypeSchema } from "~/schemas/ticket-type";
import { getDb } from "~/services/db.server";
import { addMovie, addShow, holdSeats } from "./fixtures";

const ADULT = "00000000-0000-4000-8000-00000000a001";
const CHILD = "00000000-0000-4000-8000-00000000a002";
const SENIOR = "00000000-0000-4000-8000-00000000a003";

const rated = (code: string, minAge: number, accompaniedUnder: number | null = null): Certificate => ({
  code,
  description: `Rated ${code} for the test`,
  minAge,
  accompaniedUnder,
});
const FIFTEEN: Certificate = {
  code: "15",
  description: "Suitable only for 15 years and over",
  minAge: 15,
  accompaniedUnder: null,
};
const TWELVE_A: Certificate = {
  code: "12A",
  description: "Suitable for 12 years and over; younger children only with an adult",
  minAge: 0,
  accompaniedUnder: 12,
};
const adult = { id: "adult", name: "Adult", maxAge: null };
const child = { id: "child", name: "Child", maxAge: 11 };
const teen = { id: "teen", name: "Teen", maxAge: 17 };
const student = { id: "student", name: "Student", maxAge: null };

describe("a certificate's rules", () => {
  it("bars a type only for people younger than the certificate admits", () => {
    expect(isBarred(child, FIFTEEN)).toBe(true);
    expect(isBarred(teen, FIFTEEN)).toBe(false);
    expect(isBarred(teen, rated("18", 18))).toBe(true);
    expect(isBarred(adult, rated("18", 18))).toBe(false);
    expect(isBarred(child, TWELVE_A)).toBe(false);
    expect(isBarred(child, null)).toBe(false);
    // A type for children up to the certificate's own age is admitted: 12 and over means a 12-year-old.
    expect(isBarred({ maxAge: 12 }, rated("12", 12))).toBe(false);
    expect(isBarred({ maxAge: 11 }, rated("12", 12))).toBe(true);
  });

  it("says why a type is not sold", () => {
    const problem = ageProblem([adult, child], [adult, child], FIFTEEN);
    expect(problem).toEqual({ reason: "barred", typeName: "Child", certificate: FIFTEEN });
    expect(ageProblemMessage(problem!)).toBe(
      "Child tickets are not sold for this film: it is rated 15, suitable only for 15 years and over.",
    );
  });

  it("asks for a ticket for any age beside children a 12A admits only with an adult", () => {
    const offered = [adult, child, student];
    expect(ageProblem([adult, child], offered, TWELVE_A)).toBeNull();
    expect(ageProblem([student, child], offered, TWELVE_A)).toBeNull();
    expect(ageProblem([teen], [adult, teen], TWELVE_A)).toBeNull();
    const alone = ageProblem([child], offered, TWELVE_A);
    expect(alone).toEqual({ reason: "unaccompanied", certificate: TWELVE_A, adultTypes: ["Adult", "Student"] });
    expect(ageProblemMessage(alone!)).toBe(
      "This film is rated 12A: children under 12 must come with an adult. Please make at least one ticket Adult or Student.",
    );
    expect(ageProblemMessage({ reason: "unaccompanied", certificate: TWELVE_A, adultTypes: [] })).toBe(
      "This film is rated 12A: children under 12 must come with an adult. This show sells no ticket for an adult.",
    );
  });

  it("are checked with a booking's counts, after the counts themselves", () => {
    const offered = [adult, child];
    expect(countsProblem({ child: 2 }, 3, offered, FIFTEEN)).toEqual({ reason: "wrong-total", seatCount: 3 });
    const problem = countsProblem({ adult: 1, child: 1 }, 2, offered, FIFTEEN);
    expect(countsProblemMessage(problem!)).toMatch(/^Child tickets are not sold for this film/);
    expect(countsProblem({ adult: 2, child: 0 }, 2, offered, FIFTEEN)).toBeNull();
    expect(countsProblem({ child: 2 }, 2, offered, TWELVE_A)).toMatchObject({ reason: "unaccompanied" });
  });
});

describe("the door's ID cue", () => {
  it("asks for ID at an 18 and at any certificate for adults only, and at no other", () => {
    expect(idCheckCue(rated("18", 18))).toBe("Check ID: no one under 18 is admitted");
    expect(idCheckCue(rated("R21", 21))).toBe("Check ID: no one under 21 is admitted");
    for (const certificate of [FIFTEEN, TWELVE_A, rated("U", 0), null]) expect(idCheckCue(certificate)).toBeNull();
  });
});

describe("the certificates and the films", () => {
  const MOVIE = "t-age-ratings";
  const DAY = "2031-09-01";
  let show: string;

  beforeAll(async () => {
    await addMovie(MOVIE, { title: "Rated Test" });
    show = await addShow(MOVIE, `${DAY}T12:00:00Z`, { priceCents: 6000 });
  });

  const hold = (seats: string[]) => holdSeats({ movieId: MOVIE, day: DAY, showId: show }, seats);

  it("are the British scheme to start, kept as data", async () => {
    expect((await listCertificates()).map((certificate) => certificate.code)).toEqual(["U", "PG", "12A", "15", "18"]);
    expect((await listCertificates()).find((certificate) => certificate.code === "12A")).toMatchObject({
      minAge: 0,
      accompaniedUnder: 12,
    });
  });

  it("a film is rated, shown with it, and rated no more; an unknown code or film changes nothing", async () => {
    expect(await rateMovie("test-staff", MOVIE, "15")).toEqual({ ok: true, title: "Rated Test" });
    expect(await getMovie(MOVIE)).toMatchObject({
      certificate: "15",
      certificateDescription: "Suitable only for 15 years and over",
    });
    expect((await listNowShowing(1000)).find((movie) => movie.id === MOVIE)?.certificate).toBe("15");
    expect((await listMovieRatings()).find((movie) => movie.id === MOVIE)?.certificate).toBe("15");
    expect(await rateMovie("test-staff", MOVIE, "X")).toEqual({ ok: false, reason: "unknown-certificate" });
    expect(await rateMovie("test-staff", "no-such-film", "15")).toEqual({ ok: false, reason: "movie-not-found" });
    expect((await getMovie(MOVIE))?.certificate).toBe("15");
    expect(await rateMovie("test-staff", MOVIE, null)).toEqual({ ok: true, title: "Rated Test" });
    expect(await getMovie(MOVIE)).toMatchObject({ certificate: null, certificateDescription: null });
  });

  it("a 15 refuses Child tickets with the reason, and a 12A sells them only beside an adult's", async () => {
    const { user, id } = await hold(["A1", "A2"]);
    await rateMovie("test-staff", MOVIE, "15");
    try {
      const offer = await bookingOffer({ showId: show });
      expect(offer.certificate).toMatchObject({ code: "15", minAge: 15 });
      expect(offer.types.find((type) => type.id === CHILD)).toMatchObject({ maxAge: 11 });
      expect(await changeTicketTypes(user, id, { [ADULT]: 1, [CHILD]: 1 })).toMatchObject({
        ok: false,
        reason: "counts",
        problem: { reason: "barred", typeName: "Child" },
      });
      expect((await findBooking(user, id))!.tickets.map((ticket) => ticket.typeName)).toEqual(["Adult", "Adult"]);
      expect(await changeTicketTypes(user, id, { [ADULT]: 1, [SENIOR]: 1 })).toEqual({ ok: true });

      await rateMovie("test-staff", MOVIE, "12A");
      expect(await changeTicketTypes(user, id, { [CHILD]: 2 })).toMatchObject({
        ok: false,
        problem: { reason: "unaccompanied" },
      });
      expect(await changeTicketTypes(user, id, { [SENIOR]: 1, [CHILD]: 1 })).toEqual({ ok: true });
    } finally {
      await rateMovie("test-staff", MOVIE, null);
    }
  });

  it("a new booking starts as a type for any age, even when the list puts a child's type first", async () => {
    const db = await getDb();
    await db.query("update ticket_types set position = -1 where id = $1", [CHILD]);
    try {
      const { user, id } = await hold(["B1"]);
      expect((await findBooking(user, id))!.tickets[0].typeName).toBe("Adult");
    } finally {
      await db.query("update ticket_types set position = 2 where id = $1", [CHILD]);
    }
  });

  it("a type's oldest age is kept, and cleared for any age", async () => {
    const child = { name: "Child", rule: "Under 12", priceCents: 4500 };
    expect(await updateTicketType("test-staff", CHILD, { ...child, maxAge: 13 })).toEqual({ ok: true });
    expect((await bookingOffer({ showId: show })).types.find((type) => type.id === CHILD)?.maxAge).toBe(13);
    await updateTicketType("test-staff", CHILD, { ...child, maxAge: 11 });
  });
});

describe("the forms", () => {
  const priceList = ticketTypeSchema("USD");
  const type = { intent: "save", id: CHILD, name: "Child", price: "45" };

  it("take an oldest age from 0 to 120, or none", () => {
    expect(priceList.safeParse({ ...type, maxAge: "11" })).toMatchObject({ success: true, data: { maxAge: 11 } });
    const anyAge = priceList.safeParse(type);
    expect(anyAge.success && anyAge.data.maxAge).toBeUndefined();
    for (const maxAge of ["-1", "121", "1.5", "eleven", "9".repeat(400)])
      expect(priceList.safeParse({ ...type, maxAge }).success, maxAge).toBe(false);
  });

  it("take a film and a certificate code, or none", () => {
    expect(movieRatingSchema.safeParse({ movieId: "1", certificate: "15" }).success).toBe(true);
    expect(movieRatingSchema.safeParse({ movieId: "1" }).success).toBe(true);
    expect(movieRatingSchema.safeParse({ certificate: "15" }).success).toBe(false);
    expect(movieRatingSchema.safeParse({ movieId: "1", certificate: "X".repeat(9) }).success).toBe(false);
    expect(movieRatingSchema.safeParse({ movieId: "x".repeat(41), certificate: "15" }).success).toBe(false);
  });
});
