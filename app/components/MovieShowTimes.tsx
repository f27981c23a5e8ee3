import { Form, Link } from "@remix-run/react";
import { DayLinks, type DayTab } from "~/components/DayLinks";
import { WaitlistSeatsField } from "~/components/WaitlistSeatsField";
import { seatPagePath } from "~/domain/seat-page-paths";
import { SEAT_AVAILABILITY_WORDS, type SeatAvailability } from "~/domain/show";

type Props = {
  movieId: string;
  /** A page of the show days, each a link that shows its times, named as people say them ("Today", "Wed, Nov 25"). */
  days: DayTab[];
  page: number;
  pageCount: number;
  /** The day whose times are listed, and its shows by format ("2D", "IMAX · Subtitled") with their time of day in the
   * cinema's zone ("6:45 PM"). */
  day: string | null;
  formats: { format: string; shows: ShowTime[] }[];
  /** A visitor is asked to sign in before joining a waitlist. */
  signedIn: boolean;
};

type ShowTime = { id: string; hallName: string; time: string; availability: SeatAvailability };

const dayLink = (day: string) => `?day=${day}#times`;
const pageLink = (page: number) => `?dates=${page}#times`;

/**
 * The one way to choose a show on the movie page: the show days, a page at a time, then the chosen day's times, each
 * a link to its seat page with that time chosen, except a sold-out one, which offers its waitlist.
 */
export function MovieShowTimes({ movieId, days, page, pageCount, day, formats, signedIn }: Props) {
  const dayLabel = days.find((other) => other.day === day)?.label;
  return (
    <section id="times" className="movie-times" aria-labelledby="times-title">
      <h2 id="times-title">Show Times</h2>
      {day === null ? (
        <p className="empty-note">No upcoming shows for this movie.</p>
      ) : (
        <>
          <nav aria-label="Show days" className="time-days-pager">
            {page > 1 ? (
              <Link
                to={pageLink(page - 1)}
                preventScrollReset
                replace
                className="icon-button"
                aria-label="Earlier days"
              >
                ‹
              </Link>
            ) : null}
            <DayLinks days={days} current={day} linkTo={dayLink} replace />
            {page < pageCount ? (
              <Link to={pageLink(page + 1)} preventScrollReset replace className="icon-button" aria-label="Later days">
                ›
              </Link>
            ) : null}
          </nav>
          <ul className="time-formats" aria-label={`Times on ${dayLabel}`}>
            {formats.map(({ format, shows }, index) => (
              <li key={format}>
                <h3 id={`time-format-${index}`} className="time-format">
                  {format}
                </h3>
                <ul className="time-links" aria-labelledby={`time-format-${index}`}>
                  {shows.map((show) => (
                    <li key={show.id}>
                      {show.availability === "sold-out" ? (
                        <SoldOutTime movieId={movieId} day={day} show={show} signedIn={signedIn} />
                      ) : (
                        <Link to={seatPagePath(movieId, day, show.id)} className="time-link">
                          <strong>{show.time}</strong>
                          <small>{show.hallName}</small>
                          {show.availability === "almost-full" ? (
                            <span className="time-availability">{SEAT_AVAILABILITY_WORDS["almost-full"]}</span>
                          ) : null}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type SoldOutProps = { movieId: string; day: string; show: ShowTime; signedIn: boolean };

/** A sold-out time: no seats to choose, but its waitlist, joined here (the seat page's waitlist form's action). */
function SoldOutTime({ movieId, day, show, signedIn }: SoldOutProps) {
  return (
    <div className="time-sold-out">
      <p className="time-link">
        <strong>{show.time}</strong>
        <small>{show.hallName}</small>
        <span className="time-availability">{SEAT_AVAILABILITY_WORDS["sold-out"]}</span>
      </p>
      {signedIn ? (
        <details className="time-waitlist">
          <summary>Join the waitlist</summary>
          <Form method="post" action={`/movies/${movieId}/${day}/waitlist`}>
            <input type="hidden" name="time" value={show.id} />
            <WaitlistSeatsField id={`waitlist-seats-${show.id}`} />
            <button type="submit" name="intent" value="join" className="button button-small">
              Join the waitlist for {show.time}
            </button>
          </Form>
        </details>
      ) : (
        <Link
          to={`/login?${new URLSearchParams({ redirectTo: `/movies/${movieId}${dayLink(day)}` })}`}
          className="text-link"
        >
          Sign in to join the waitlist
        </Link>
      )}
    </div>
  );
}
