import { Link } from "@remix-run/react";

/** A show day as its strip names it: "Wed, Nov 25", or on a phone "Wed" over "25" ("Today" over "7"). */
export type DayTab = { day: string; label: string; weekday: string; date: string };

type Props = {
  days: readonly DayTab[];
  /** The day shown now, marked as the current one. */
  current: string;
  /** Where each day's link goes. */
  linkTo: (day: string) => string;
  /** Whether following a link replaces the history entry (paging through days on one page). */
  replace?: boolean;
};

/**
 * A strip of show days as links (`Today`, `Tomorrow`, `Wed, Nov 25`): the movie page's and What's On's. On a phone
 * each day is drawn as its short lines (show-times.css), so a week keeps one row; its name stays its text.
 */
export function DayLinks({ days, current, linkTo, replace = false }: Props) {
  return (
    <ul className="time-days">
      {days.map((other) => (
        <li key={other.day}>
          <Link
            to={linkTo(other.day)}
            preventScrollReset
            replace={replace}
            className="time-day"
            aria-current={other.day === current ? "date" : undefined}
            data-weekday={other.weekday}
            data-date={other.date}
          >
            <span className="time-day-label">{other.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
