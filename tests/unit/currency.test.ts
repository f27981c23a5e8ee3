import { beforeAll, describe, expect, it, vi } from "vitest";

// A cinema that prices in yen, a currency without decimals.
vi.hoisted(() => {
  process.env.CURRENCY = "JPY";
});

import { config } from "~/config.server";
import { exportBookingsCsv } from "~/models/booking-admin.server";
import { scheduleSampleShows } from "~/models/sample-data.server";
import { BOOKING_LIST_DEFAULTS } from "~/schemas/booking-list";
import { getDb } from "~/services/db.server";
import { addBooking, addMovie, addShow, addUser } from "./fixtures";

beforeAll(async () => {
  await addMovie("yen", { title: "Yen Film" });
  await addUser("kenji", { name: "Kenji" });
  await addBooking("kenji", await addShow("yen", "1 day", { priceCents: 1800 }), ["A1", "A2"], { amountCents: 3600 });
});

describe("prices in yen", () => {
  it("are exported in whole yen", async () => {
    expect(config.currency).toBe("JPY");
    const [header, row] = (await exportBookingsCsv(BOOKING_LIST_DEFAULTS)).replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toContain(",Amount (JPY),");
    expect(row).toMatch(/,A1 A2,"2 × Adult ¥1,800",3600,Paid,Paid,[0-9a-f-]{36},[0-9a-f-]{36}$/);
  });

  it("of the sample shows are the sample's 49 to 81, in yen", async () => {
    const db = await getDb();
    await scheduleSampleShows(db, "UTC", "2030-01-01");
    const [{ min, max }] = await db.query<{ min: number; max: number }>(
      `select min(sp.price_cents) as min, max(sp.price_cents) as max
       from show_prices sp join shows s on s.id = sp.show_id join ticket_types t on t.id = sp.ticket_type_id
       where t.position = 1 and s.movie_id = 'yen' and s.starts_at > '2030-01-01'`,
    );
    expect(min).toBeGreaterThanOrEqual(49);
    expect(max).toBeLessThanOrEqual(81);
  });
});
