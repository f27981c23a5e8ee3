import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { changeTicketTypes } from "~/models/booking-tickets.server";
import { findBooking } from "~/models/bookings.server";
import { changeShowPrices } from "~/models/show-changes.server";
import { bookingOffer, setTicketTypeRetired, showPriceList } from "~/models/ticket-types.server";
import { NO_TYPE_SOLD, showPricesSchema } from "~/schemas/show-prices";
import { getDb } from "~/services/db.server";
import { addMovie, addShow, holdSeats } from "./fixtures";

const ADULT = "00000000-0000-4000-8000-00000000a001";
const CHILD = "00000000-0000-4000-8000-00000000a002";
const SENIOR = "00000000-0000-4000-8000-00000000a003";
const STUDENT = "00000000-0000-4000-8000-00000000a004";

describe("a show's prices changed after it was made", () => {
  const MOVIE = "t-show-prices";
  const DAY = "2031-10-01";
  let show: string;

  beforeAll(async () => {
    await addMovie(MOVIE);
    show = await addShow(MOVIE, `${DAY}T12:00:00Z`, { priceCents: 6000 });
  });

  const hold = (seats: string[]) => holdSeats({ movieId: MOVIE, day: DAY, showId: show }, seats);

  it("are listed for every type on sale, empty where the show does not sell it", async () => {
    const db = await getDb();
    await db.query("delete from show_prices where show_id = $1 and ticket_type_id = $2", [show, STUDENT]);
    expect((await showPriceList(show)).map((type) => [type.name, type.priceCents])).toEqual([
      ["Adult", 6000],
      ["Child", 4500],
      ["Senior", 5000],
      ["Student", null],
    ]);
    expect(await showPriceList("not-a-show")).toEqual([]);
  });

  it("apply to tickets set from now on; tickets held or paid keep theirs; a type left out is sold no more", async () => {
    const { user, id } = await hold(["A1", "A2"]);
    expect(await changeShowPrices("test-staff", show, { [ADULT]: 7000, [CHILD]: 4000, [STUDENT]: 5500 })).toEqual({
      ok: true,
    });
    expect((await findBooking(user, id))!.amountCents).toBe(12_000);
    const offer = await bookingOffer({ showId: show });
    expect(offer.types.map((type) => [type.name, type.priceCents])).toEqual([
      ["Adult", 7000],
      ["Child", 4000],
      ["Student", 5500],
    ]);
    // The held booking is priced anew only when its customer changes its types.
    expect(await changeTicketTypes(user, id, { [ADULT]: 1, [CHILD]: 1 })).toEqual({ ok: true });
    expect((await findBooking(user, id))!.amountCents).toBe(11_000);
    const later = await hold(["B1"]);
    expect((await findBooking(later.user, later.id))!.amountCents).toBe(7000);
    expect(await changeTicketTypes(user, id, { [ADULT]: 1, [SENIOR]: 1 })).toMatchObject({
      ok: false,
      problem: { reason: "not-offered" },
    });
  });

  it("keep a type off sale's price for the day it is back, and refuse a list of types no longer on sale", async () => {
    expect(await changeShowPrices("test-staff", show, { [ADULT]: 7000, [SENIOR]: 3000 })).toEqual({ ok: true });
    await setTicketTypeRetired("test-staff", SENIOR, true);
    try {
      expect(await changeShowPrices("test-staff", show, { [ADULT]: 7100 })).toEqual({ ok: true });
      expect(await changeShowPrices("test-staff", show, { [SENIOR]: 1 })).toEqual({
        ok: false,
        reason: "price-list-changed",
      });
    } finally {
      await setTicketTypeRetired("test-staff", SENIOR, false);
    }
    expect((await bookingOffer({ showId: show })).types.map((type) => [type.name, type.priceCents])).toEqual([
      ["Adult", 7100],
      ["Senior", 3000],
    ]);
  });

  it("cannot change for a show that started, was cancelled, or does not exist", async () => {
    const started = await addShow(MOVIE, "-10 minutes");
    expect(await changeShowPrices("test-staff", started, { [ADULT]: 100 })).toEqual({ ok: false, reason: "started" });
    const cancelled = await addShow(MOVIE, "3 days");
    const db = await getDb();
    await db.query("update shows set cancelled_at = now() where id = $1", [cancelled]);
    expect(await changeShowPrices("test-staff", cancelled, { [ADULT]: 100 })).toEqual({
      ok: false,
      reason: "cancelled",
    });
    expect(await changeShowPrices("test-staff", randomUUID(), { [ADULT]: 100 })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await changeShowPrices("test-staff", "x", { [ADULT]: 100 })).toEqual({ ok: false, reason: "not-found" });
    const [{ price }] = await db.query<{ price: number }>(
      "select price_cents as price from show_prices where show_id = $1 and ticket_type_id = $2",
      [started, ADULT],
    );
    expect(price).toBe(5000);
  });
});

describe("the show prices form", () => {
  const schema = showPricesSchema("USD");

  it("takes a price per type, empty for a type not sold, and at least one", () => {
    expect(schema.safeParse({ priceTypes: [ADULT, CHILD], prices: ["12", undefined] })).toMatchObject({
      success: true,
      data: { prices: ["12", undefined] },
    });
    const none = schema.safeParse({ priceTypes: [ADULT, CHILD] });
    expect(none.success ? null : none.error.issues.map((issue) => issue.message)).toEqual([NO_TYPE_SOLD]);
    expect(schema.safeParse({ priceTypes: [ADULT], prices: ["12", "8"] }).success).toBe(false);
    expect(schema.safeParse({ priceTypes: [ADULT], prices: ["-1"] }).success).toBe(false);
    expect(schema.safeParse({ priceTypes: ["adult"], prices: ["12"] }).success).toBe(false);
    expect(schema.safeParse({ prices: ["12"] }).success).toBe(false);
  });
});
