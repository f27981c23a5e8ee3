import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { seatPagePath } from "~/domain/seat-page-paths";
import { describeFormat } from "~/domain/show-format";
import { onCatalogue } from "~/models/catalogue.server";
import { listFilmsShowing, listWhatsOn } from "~/models/whats-on.server";
import { parseQuery } from "~/schemas/list-query";
import { whatsOnPath, whatsOnSchema } from "~/schemas/whats-on";
import { addDays, cinemaToday } from "~/utils/dates";
import { formatCinemaDay, formatClockTime, showDayTab } from "~/utils/show-display";
import { cinemaSettings } from "./cinema.server";
import { pageSharing, shareImage, structuredDataSite } from "./sharing.server";
import { screeningsGraph } from "./structured-data.server";

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
  const films = movies.map((movie) => ({
    movie,
    screenings: movie.shows.map((show) => ({
      ...show,
      soldOut: show.seatsFree === 0,
      seatPagePath: seatPagePath(movie.id, day, show.id),
    })),
  }));
  return {
    days: days.map((other) => showDayTab(other, today)),
    day,
    dayName: formatCinemaDay(day),
    filters,
    movies: movies.map(({ backdropUrl: _, shows, ...movie }) => ({
      ...movie,
      shows: shows.map((show) => ({
        id: show.id,
        time: formatClockTime(show.startsAt, timeZone),
        hallName: show.hallName,
        format: describeFormat(show),
      })),
    })),
    sharing: pageSharing("/whats-on", {
      image: movies.length > 0 ? shareImage(movies[0]) : undefined,
      structuredData: screeningsGraph(structuredDataSite(), films),
    }),
  };
}

/** The films with shows today and the next six days, kept until the catalogue changes. */
const filmsThisWeek = onCatalogue((today: string) => listFilmsShowing(today, addDays(today, WHATS_ON_DAYS - 1)));

/**
 * For the sign-in page: when a visitor was sent there from the movie list (kept for signed-in customers), what they
 * can see without an account: What's On, and this week's films. Null for any other page they were sent from.
 */
export async function movieListDetour(redirectTo: string) {
  if (new URL(redirectTo, "http://site.invalid").pathname !== "/movies") return null;
  return { films: await filmsThisWeek(cinemaToday(cinemaSettings().timeZone)) };
}
