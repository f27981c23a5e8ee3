import type { ShowDay } from "~/domain/show";
import { cinemaToday } from "~/utils/dates";
import { formatClockTime, showDayLabel } from "~/utils/show-display";
import { catalogue } from "./catalogue.server";
import { cinemaSettings } from "./cinema.server";

/**
 * A movie page's show times, in words: the first show days ("Today", "Wed, Nov 25"), the day asked for (else the
 * first) and its times in the cinema's zone ("6:45 PM"). Put in words on the server, so the page's browser loads no
 * time-zone code: a route that imports a module the browser also uses elsewhere loads it, even for its loader.
 */
export async function movieShowTimes(movieId: string, days: ShowDay[], askedDay: string | null) {
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
