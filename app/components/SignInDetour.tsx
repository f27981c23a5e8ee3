import { Link } from "@remix-run/react";

/** Why the sign-in page was shown instead of the movie list, for a visitor who asked for it. */
export const MOVIE_LIST_NEEDS_SIGN_IN =
  "The movie list, with its search and filters, is for signed-in customers. Sign in to use it, or look around first: What's On and this week's films need no account.";

const WEEK_FILMS_ID = "this-weeks-films";

/**
 * On the sign-in page of a visitor sent there from the movie list, above the form: What's On, and a way down to this
 * week's films (listed below the form, `ThisWeeksFilms`), so the list they could not open is no dead end.
 */
export function SignInDetour() {
  return (
    <nav className="sign-in-detour" aria-label="Without an account">
      <Link to="/whats-on" className="button button-small">
        What&apos;s On
      </Link>
      <a href={`#${WEEK_FILMS_ID}`} className="button button-small button-ghost">
        This week&apos;s films
      </a>
    </nav>
  );
}

/** This week's films, each a link to its page: the end of the sign-in page of a visitor sent from the movie list. */
export function ThisWeeksFilms({ films }: { films: { id: string; title: string }[] }) {
  return (
    <section id={WEEK_FILMS_ID} className="week-films" aria-labelledby={`${WEEK_FILMS_ID}-title`}>
      <h2 id={`${WEEK_FILMS_ID}-title`}>This week&apos;s films</h2>
      <ul aria-labelledby={`${WEEK_FILMS_ID}-title`}>
        {films.map((film) => (
          <li key={film.id}>
            <Link to={`/movies/${film.id}`} className="detour-film">
              {film.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
