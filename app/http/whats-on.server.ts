import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { describeFormat } from "~/domain/show-format";
import { listWhatsOn } from "~/models/whats-on.server";
import { parseQuery } from "~/schemas/list-query";
import { whatsOnPath, whatsOnSchema } from "~/schemas/whats-on";
import { addDays, cinemaToday } from "~/utils/dates";
import { formatCinemaDay, formatClockTime, showDayLabel } from "~/utils/show-display";
import { cinemaSettings } from "./cinema.server";

/** How many cinema days, from today, What's On's day strip offers. */
export const WHATS_ON_DAYS = 7;

/**
 * What's On (app/routes/whats-on.tsx): the day strip, the day asked for (today when it is not on the strip) and its
 * shows that pass the filters, by movie, each time in the cinema's zone with its hall and format in words.
 */
export async function loadWhatsOn({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const { day: askedDay, ...filters } = parseQuery(whatsOnSchema, query);
  // The form without JavaScript sends "Any" as an empty value: the address is written again without them.
  if ([...query.values()].includes("")) throw redirect(whatsOnPath(askedDay, filters));
  const { timeZone } = cinemaSettings();
  const today = cinemaToday(timeZone);
  const days = Array.from({ length: WHATS_ON_DAYS }, (_, index) => addDays(today, index));
  const day = days.includes(askedDay) ? askedDay : today;
  const movies = await listWhatsOn(day, filters);
  return {
    days: days.map((other) => ({ day: other, label: showDayLabel(other, today) })),
    day,
    dayName: formatCinemaDay(day),
    filters,
    movies: movies.map(({ shows, ...movie }) => ({
      ...movie,
      shows: shows.map((show) => ({
        id: show.id,
        time: formatClockTime(show.startsAt, timeZone),
        hallName: show.hallName,
        format: describeFormat(show),
      })),
    })),
  };
}
