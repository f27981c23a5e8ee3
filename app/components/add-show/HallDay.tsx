import { cinemaDay } from "~/utils/dates";
import { formatClockTime, formatLocalDay } from "~/utils/show-display";

export type HallDayShows = {
  hallName: string;
  day: string;
  shows: { title: string; startsAt: string; freeAt: string }[];
};

/** A hall's shows on one day, each holding it until its cleaning is done: when the hall is free is what is left. */
export function HallDay({ hallDay, timeZone }: { hallDay: HallDayShows; timeZone: string }) {
  const clock = (at: string) => formatClockTime(at, timeZone);
  return (
    <section className="hall-day" aria-label={`${hallDay.hallName} on ${formatLocalDay(hallDay.day)}`}>
      <h3>
        {hallDay.hallName} on {formatLocalDay(hallDay.day)}
      </h3>
      {hallDay.shows.length === 0 ? (
        <p className="empty-note">No shows yet: free all day.</p>
      ) : (
        <ul>
          {hallDay.shows.map((show) => (
            <li key={show.startsAt}>
              <time dateTime={show.startsAt}>{clock(show.startsAt)}</time>
              {cinemaDay(new Date(show.startsAt), timeZone) < hallDay.day ? " the day before" : ""} to{" "}
              <time dateTime={show.freeAt}>{clock(show.freeAt)}</time>: {show.title}, then cleaning
            </li>
          ))}
          <li className="empty-note">Free at any other time.</li>
        </ul>
      )}
    </section>
  );
}
