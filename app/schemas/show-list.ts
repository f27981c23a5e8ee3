import { z } from "zod";
import { pageField } from "./fields";
import { MAX_LIST_PAGE, SORT_DIRECTIONS } from "./list-query";

export const SHOW_SORTS = ["date", "title", "bookings", "earnings"] as const;
export type ShowSort = (typeof SHOW_SORTS)[number];
export const SHOW_PERIODS = ["upcoming", "past", "all"] as const;
export type ShowPeriod = (typeof SHOW_PERIODS)[number];

/** List Shows' state in the URL: which shows, their order and the page. */
export const showListSchema = z.object({
  when: z.enum(SHOW_PERIODS).catch("upcoming"),
  sort: z.enum(SHOW_SORTS).catch("date"),
  dir: z.enum(SORT_DIRECTIONS).catch("asc"),
  page: pageField(MAX_LIST_PAGE),
});

export type ShowListQuery = z.infer<typeof showListSchema>;
export const SHOW_LIST_DEFAULTS: ShowListQuery = showListSchema.parse({});

export const SHOW_NOT_FOUND = "This show no longer exists.";

/** A Delete button of List Shows. */
export const deleteShowSchema = z.object({
  showId: z.string({ required_error: SHOW_NOT_FOUND }).uuid(SHOW_NOT_FOUND).describe("Show"),
});
