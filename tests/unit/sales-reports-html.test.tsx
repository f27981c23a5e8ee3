import { describe, expect, it } from "vitest";
import { salesReportsHtml } from "~/components/sales-reports-html.server";
import type { SalesReport } from "~/domain/reports";

const day = (date: string, revenueCents: number, tickets: number) => ({ day: date, revenueCents, tickets });

/** A week's reading with one film, one hall's show and a sale online. */
function reading(): SalesReport {
  return {
    from: "2026-12-01",
    to: "2026-12-07",
    days: ["01", "02", "03", "04", "05", "06", "07"].map((d) => ({
      day: `2026-12-${d}`,
      current: day(`2026-12-${d}`, 2400, 2),
      previous: day(`2026-11-${Number(d) + 23}`, 1200, 1),
    })),
    channels: [{ channel: "online", bookings: 7, tickets: 14, revenueCents: 16_800, refunds: 0, refundedCents: 0 }],
    films: [
      { movieId: "m1", title: "Dune", screenings: 1, seatsSold: 14, revenueCents: 16_800, averageOccupancy: 0.5 },
    ],
    heatMaps: [{ hallName: "Screen 1", cells: [{ weekday: 2, hour: 19, screenings: 1, occupancy: 0.5 }] }],
    ticketTypes: [{ typeName: "Adult", tickets: 14, revenueCents: 16_800 }],
    promoCodes: [],
    noShowsByFilm: [{ title: "Dune", paidSeats: 14, noShowSeats: 3 }],
    noShowsByShow: [],
  };
}

const settings = { period: "7", currency: "USD", timeZone: "America/New_York" } as const;

describe("the reports as the page sends them", () => {
  it("draws every section of a reading, each chart with its table, its ids apart from the page's own", () => {
    const html = salesReportsHtml({ report: reading(), ...settings });
    for (const text of [
      "Revenue per day as a table",
      "Tickets per day as a table",
      "Films by revenue as a table",
      "Occupancy by day and hour: Screen 1 as a table",
      "Tickets by type",
      "Promo codes used",
      "Sales by channel and refunds",
      "No-shows per film",
      'href="/admin/reports.csv?report=films&amp;period=7"',
      'href="/admin/schedule"',
    ])
      expect(html).toContain(text);
    expect(html).toContain("$168.00");
    expect(html).toMatch(/aria-labelledby=":report-[^"]+"/);
  });

  it("is drawn once for a reading: every reader of it is sent that drawing", () => {
    const report = reading();
    const first = salesReportsHtml({ report, ...settings });
    // The reading is never changed; this stands for the cost of drawing it again, which a second reader must not pay.
    report.channels[0].revenueCents = 99_900;
    expect(salesReportsHtml({ report, ...settings })).toBe(first);
    const next = reading();
    next.channels[0].revenueCents = 99_900;
    expect(salesReportsHtml({ report: next, ...settings })).toContain("$999.00");
  });
});
