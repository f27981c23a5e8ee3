import { Link } from "@remix-run/react";

/** The button under a row of movie cards that leads to all of them. */
export function MoreMoviesLink({ label }: { label: string }) {
  return (
    <div className="center">
      <Link to="/movies" className="button">
        {label}
      </Link>
    </div>
  );
}
