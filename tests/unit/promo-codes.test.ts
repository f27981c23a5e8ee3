import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { describePromo, describeValidDays, promoDiscountCents } from "~/domain/promo-codes";
import { formatTickets, type Ticket } from "~/domain/tickets";
import { changeTicketTypes } from "~/models/booking-tickets.server";
import { findBooking } from "~/models/bookings.server";
import { cancelBooking } from "~/models/cancellations.server";
import {
  applyPromoCode,
  createPromoCode,
  listPromoCodes,
  PROMO_GUESSES,
  removePromoCode,
  retirePromoCode,
  type NewPromoCode,
} from "~/models/promo-codes.server";
import { CODE_INVALID, promoCodeEntrySchema, promoCodeSchema } from "~/schemas/promo-code";
import { getDb } from "~/services/db.server";
import { addDays, cinemaToday } from "~/utils/dates";
import { config } from "~/config.server";
import { addMovie, addShow, holdSeats, payForBooking } from "./fixtures";

const ADULT = "00000000-0000-4000-8000-00000000a001";
const CHILD = "00000000-0000-4000-8000-00000000a002";

const ticket = (typeId: string, priceCents: number, seatExtraCents = 0): Ticket => ({
  seat: `A${priceCents}`,
  seatType: seatExtraCents ? "premium" : "standard",
  typeId,
  typeName: typeId,
  priceCents,
  seatExtraCents,
});

describe("a code's discount", () => {
  const tickets = [ticket("adult", 6000, 300), ticket("child", 4000)];

  it("is a percentage of the tickets it is for, surcharges included, rounded to the nearest minor unit", () => {
    expect(promoDiscountCents(tickets, { percentOff: 10, amountOffCents: null, ticketTypeIds: [] })).toBe(1030);
    expect(promoDiscountCents(tickets, { percentOff: 15, amountOffCents: null, ticketTypeIds: ["child"] })).toBe(600);
    expect(
      promoDiscountCents([ticket("adult", 999)], { percentOff: 50, amountOffCents: null, ticketTypeIds: [] }),
    ).toBe(500);
    expect(promoDiscountCents(tickets, { percentOff: 100, amountOffCents: null, ticketTypeIds: [] })).toBe(10_300);
  });

  it("is a fixed amount, never more than the tickets it is for cost, and nothing without them", () => {
    expect(promoDiscountCents(tickets, { percentOff: null, amountOffCents: 500, ticketTypeIds: [] })).toBe(500);
    expect(promoDiscountCents(tickets, { percentOff: null, amountOffCents: 5000, ticketTypeIds: ["child"] })).toBe(
      4000,
    );
    expect(promoDiscountCents(tickets, { percentOff: null, amountOffCents: 500, ticketTypeIds: ["senior"] })).toBe(0);
  });

  it("reads as its own line", () => {
    expect(describePromo({ percentOff: 20, amountOffCents: null }, "USD")).toBe("20% off");
    expect(describePromo({ percentOff: null, amountOffCents: 500 }, "USD")).toBe("$5.00 off");
    expect(formatTickets(tickets, "USD", { code: "SPRING", cents: 1030 })).toBe(
      "1 × adult $60.00, 1 × child $40.00, 1 × Premium seat +$3.00, Code SPRING −$10.30",
    );
  });

  it("is valid for days written as the site writes dates, in the cinema's zone", () => {
    const code = { validFrom: "2026-12-07T05:00:00.000Z", validUntil: "2027-01-07T05:00:00.000Z" };
    expect(describeValidDays(code, "America/New_York")).toBe("Dec 7, 2026 to Jan 6, 2027");
  });
});

describe("the forms", () => {
  it("take a code of 3 to 30 letters, digits or dashes, in any case", () => {
    expect(promoCodeEntrySchema.safeParse({ intent: "apply", code: " spring-25 " })).toMatchObject({
      success: true,
      data: { code: "spring-25" },
    });
    expect(promoCodeEntrySchema.safeParse({ intent: "remove" }).success).toBe(true);
    for (const code of ["ab", "a b c", "x".repeat(31), "DROP;TABLE", "ÅÄÖ"]) {
      const parsed = promoCodeEntrySchema.safeParse({ intent: "apply", code });
      expect(parsed.success ? null : parsed.error.issues[0].message, code).toBe(CODE_INVALID);
    }
    expect(promoCodeEntrySchema.safeParse({ intent: "apply" }).success).toBe(false);
  });

  it("make a code with a percentage or an amount, days in order, and uses as a whole number", () => {
    const schema = promoCodeSchema("USD");
    const code = {
      intent: "create",
      code: "SPRING",
      kind: "percent",
      value: "20",
      firstDay: "2031-01-01",
      lastDay: "2031-01-31",
    };
    expect(schema.safeParse(code).success).toBe(true);
    expect(schema.safeParse({ ...code, kind: "amount", value: "5.50", maxUses: "100" }).success).toBe(true);
    for (const change of [
      { value: "0" },
      { value: "101" },
      { value: "12.5" },
      { kind: "amount", value: "5.555" },
      { lastDay: "2030-12-31" },
      { firstDay: "2031-02-30" },
      { maxUses: "0" },
      { maxUses: "-3" },
      { maxUses: "99999999" },
      { types: ["adult"] },
    ])
      expect(schema.safeParse({ ...code, ...change }).success, JSON.stringify(change)).toBe(false);
    expect(schema.safeParse({ intent: "end", id: randomUUID() }).success).toBe(true);
    expect(schema.safeParse({ intent: "end" }).success).toBe(false);
  });
});

