import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  assignTypes,
  countsOf,
  countsProblem,
  countsProblemMessage,
  formatTickets,
  ticketsAmountCents,
  type Ticket,
} from "~/domain/tickets";
import { changeTicketTypes } from "~/models/booking-tickets.server";
import { findBooking } from "~/models/bookings.server";
import { createShows } from "~/models/show-scheduling.server";
import {
  addTicketType,
  bookingOffer,
  listTicketTypes,
  setTicketTypeRetired,
  typesOnSale,
  updateTicketType,
} from "~/models/ticket-types.server";
import { config } from "~/config.server";
import { getDb } from "~/services/db.server";
import { addDays, cinemaToday } from "~/utils/dates";
import { addHall, addMovie, addShow, addUser, holdSeats, payForBooking } from "./fixtures";

const ADULT = "00000000-0000-4000-8000-00000000a001";
const CHILD = "00000000-0000-4000-8000-00000000a002";
const SENIOR = "00000000-0000-4000-8000-00000000a003";

const ticket = (seat: string, typeName: string, priceCents: number, seatExtraCents = 0): Ticket => ({
  seat,
  seatType: seatExtraCents ? "premium" : "standard",
  typeId: typeName,
  typeName,
  priceCents,
  seatExtraCents,
});

describe("a booking's tickets", () => {
  it("add up to the amount, seat surcharges included, and read as lines", () => {
    const tickets = [ticket("A1", "Adult", 6500), ticket("A2", "Adult", 6500, 300), ticket("A3", "Child", 4500)];
    expect(ticketsAmountCents(tickets)).toBe(17_800);
    expect(formatTickets(tickets, "USD")).toBe("2 × Adult $65.00, 1 × Child $45.00, 1 × Premium seat +$3.00");
    expect(countsOf(tickets)).toEqual({ Adult: 2, Child: 1 });
  });

  it("are assigned in the show's order of types, the seats in hall order", () => {
    const offered = [{ id: "adult" }, { id: "child" }];
    expect(assignTypes(["A1", "A2", "A3"], { child: 1, adult: 2 }, offered)).toEqual([
      { seat: "A1", type: { id: "adult" } },
      { seat: "A2", type: { id: "adult" } },
      { seat: "A3", type: { id: "child" } },
    ]);
  });

  it("must be one a seat, of types the show sells", () => {
    const offered = [
      { id: "adult", name: "Adult", maxAge: null },
      { id: "child", name: "Child", maxAge: 11 },
    ];
    expect(countsProblem({ adult: 2, child: 1 }, 3, offered, null)).toBeNull();
    expect(countsProblem({ adult: 2, child: 0, senior: 0 }, 2, offered, null)).toBeNull();
    expect(countsProblem({ adult: 1 }, 3, offered, null)).toEqual({ reason: "wrong-total", seatCount: 3 });
    expect(countsProblem({ adult: 2, senior: 1 }, 3, offered, null)).toEqual({ reason: "not-offered" });
    expect(countsProblemMessage({ reason: "wrong-total", seatCount: 3 })).toBe(
      "Please choose a ticket type for each of your 3 seats: the numbers must add up to 3.",
    );
  });
});

describe("the price list", () => {
  it("adds a type at the end, its name unique in any case, and renames it", async () => {
    expect(
      await addTicketType("test-staff", { name: "Member", rule: "With a member card", priceCents: 4000, maxAge: null }),
    ).toEqual({ ok: true });
    expect(await addTicketType("test-staff", { name: "MEMBER", rule: "", priceCents: 4000, maxAge: null })).toEqual({
      ok: false,
      reason: "name-taken",
    });
    const member = (await listTicketTypes()).find((type) => type.name === "Member")!;
    expect((await typesOnSale()).at(-1)).toMatchObject({ id: member.id, priceCents: 4000 });
    expect(
      await updateTicketType("test-staff", member.id, { name: "Adult", rule: "", priceCents: 1, maxAge: null }),
    ).toEqual({
      ok: false,
      reason: "name-taken",
    });
    expect(
      await updateTicketType("test-staff", member.id, { name: "Members", rule: "", priceCents: 3900, maxAge: 17 }),
    ).toEqual({
      ok: true,
    });
    expect(
      await updateTicketType("test-staff", randomUUID(), { name: "Nobody", rule: "", priceCents: 1, maxAge: null }),
    ).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await listTicketTypes()).find((type) => type.id === member.id)).toMatchObject({ maxAge: 17 });
    expect(await setTicketTypeRetired("test-staff", member.id, true)).toEqual({ ok: true });
  });

  it("keeps one type on sale at least", async () => {
    const onSale = await typesOnSale();
    for (const type of onSale.slice(1))
      expect(await setTicketTypeRetired("test-staff", type.id, true)).toEqual({ ok: true });
    expect(await setTicketTypeRetired("test-staff", onSale[0].id, true)).toEqual({ ok: false, reason: "last-on-sale" });
    for (const type of onSale.slice(1)) await setTicketTypeRetired("test-staff", type.id, false);
    expect((await typesOnSale()).map((type) => type.id)).toEqual(onSale.map((type) => type.id));
  });
});

