import { parseWithZod } from "@conform-to/zod";
import { showDateSchema } from "~/schemas/show-date";
import { SELECT_DATE_MESSAGE } from "~/schemas/show-date-message";
import { getDb } from "~/services/db.server";
import { config } from "~/services/config.server";

export const DATES_PER_PAGE = 7;

export type ShowDay = { day: string; shows: number };

/** The cinema days (in the cinema's time zone) on which a movie has shows still to start. */
export async function listShowDays(movieId: string): Promise<ShowDay[]> {
  const db = await getDb();
  return db.query<ShowDay>(
    `select to_char(starts_at at time zone $2, 'YYYY-MM-DD') as day, count(*)::int as shows
     from shows
     where movie_id = $1 and starts_at > now()
     group by 1 order by 1`,
    [movieId, config.timeZone],
  );
}

/** One page of show days for the date strip; an out-of-range page falls back to the nearest one. */
export function pageOfShowDays(days: ShowDay[], requestedPage: number) {
  const pageCount = Math.max(1, Math.ceil(days.length / DATES_PER_PAGE));
  const page = Math.min(Math.max(1, Number.isInteger(requestedPage) ? requestedPage : 1), pageCount);
  return {
    days: days.slice((page - 1) * DATES_PER_PAGE, page * DATES_PER_PAGE),
    page,
    pageCount,
  };
}

export const NO_SHOWS_ON_DAY = "There are no shows on that date. Please pick another date.";

/** The day a customer picked on the date strip, if the movie has shows still to come on it. */
export async function chooseShowDay(movieId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: showDateSchema });
  if (submission.status !== "success") return { ok: false as const, message: SELECT_DATE_MESSAGE };
  const days = await listShowDays(movieId);
  if (!days.some((d) => d.day === submission.value.date)) return { ok: false as const, message: NO_SHOWS_ON_DAY };
  return { ok: true as const, day: submission.value.date };
}