describe("applying a code at checkout", () => {
  const MOVIE = "t-promo-codes";
  const OTHER = "t-promo-codes-other";
  const DAY = "2031-11-01";
  const today = cinemaToday(config.timeZone);
  let show: string;
  let otherShow: string;

  const code = (changes: Partial<NewPromoCode> & { code: string }): NewPromoCode => ({
    percentOff: 20,
    amountOffCents: null,
    ticketTypeIds: [],
    movieId: null,
    firstDay: today,
    lastDay: addDays(today, 30),
    maxUses: null,
    ...changes,
  });

  beforeAll(async () => {
    await addMovie(MOVIE);
    await addMovie(OTHER);
    show = await addShow(MOVIE, `${DAY}T12:00:00Z`, { priceCents: 6000 });
    otherShow = await addShow(OTHER, `${DAY}T12:00:00Z`, { priceCents: 6000 });
  });

  /** A customer applying codes from an address of their own. */
  const customer = (uid: string) => ({ uid, client: `client-of-${uid}` });

  const hold = (seats: string[], showId = show) =>
    holdSeats({ movieId: showId === show ? MOVIE : OTHER, day: DAY, showId }, seats);

  it("takes its discount off, as its own line, in any case; payment charges the rest; a cancel refunds that and gives the use back", async () => {
    expect(await createPromoCode("test-staff", code({ code: "Fifth", maxUses: 1 }))).toEqual({ ok: true });
    expect(await createPromoCode("test-staff", code({ code: "FIFTH" }))).toEqual({ ok: false, reason: "code-taken" });
    const { user, id } = await hold(["A1", "A2"]);
    expect(await applyPromoCode(customer(user), id, "fifth")).toEqual({ ok: true, discountCents: 2400 });
    const booking = (await findBooking(user, id))!;
    expect(booking.discount).toEqual({ code: "FIFTH", cents: 2400 });
    expect(booking.amountCents).toBe(9600);
    expect(await applyPromoCode(customer(user), id, "FIFTH")).toEqual({ ok: false, reason: "has-code" });

    // Its last use is taken: another customer is told so.
    const other = await hold(["B1"]);
    expect(await applyPromoCode(customer(other.user), other.id, "FIFTH")).toEqual({ ok: false, reason: "used-up" });

    const paid = await payForBooking(user, id);
    expect(paid.ok && paid.booking.amountCents).toBe(9600);
    const cancelled = await cancelBooking(user, id);
    expect(cancelled.ok && cancelled.refundedCents).toBe(9600);
    expect((await findBooking(user, id))!.discount).toEqual({ code: "FIFTH", cents: 2400 });
    expect((await listPromoCodes()).find((c) => c.code === "FIFTH")).toMatchObject({ uses: 0, maxUses: 1 });
    expect(await applyPromoCode(customer(other.user), other.id, "FIFTH")).toEqual({ ok: true, discountCents: 1200 });
  });

  it("is worked out again when the tickets change, and taken off with Remove", async () => {
    await createPromoCode(
      "test-staff",
      code({ code: "KIDS5", percentOff: null, amountOffCents: 500, ticketTypeIds: [CHILD] }),
    );
    const { user, id } = await hold(["C1", "C2"]);
    expect(await applyPromoCode(customer(user), id, "kids5")).toEqual({ ok: false, reason: "no-tickets-it-covers" });
    await changeTicketTypes(user, id, { [ADULT]: 1, [CHILD]: 1 });
    expect(await applyPromoCode(customer(user), id, "kids5")).toEqual({ ok: true, discountCents: 500 });
    expect((await findBooking(user, id))!.amountCents).toBe(6000 + 4500 - 500);
    expect(await removePromoCode(user, id)).toEqual({ ok: true });
    expect((await findBooking(user, id))!).toMatchObject({ amountCents: 6000 + 4500, discount: null });
    expect((await listPromoCodes()).find((c) => c.code === "KIDS5")!.uses).toBe(0);
  });

  it("is dropped when changed tickets leave it worth nothing: its use is not counted, and the customer may apply it again", async () => {
    await createPromoCode(
      "test-staff",
      code({ code: "KIDS-LAST", percentOff: null, amountOffCents: 500, ticketTypeIds: [CHILD], maxUses: 1 }),
    );
    const { user, id } = await hold(["D1", "D2"]);
    await changeTicketTypes(user, id, { [ADULT]: 1, [CHILD]: 1 });
    expect(await applyPromoCode(customer(user), id, "kids-last")).toEqual({ ok: true, discountCents: 500 });
    expect(await changeTicketTypes(user, id, { [ADULT]: 2 })).toEqual({ ok: true, droppedCode: "KIDS-LAST" });
    expect((await findBooking(user, id))!).toMatchObject({ amountCents: 12_000, discount: null });
    expect((await listPromoCodes()).find((c) => c.code === "KIDS-LAST")!.uses).toBe(0);
    await changeTicketTypes(user, id, { [ADULT]: 1, [CHILD]: 1 });
    expect(await applyPromoCode(customer(user), id, "KIDS-LAST")).toEqual({ ok: true, discountCents: 500 });
    expect(await changeTicketTypes(user, id, { [CHILD]: 2 })).toEqual({ ok: true });
  });

  it("is one live use per customer, and a hold that ran out gives its use back", async () => {
    await createPromoCode("test-staff", code({ code: "ONCE-EACH", maxUses: 1 }));
    const first = await hold(["G1"]);
    expect((await applyPromoCode(customer(first.user), first.id, "once-each")).ok).toBe(true);
    const db = await getDb();
    await db.query("update bookings set hold_expires_at = now() - interval '1 second' where id = $1", [first.id]);
    const second = await hold(["H1"]);
    expect(await applyPromoCode(customer(second.user), second.id, "ONCE-EACH")).toEqual({
      ok: true,
      discountCents: 1200,
    });
    await createPromoCode("test-staff", code({ code: "TWICE" }));
    const mine = await hold(["I1"]);
    const also = await hold(["J1"]);
    await db.query("update bookings set user_uid = $1 where id = $2", [mine.user, also.id]);
    expect((await applyPromoCode(customer(mine.user), mine.id, "twice")).ok).toBe(true);
    expect(await applyPromoCode(customer(mine.user), also.id, "twice")).toEqual({ ok: false, reason: "already-used" });
    expect((await listPromoCodes()).find((c) => c.code === "TWICE")!.uses).toBe(1);
  });

  it("says 'not valid' alike for an unknown code, one for another film, one not yet valid and one ended", async () => {
    await createPromoCode("test-staff", code({ code: "OTHER-FILM", movieId: OTHER }));
    await createPromoCode(
      "test-staff",
      code({ code: "LATER", firstDay: addDays(today, 2), lastDay: addDays(today, 3) }),
    );
    await createPromoCode("test-staff", code({ code: "ENDED" }));
    const ended = (await listPromoCodes()).find((c) => c.code === "ENDED")!;
    expect(await retirePromoCode("test-staff", ended.id)).toBe(true);
    const { user, id } = await hold(["E1"]);
    for (const typed of ["NO-SUCH", "OTHER-FILM", "LATER", "ENDED"])
      expect(await applyPromoCode(customer(user), id, typed), typed).toEqual({ ok: false, reason: "not-valid" });
    const there = await hold(["E1"], otherShow);
    expect((await applyPromoCode(customer(there.user), there.id, "other-film")).ok).toBe(true);
    expect(await createPromoCode("test-staff", code({ code: "NOFILM", movieId: "none" }))).toEqual({
      ok: false,
      reason: "no-movie",
    });
    expect(await createPromoCode("test-staff", code({ code: "NOTYPE", ticketTypeIds: [randomUUID()] }))).toEqual({
      ok: false,
      reason: "unknown-type",
    });
  });

  it("counts wrong codes against the customer, who waits after too many", async () => {
    const { user, id } = await hold(["F1"]);
    for (let guess = 0; guess < PROMO_GUESSES.max.customer; guess++)
      expect((await applyPromoCode(customer(user), id, `GUESS-${guess}`)).ok).toBe(false);
    expect(await applyPromoCode(customer(user), id, "TWICE")).toMatchObject({ ok: false, reason: "too-many-guesses" });
  });

  it("counts wrong codes against the client address too, so fresh customers (guest emails) from one address wait", async () => {
    const client = "203.0.113.9";
    const tried = { wrong: 0, refused: 0 };
    for (const seat of ["F2", "F3", "F4"]) {
      const { user, id } = await hold([seat]);
      for (let guess = 0; guess < 12; guess++) {
        const answer = await applyPromoCode({ uid: user, client }, id, `GUESS-${seat}-${guess}`);
        tried[!answer.ok && answer.reason === "too-many-guesses" ? "refused" : "wrong"]++;
      }
    }
    expect(tried).toEqual({ wrong: PROMO_GUESSES.max.client, refused: 36 - PROMO_GUESSES.max.client });
    // Another address is not held back by them.
    const { user, id } = await hold(["F5"]);
    expect(await applyPromoCode({ uid: user, client: "198.51.100.7" }, id, "NO-SUCH")).toEqual({
      ok: false,
      reason: "not-valid",
    });
  });
});
