import { z } from "zod";
import { addDays } from "~/utils/dates";

/** The periods the reports cover: the last 7, 30 or 90 cinema days, today included. */
export const REPORT_PERIODS = { "7": "Last 7 days", "30": "Last 30 days", "90": "Last 90 days" } as const;
export type ReportPeriod = keyof typeof REPORT_PERIODS;

/** The reports each have a CSV file. */
export const REPORT_FILES = [
  "days",
  "channels",
  "films",
  "heat-map",
  "ticket-types",
  "promo-codes",
  "no-shows",
] as const;
export type ReportFile = (typeof REPORT_FILES)[number];

/** The reports' query string (a GET form, so a period can be bookmarked): an odd period falls back to 30 days. */
export const reportQuerySchema = z.object({
  period: z.enum(["7", "30", "90"]).catch("30").describe("Period"),
  report: z.enum(REPORT_FILES).catch("days").describe("Report"),
});

/** The first and last cinema day of a period ending `today`. */
export function periodDays(period: ReportPeriod, today: string) {
  return { from: addDays(today, 1 - Number(period)), to: today };
}

export const reportCsvPath = (report: ReportFile, period: ReportPeriod) =>
  `/admin/reports.csv?report=${report}&period=${period}`;
