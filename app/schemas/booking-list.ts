import { z } from "zod";
import { BOOKING_STATUSES } from "~/domain/booking";
import { pageField, searchField } from "./fields";
import { MAX_LIST_PAGE, SORT_DIRECTIONS } from "./list-query";

export const BOOKING_SORTS = ["date", "name", "movie", "amount", "seats"] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];
export const BOOKING_FILTERS = ["all", ...BOOKING_STATUSES] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
export const MAX_BOOKING_SEARCH_LENGTH = 100;

export const ALL_HALLS = "all";
/** Longer than any day (YYYY-MM-DD) or show id: what is kept of one typed into the URL, to say it is not one. */
const MAX_DAY_OR_SHOW_LENGTH = 40;

/**
 * List Bookings' state in the URL: which bookings (status, hall, a cinema day, one show, a booking id or email),
 * their order and the page. The day and the show are kept as typed ("" for every day, every show): a day that is no
 * date or a show that does not exist is told in words (see `settleShowFilter`), not quietly dropped.
 */
export const bookingListSchema = z.object({
  status: z.enum(BOOKING_FILTERS).catch("all"),
  hall: z.string().uuid().catch(ALL_HALLS),
  day: searchField(MAX_DAY_OR_SHOW_LENGTH),
  show: searchField(MAX_DAY_OR_SHOW_LENGTH),
  search: searchField(MAX_BOOKING_SEARCH_LENGTH),
  sort: z.enum(BOOKING_SORTS).catch("date"),
  dir: z.enum(SORT_DIRECTIONS).catch("desc"),
  page: pageField(MAX_LIST_PAGE),
});

export type BookingListQuery = z.infer<typeof bookingListSchema>;
export const BOOKING_LIST_DEFAULTS: BookingListQuery = bookingListSchema.parse({});
