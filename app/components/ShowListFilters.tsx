import { Form, Link } from "@remix-run/react";
import type { ShowListQuery } from "~/schemas/show-list";

type Props = { query: ShowListQuery; movies: { id: string; title: string }[]; halls: { id: string; name: string }[] };

/** List Shows' date range, movie and hall: a GET form, so the choice is in the URL; the period and order are kept. */
export function ShowListFilters({ query, movies, halls }: Props) {
  return (
    <Form
      method="get"
      className="filters"
      aria-label="Filter shows"
      key={`${query.from}/${query.to}/${query.movie}/${query.hall}`}
    >
      <input type="hidden" name="when" value={query.when} />
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <div className="field">
        <label htmlFor="shows-from">From</label>
        <input id="shows-from" name="from" type="date" defaultValue={query.from} />
      </div>
      <div className="field">
        <label htmlFor="shows-to">To</label>
        <input id="shows-to" name="to" type="date" defaultValue={query.to} />
      </div>
      <div className="field">
        <label htmlFor="shows-movie">Movie</label>
        <select id="shows-movie" name="movie" defaultValue={query.movie}>
          <option value="">All movies</option>
          {movies.map((movie) => (
            <option key={movie.id} value={movie.id}>
              {movie.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="shows-hall">Hall</label>
        <select id="shows-hall" name="hall" defaultValue={query.hall}>
          <option value="">All halls</option>
          {halls.map((hall) => (
            <option key={hall.id} value={hall.id}>
              {hall.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Filter
      </button>
      {query.from || query.to || query.movie || query.hall ? (
        <Link to={`?when=${query.when}&sort=${query.sort}&dir=${query.dir}`} className="text-link">
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}
