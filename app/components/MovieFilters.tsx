import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { useSyncedField } from "~/hooks/use-synced-field";
import {
  ALL_GENRES,
  MAX_SEARCH_LENGTH,
  MOVIE_SORTS,
  SORT_LABELS,
  movieFiltersQuery,
  type MovieSort,
} from "~/schemas/movie-filter-options";
import type { MovieFilters as Filters } from "~/schemas/movie-filters";

const SEARCH_DEBOUNCE_MS = 300;

/** A GET form: it works as is without JavaScript, and filters as you type with it. */
export function MovieFilters({ filters, genres, action }: { filters: Filters; genres: string[]; action: string }) {
  const navigate = useNavigate();
  const debounce = useRef<number>();
  const search = useSyncedField<HTMLInputElement>(filters.search);
  const genre = useSyncedField<HTMLSelectElement>(filters.genre);
  const sort = useSyncedField<HTMLSelectElement>(filters.sort);
  // A search still waiting to apply must not pull the user back here after they have moved on.
  useEffect(() => () => window.clearTimeout(debounce.current), []);

  // With JavaScript the URL only carries the filters that differ from the defaults.
  const apply = (form: HTMLFormElement, { delay = 0, replace = true } = {}) => {
    window.clearTimeout(debounce.current);
    debounce.current = window.setTimeout(() => {
      const data = new FormData(form);
      const query = movieFiltersQuery({
        search: String(data.get("search") ?? "").trim(),
        genre: String(data.get("genre") ?? ALL_GENRES),
        sort: String(data.get("sort")) as MovieSort,
      });
      navigate(`${action}${query}`, { replace, preventScrollReset: true });
    }, delay);
  };
  const chips = [
    filters.search && {
      label: `Search: ${filters.search}`,
      name: "search",
      to: movieFiltersQuery({ ...filters, search: "", page: 1 }),
    },
    filters.genre !== ALL_GENRES && {
      label: `Genre: ${filters.genre}`,
      name: "genre",
      to: movieFiltersQuery({ ...filters, genre: ALL_GENRES, page: 1 }),
    },
  ].filter(Boolean) as { label: string; name: string; to: string }[];

  return (
    <>
      <form
        method="get"
        action={action}
        className="filters"
        onChange={(event) =>
          apply(event.currentTarget, { delay: event.target === search.current ? SEARCH_DEBOUNCE_MS : 0 })
        }
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          apply(event.currentTarget, { replace: false });
        }}
      >
        <div className="field field-search">
          <label htmlFor="filter-search">Search</label>
          <input
            id="filter-search"
            ref={search}
            type="search"
            name="search"
            defaultValue={filters.search}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search by title"
          />
        </div>
        <div className="field">
          <label htmlFor="filter-genre">Genre</label>
          <select id="filter-genre" ref={genre} name="genre" defaultValue={filters.genre}>
            <option value={ALL_GENRES}>All genres</option>
            {genres.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-sort">Sort by</label>
          <select id="filter-sort" ref={sort} name="sort" defaultValue={filters.sort}>
            {MOVIE_SORTS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Apply Filters
        </button>
      </form>
      {chips.length > 0 ? (
        <ul className="chips" aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.name}>
              <Link to={`${action}${chip.to}`} className="chip" aria-label={`Remove ${chip.label}`}>
                {chip.label} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
