import { Link } from "@remix-run/react";

/** Why the sign-in page was shown instead of the movie list, for a visitor who asked for it. */
export const MOVIE_LIST_NEEDS_SIGN_IN =
  "The movie list, with its search and filters, is for signed-in customers. Sign in to use it, or look around first: What's On and this week's films need no account.";

/**
 * On the sign-in page of a visitor sent there from the movie list: What's On and this week's films, each one tap
 * away, so the list they could not open is no dead end.
 */
export function SignInDetour({ films }: { films: { id: string; title: string }[] }) {
  return (
    <nav className="sign-in-detour" aria-label="Without an account">
      <ul>
        <li>
          <Link to="/whats-on" className="button button-small">
            What&apos;s On
          </Link>
        </li>
        {films.map((film) => (
          <li key={film.id}>
            <Link to={`/movies/${film.id}`} className="detour-film">
              {film.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
