import type { FieldMetadata } from "@conform-to/react";
import type { MovieChoice } from "~/domain/staff";
import { formatRuntime } from "~/utils/format";

type Props = {
  field: FieldMetadata<string>;
  movies: MovieChoice[];
  /** How many movies match the search, of which `movies` are the newest. */
  matching: number;
  search: string;
  /** The search as typed, which hides the movies it does not match at once (with JavaScript). */
  query: string;
  onQuery: (query: string) => void;
  /** The id of the movie search's own GET form, whose fields sit in this step. */
  searchForm: string;
};

/** Add Shows' first step: the movies to choose from, with a search (a GET of its own, so it works without JavaScript). */
export function MovieStep({ field, movies, matching, search, query, onQuery, searchForm }: Props) {
  const shown = movies.filter((m) => m.title.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <fieldset className="add-show-step" aria-describedby={field.errorId}>
      <legend>Select Movie</legend>
      <div className="movie-search">
        <label htmlFor="movie-search-input">Search movies</label>
        <input
          id="movie-search-input"
          form={searchForm}
          type="search"
          name="search"
          defaultValue={search}
          maxLength={100}
          onChange={(event) => onQuery(event.currentTarget.value)}
        />
        <button type="submit" form={searchForm} className="button button-ghost button-small">
          Search
        </button>
      </div>
      {matching > movies.length ? (
        <p className="admin-note">
          Showing the newest {movies.length} of {matching} movies: search to find the others.
        </p>
      ) : null}
      {shown.length === 0 ? <p className="empty-note">No movies match your search.</p> : null}
      <ul className="movie-choices" key={field.key}>
        {movies.map((m) => (
          <li key={m.id} hidden={!shown.includes(m)}>
            <input
              type="radio"
              id={`movie-${m.id}`}
              name={field.name}
              value={m.id}
              defaultChecked={field.initialValue === m.id}
            />
            <label htmlFor={`movie-${m.id}`}>
              <img src={m.posterPath} alt="" width={60} height={90} loading="lazy" />
              <span>{m.title}</span>
              <small>
                {m.releaseYear} · {formatRuntime(m.runtime)}
              </small>
            </label>
          </li>
        ))}
      </ul>
      <p id={field.errorId} className="field-error">
        {field.errors?.[0]}
      </p>
    </fieldset>
  );
}
