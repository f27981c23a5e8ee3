import { z } from "zod";
import { isShowDay } from "~/utils/dates";
import { pageField } from "./fields";
import { listQuery, MAX_LIST_PAGE, SORT_DIRECTIONS } from "./list-query";

export const SHOW_SORTS = ["date", "title", "bookings", "earnings"] as const;
export type ShowSort = (typeof SHOW_SORTS)[number];
export const SHOW_PERIODS = ["upcoming", "past", "all"] as const;
export type ShowPeriod = (typeof SHOW_PERIODS)[number];

const MAX_MOVIE_ID_LENGTH = 100;
/** A cinema day (YYYY-MM-DD) that bounds the list, or "" for no bound. */
const dayBound = z.string().refine(isShowDay).catch("");

/**
 * List Shows' state in the URL: which shows (upcoming, past or all; from and to a day, both included; of one movie;
 * in one hall),
 * their order and the page. A range given backwards is read the right way round.
 */
export const showListSchema = z
  .object({
    when: z.enum(SHOW_PERIODS).catch("upcoming"),
    from: dayBound,
    to: dayBound,
    movie: z
      .string()
      .min(1)
      .max(MAX_MOVIE_ID_LENGTH)
      .regex(/^[\w-]+$/)
      .catch(""),
    hall: z.string().uuid().catch(""),
    sort: z.enum(SHOW_SORTS).catch("date"),
    dir: z.enum(SORT_DIRECTIONS).catch("asc"),
    page: pageField(MAX_LIST_PAGE),
  })
  .transform((query) =>
    query.from && query.to && query.from > query.to ? { ...query, from: query.to, to: query.from } : query,
  );

export type ShowListQuery = z.infer<typeof showListSchema>;
export const SHOW_LIST_DEFAULTS: ShowListQuery = showListSchema.parse({});

/** Where List Shows shows one show: its movie's shows on its day, with its row (id "show-<id>") in view. */
export function listedShowPath(show: { id: string; movieId: string; day: string }) {
  const query = { ...SHOW_LIST_DEFAULTS, when: "all" as const, from: show.day, to: show.day, movie: show.movieId };
  return `/admin/list-shows${listQuery(query, SHOW_LIST_DEFAULTS)}#show-${show.id}`;
}

export const SHOW_NOT_FOUND = "This show no longer exists.";

/** A form that names a show: List Shows' Delete button, Cancel Show's confirmation. */
export const showIdSchema = z.object({
  showId: z.string({ required_error: SHOW_NOT_FOUND }).uuid(SHOW_NOT_FOUND).describe("Show"),
});
