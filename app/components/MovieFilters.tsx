import { Form, Link, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { ALL_GENRES, MAX_SEARCH_LENGTH, MOVIE_SORTS, SORT_LABELS, movieFiltersQuery } from "~/schemas/movie-filter-options";
import type { MovieFilters as Filters } from "~/schemas/movie-filters";

const SEARCH_DEBOUNCE_MS = 300;

/** A GET form: it works as is without JavaScript, and filters as you type with it. */
export function MovieFilters({ filters, genres, action }: { filters: Filters; genres: string[]; action: string }) {
  const submit = useSubmit();
  const debounce = useRef<number>();
  const apply = (form: HTMLFormElement, delay: number) => {
    window.clearTimeout(debounce.current);
    debounce.current = window.setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), delay);
  };
  const chips = [
    filters.search && { label: `Search: ${filters.search}`, name: "search", to: movieFiltersQuery({ ...filters, search: "", page: 1 }) },
    filters.genre !== ALL_GENRES && { label: `Genre: ${filters.genre}`, name: "genre", to: movieFiltersQuery({ ...filters, genre: ALL_GENRES, page: 1 }) },
  ].filter(Boolean) as { label: string; name: string; to: string }[];

  return (
    <>
      <Form
        method="get"
        action={action}
        className="filters"
        onChange={(event) => apply(event.currentTarget, (event.target as HTMLElement).getAttribute("type") === "search" ? SEARCH_DEBOUNCE_MS : 0)}
      >
        <div className="field">
          <label htmlFor="filter-search">Search</label>
          <input id="filter-search" type="search" name="search" defaultValue={filters.search} maxLength={MAX_SEARCH_LENGTH} placeholder="Search by title" />
        </div>
        <div className="field">
          <label htmlFor="filter-genre">Genre</label>
          <select id="filter-genre" name="genre" defaultValue={filters.genre}>
            <option value={ALL_GENRES}>All genres</option>
            {genres.map((genre) => (
              <option key={genre} value={genre}>{genre}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-sort">Sort by</label>
          <select id="filter-sort" name="sort" defaultValue={filters.sort}>
            {MOVIE_SORTS.map((sort) => (
              <option key={sort} value={sort}>{SORT_LABELS[sort]}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">Apply Filters</button>
      </Form>
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
