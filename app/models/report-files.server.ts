import { config } from "~/config.server";
import { CHANNEL_LABELS, WEEKDAY_NAMES, type SalesReport } from "~/domain/reports";
import type { ReportFile } from "~/schemas/report-period";
import { toCsv } from "~/utils/csv";
import { formatAmount } from "~/utils/money";
import { formatSortableTime } from "~/utils/show-display";

// Each report as a CSV file: amounts in the currency's decimals, shares as percentages with one decimal.

const amount = (cents: number) => formatAmount(cents, config.currency);
const share = (fraction: number) => (fraction * 100).toFixed(1);

const FILES: Record<ReportFile, (report: SalesReport) => string[][]> = {
  days: (report) => [
    [
      "Day",
      `Revenue (${config.currency})`,
      "Tickets",
      "Day before",
      `Revenue before (${config.currency})`,
      "Tickets before",
    ],
    ...report.days.map(({ day, current, previous }) => [
      day,
      amount(current.revenueCents),
      String(current.tickets),
      previous.day,
      amount(previous.revenueCents),
      String(previous.tickets),
    ]),
  ],
  channels: (report) => [
    ["Channel", "Bookings", "Tickets", `Revenue (${config.currency})`, "Refunds", `Refunded (${config.currency})`],
    ...report.channels.map((row) => [
      CHANNEL_LABELS[row.channel],
      String(row.bookings),
      String(row.tickets),
      amount(row.revenueCents),
      String(row.refunds),
      amount(row.refundedCents),
    ]),
  ],
  films: (report) => [
    ["Film", "Screenings", "Seats sold", `Revenue (${config.currency})`, "Average occupancy (%)"],
    ...report.films.map((film) => [
      film.title,
      String(film.screenings),
      String(film.seatsSold),
      amount(film.revenueCents),
      share(film.averageOccupancy),
    ]),
  ],
  "heat-map": (report) => [
    ["Hall", "Day", "Hour", "Screenings", "Average occupancy (%)"],
    ...report.heatMaps.flatMap((hall) =>
      hall.cells.map((cell) => [
        hall.hallName,
        WEEKDAY_NAMES[cell.weekday - 1],
        `${String(cell.hour).padStart(2, "0")}:00`,
        String(cell.screenings),
        share(cell.occupancy),
      ]),
    ),
  ],
  "ticket-types": (report) => [
    ["Ticket type", "Tickets", `Revenue before discounts (${config.currency})`],
    ...report.ticketTypes.map((row) => [row.typeName, String(row.tickets), amount(row.revenueCents)]),
  ],
  "promo-codes": (report) => [
    ["Code", "Bookings", "Tickets", `Discount given (${config.currency})`],
    ...report.promoCodes.map((row) => [row.code, String(row.bookings), String(row.tickets), amount(row.discountCents)]),
  ],
  "no-shows": (report) => [
    ["Film", "Show", "Hall", "Paid seats", "No-shows"],
    ...report.noShowsByFilm.map((film) => [
      film.title,
      "All shows",
      "",
      String(film.paidSeats),
      String(film.noShowSeats),
    ]),
    ...report.noShowsByShow.map((show) => [
      show.title,
      formatSortableTime(show.startsAt, config.timeZone),
      show.hallName,
      String(show.paidSeats),
      String(show.noShowSeats),
    ]),
  ],
};

/** One report of `report` as a CSV file. */
export function reportCsv(report: SalesReport, file: ReportFile) {
  return toCsv(FILES[file](report));
}
