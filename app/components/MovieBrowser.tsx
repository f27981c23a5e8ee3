import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { MovieSummary } from "~/domain/movie";
import { MOVIES_PAGE_SIZE, movieFiltersQuery } from "~/schemas/movie-filter-options";
import type { MovieFilters as Filters } from "~/schemas/movie-filters";
import { MovieGrid, pageStartId } from "./MovieCard";
import { MovieFilters } from "./MovieFilters";

type Props = {
  /** The filters as applied, the genres to choose from, the movies on screen, how many the scope holds. */
  filters: Filters;
  genres: string[];
  movies: MovieSummary[];
  total: number;
  hasMore: boolean;
  title: string;
  /** The page's own path, which the filters, chips, Reset and Load More lead back to. */
  path: string;
  resetLabel: string;
  /** Shown instead of the filters when there is nothing at all to browse. */
  nothingYet?: ReactNode;
};

/** A page of movies with search, genre and sort filters, their chips, a count and Load More. */
export function MovieBrowser({ title, path, resetLabel, nothingYet, filters, genres, movies, total, hasMore }: Props) {
  useFocusOnNewPage(filters.page);
  return (
    <section className="section page-top" aria-labelledby="movies-title">
      <h1 id="movies-title">{title}</h1>
      {total === 0 && nothingYet ? (
        nothingYet
      ) : (
        <>
          <MovieFilters filters={filters} genres={genres} action={path} />
          <p className="count" aria-live="polite">
            Showing {movies.length} of {total} movies
          </p>
          {movies.length === 0 ? (
            <div className="empty-state">
              <h2>No Movies Found</h2>
              <Link to={path} className="button">
                {resetLabel}
              </Link>
            </div>
          ) : (
            <>
              {/* The cards' titles are h3s: this is the heading they come under. */}
              <h2 className="visually-hidden">Results</h2>
              <MovieGrid movies={movies} priority pageSize={MOVIES_PAGE_SIZE} />
            </>
          )}
          {hasMore ? (
            <div className="center">
              <Link
                to={`${path}${movieFiltersQuery({ ...filters, page: filters.page + 1 })}#${pageStartId(filters.page + 1)}`}
                preventScrollReset
                replace
                className="button"
              >
                Load More Movies
              </Link>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** After Load More, focus goes to the first new card's title, so keyboard users carry on from there. */
function useFocusOnNewPage(page: number) {
  const shownPage = useRef(page);
  useEffect(() => {
    if (page > shownPage.current) document.querySelector<HTMLElement>(`#${pageStartId(page)} h3 a`)?.focus();
    shownPage.current = page;
  }, [page]);
}
