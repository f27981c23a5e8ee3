import { Link } from "@remix-run/react";

type Props = {
  movieId: string;
  /** The first show days, each a tab that shows its times, named as people say them ("Today", "Wed, Nov 25"). */
  days: { day: string; label: string }[];
  /** The day whose times are listed, and its shows with their time of day in the cinema's zone ("6:45 PM"). */
  day: string | null;
  shows: { id: string; hallName: string; time: string }[];
};

/** A day's show times, each a link straight to its seat page with that time chosen; links to the other days. */
export function MovieShowTimes({ movieId, days, day, shows }: Props) {
  const dayLabel = days.find((other) => other.day === day)?.label;
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
                    {other.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="time-links" aria-label={dayLabel ? `Times on ${dayLabel}` : undefined}>
            {shows.map((show) => (
              <li key={show.id}>
                <Link to={`/movies/${movieId}/${day}?time=${show.id}#seats`} className="time-link">
                  <strong>{show.time}</strong>
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
