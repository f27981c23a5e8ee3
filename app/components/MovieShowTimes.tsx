import { Link } from "@remix-run/react";
import type { Show, ShowDay } from "~/domain/show";
import { formatClockTime, showDayLabel } from "~/utils/show-display";

type Props = {
  movieId: string;
  /** The first show days, each a tab that shows its times. */
  days: ShowDay[];
  /** The day whose times are listed, and its shows. */
  day: string | null;
  shows: Show[];
  /** The cinema's day today, so the first days read "Today" and "Tomorrow". */
  today: string;
  timeZone: string;
};

/** A day's show times, each a link straight to its seat page with that time chosen; links to the other days. */
export function MovieShowTimes({ movieId, days, day, shows, today, timeZone }: Props) {
  return (
    <section id="times" className="movie-times" aria-labelledby="times-title">
      <h2 id="times-title">Show Times</h2>
      {days.length === 0 ? (
        <p className="empty-note">No upcoming shows for this movie.</p>
      ) : (
        <>
          <nav aria-label="Show days">
            <ul className="time-days">
              {days.map((other) => (
                <li key={other.day}>
                  <Link
                    to={`?day=${other.day}#times`}
                    preventScrollReset
                    replace
                    className="time-day"
                    aria-current={other.day === day ? "true" : undefined}
                  >
                    {showDayLabel(other.day, today)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="time-links" aria-label={day ? `Times on ${showDayLabel(day, today)}` : undefined}>
            {shows.map((show) => (
              <li key={show.id}>
                <Link to={`/movies/${movieId}/${day}?time=${show.id}#seats`} className="time-link">
                  <strong>{formatClockTime(show.startsAt, timeZone)}</strong>
                  <small>{show.hallName}</small>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
