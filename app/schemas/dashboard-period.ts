import { z } from "zod";

/** The periods the dashboard's tickets by type can cover: the last 7 or 30 days, or all time. */
export const DASHBOARD_PERIODS = { "7": "Last 7 days", "30": "Last 30 days", all: "All time" } as const;
export type DashboardPeriod = keyof typeof DASHBOARD_PERIODS;

/** The dashboard's query string: an odd period falls back to the last 7 days. */
export const dashboardQuerySchema = z.object({
  period: z.enum(["7", "30", "all"]).catch("7").describe("Period"),
});

/** How many days back a period reaches; null for all time. */
export const periodDays = (period: DashboardPeriod) => (period === "all" ? null : Number(period));
