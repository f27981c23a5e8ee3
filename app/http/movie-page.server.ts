import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { NO_SHOWS_ON_DAY, SELECT_DATE_MESSAGE } from "~/domain/booking-steps";
import type { ShowDay } from "~/domain/show";
import { isFavourite } from "~/models/favourites.server";
import { DATES_PER_PAGE, hasShowsOnDay, pageOfShowDays } from "~/models/shows.server";
import { getTrailerForMovie } from "~/models/trailers.server";
import { showDateSchema } from "~/schemas/show-date";
import { cinemaToday } from "~/utils/dates";
import { formatClockTime, showDayLabel } from "~/utils/show-display";
import { catalogue } from "./catalogue.server";
import { cinemaSettings } from "./cinema.server";
import { applyPendingFavourite } from "./favourites.server";
import { readSubmission } from "./forms.server";
import { requireMovie } from "./movies.server";
import { redirectWithError } from "./toast.server";
import { getViewer } from "./viewer.server";

// The movie page's loader and action (app/routes/movies.$id._index.tsx), in one module for the reason the seat
// page's are (decision 23).

/**
 * A movie page's show times, in words: the first show days ("Today", "Wed, Nov 25"), the day asked for (else the
 * first) and its times in the cinema's zone ("6:45 PM"), so the page's browser loads no time-zone code.
 */
async function movieShowTimes(movieId: string, days: ShowDay[], askedDay: string | null) {
  const { timeZone } = cinemaSettings();
  const today = cinemaToday(timeZone);
  const day = (days.find((other) => other.day === askedDay) ?? days[0])?.day ?? null;
  const shows = day ? await catalogue.showsOnDay(movieId, day) : [];
  return {
    days: days.map((other) => ({ day: other.day, label: showDayLabel(other.day, today) })),
    day,
    shows: shows.map(({ id, hallName, startsAt }) => ({ id, hallName, time: formatClockTime(startsAt, timeZone) })),
  };
}

export async function loadMoviePage({ request, params }: LoaderFunctionArgs) {
  const movie = await requireMovie(params.id);
  const viewer = await getViewer(request);
  if (viewer) await applyPendingFavourite(request, viewer.uid, movie.id);
  const url = new URL(request.url);
  const [days, recommended, trailer, favourite] = await Promise.all([
    catalogue.showDays(movie.id),
    catalogue.recommended(movie.id),
    url.searchParams.has("trailer") ? getTrailerForMovie(movie.id) : null,
    viewer ? isFavourite(viewer.uid, movie.id) : false,
  ]);
  const dates = pageOfShowDays(days, Number(url.searchParams.get("dates") ?? 1));
  const times = await movieShowTimes(movie.id, days.slice(0, DATES_PER_PAGE), url.searchParams.get("day"));
  return { movie, dates, times, recommended, trailer, favourite };
}

/** The date strip's Continue: the chosen day's seat page, or back to the dates with what is missing. */
export async function chooseShowDate({ request, params }: ActionFunctionArgs) {
  const movie = await requireMovie(params.id);
  const form = await readSubmission(request, showDateSchema);
  const backToDates = `/movies/${movie.id}?dates=${form.ok ? form.value.dates : 1}#dates`;
  if (!form.ok) return redirectWithError(backToDates, form.message);
  const { date } = form.value;
  if (!date) return redirectWithError(backToDates, SELECT_DATE_MESSAGE);
  if (!(await hasShowsOnDay(movie.id, date))) return redirectWithError(backToDates, NO_SHOWS_ON_DAY);
  return redirect(`/movies/${movie.id}/${date}`);
}