describe("choosing ticket types at checkout", () => {
  const MOVIE = "t-ticket-types";
  const DAY = "2031-08-01";
  let show: string;
  let premiumShow: string;

  beforeAll(async () => {
    await addMovie(MOVIE);
    show = await addShow(MOVIE, `${DAY}T12:00:00Z`, { priceCents: 6000 });
    const hall = await addHall("A 1 2 3 4 5\nB P1 P2 P3", { typeExtras: { premium: 250 } });
    premiumShow = await addShow(MOVIE, `${DAY}T18:00:00Z`, { priceCents: 6000, hallId: hall });
  });

  const hold = (seats: string[], showId = show) => holdSeats({ movieId: MOVIE, day: DAY, showId }, seats);

  it("starts every seat as the standard type, each seat's surcharge apart", async () => {
    const { user, id } = await hold(["B1", "A1"], premiumShow);
    const booking = (await findBooking(user, id))!;
    expect(booking.tickets).toEqual([
      { seat: "A1", seatType: "standard", typeId: ADULT, typeName: "Adult", priceCents: 6000, seatExtraCents: 0 },
      { seat: "B1", seatType: "premium", typeId: ADULT, typeName: "Adult", priceCents: 6000, seatExtraCents: 250 },
    ]);
    expect(booking.amountCents).toBe(12_250);
  });

  it("prices each type at the show's price and sets the amount; payment charges it", async () => {
    const { user, id } = await hold(["A1", "A2", "A3"]);
    expect(await changeTicketTypes(user, id, { [ADULT]: 1, [CHILD]: 1, [SENIOR]: 1 })).toEqual({ ok: true });
    const booking = (await findBooking(user, id))!;
    expect(booking.tickets.map((t) => [t.seat, t.typeName, t.priceCents])).toEqual([
      ["A1", "Adult", 6000],
      ["A2", "Child", 4500],
      ["A3", "Senior", 5000],
    ]);
    expect(booking.amountCents).toBe(15_500);
    const paid = await payForBooking(user, id);
    expect(paid.ok && paid.booking.amountCents).toBe(15_500);
    expect(await changeTicketTypes(user, id, { [ADULT]: 3 })).toEqual({ ok: false, reason: "already-paid" });
  });

  it("refuses counts that do not add up, a type the show does not sell, and someone else's booking", async () => {
    const { user, id } = await hold(["C1", "C2"]);
    expect(await changeTicketTypes(user, id, { [ADULT]: 1 })).toEqual({
      ok: false,
      reason: "counts",
      problem: { reason: "wrong-total", seatCount: 2 },
    });
    expect(await changeTicketTypes(user, id, { [ADULT]: 1, [randomUUID()]: 1 })).toEqual({
      ok: false,
      reason: "counts",
      problem: { reason: "not-offered" },
    });
    expect(await changeTicketTypes(await addUser(), id, { [ADULT]: 2 })).toEqual({ ok: false, reason: "not-found" });
    expect((await findBooking(user, id))!.amountCents).toBe(12_000);
  });

  it("keeps what a booking was sold at when prices change, and offers no retired type", async () => {
    const { user, id } = await hold(["D1"]);
    await changeTicketTypes(user, id, { [CHILD]: 1 });
    const db = await getDb();
    await db.query("update show_prices set price_cents = 9999 where show_id = $1", [show]);
    expect((await findBooking(user, id))!.amountCents).toBe(4500);
    await setTicketTypeRetired("test-staff", SENIOR, true);
    try {
      expect((await bookingOffer({ showId: show })).types.map((type) => type.name)).toEqual([
        "Adult",
        "Child",
        "Student",
      ]);
      expect(await changeTicketTypes(user, id, { [SENIOR]: 1 })).toEqual({
        ok: false,
        reason: "counts",
        problem: { reason: "not-offered" },
      });
    } finally {
      await setTicketTypeRetired("test-staff", SENIOR, false);
      await db.query("update show_prices set price_cents = 6000 where show_id = $1 and ticket_type_id = $2", [
        show,
        ADULT,
      ]);
    }
  });

  it("new shows sell each type at the prices Add Shows gave, but not one taken off sale meanwhile", async () => {
    const hall = await addHall("A 1 2 3");
    const soon = addDays(cinemaToday(config.timeZone), 3);
    const prices = Object.fromEntries((await typesOnSale()).map((type, index) => [type.id, 1000 + index]));
    const created = await createShows("test-staff", { movieId: MOVIE, hallId: hall, prices, times: [`${soon}T10:00`] });
    if (!created.ok) throw new Error(created.reason);
    expect((await bookingOffer({ showId: created.first.id })).types.map((type) => type.priceCents)).toEqual(
      Object.values(prices),
    );
    await setTicketTypeRetired("test-staff", SENIOR, true);
    try {
      const later = await createShows("test-staff", { movieId: MOVIE, hallId: hall, prices, times: [`${soon}T13:00`] });
      if (!later.ok) throw new Error(later.reason);
      await setTicketTypeRetired("test-staff", SENIOR, false);
      expect((await bookingOffer({ showId: later.first.id })).types.map((type) => type.name)).toEqual([
        "Adult",
        "Child",
        "Student",
      ]);
      expect(
        await createShows("test-staff", {
          movieId: MOVIE,
          hallId: hall,
          prices: { [randomUUID()]: 100 },
          times: [`${soon}T16:00`],
        }),
      ).toEqual({ ok: false, reason: "price-list-changed" });
    } finally {
      await setTicketTypeRetired("test-staff", SENIOR, false);
    }
  });
});
