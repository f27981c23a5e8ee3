import { Link } from "@remix-run/react";

type Props = {
  days: readonly { day: string; label: string }[];
  /** The day shown now, marked as the current one. */
  current: string;
  /** Where each day's link goes. */
  linkTo: (day: string) => string;
  /** Whether following a link replaces the history entry (paging through days on one page). */
  replace?: boolean;
};

/** A strip of show days as links (`Today`, `Tomorrow`, `Wed, Nov 25`): the movie page's and What's On's. */
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
          >
            {other.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
