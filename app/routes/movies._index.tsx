import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MovieGrid } from "~/components/MovieCard";
import { MovieFilters } from "~/components/MovieFilters";
import { listGenres, listMovies } from "~/models/movies.server";
import { ALL_GENRES, movieFiltersQuery } from "~/schemas/movie-filter-options";
import { parseMovieFilters } from "~/schemas/movie-filters";
import { requireUser } from "~/http/viewer.server";

export const meta: MetaFunction = () => [
  { title: "Movies – Marquee Cinemas" },
  {
    name: "description",
    content: "Every movie showing at Marquee Cinemas: search by title, filter by genre, sort by date, rating or title.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const parsed = parseMovieFilters(new URL(request.url).searchParams);
  const genres = await listGenres();
  const genre = genres.find((name) => name.toLowerCase() === parsed.genre.toLowerCase()) ?? ALL_GENRES;
  const filters = { ...parsed, genre };
  const result = await listMovies(filters);
  return { filters, genres, ...result };
}

export default function Movies() {
  const { filters, genres, movies, total, hasMore } = useLoaderData<typeof loader>();
  return (
    <section className="section page-top" aria-labelledby="movies-title">
      <h1 id="movies-title">Movies</h1>
      <MovieFilters filters={filters} genres={genres} action="/movies" />
      <p className="count" aria-live="polite">
        Showing {movies.length} of {total} movies
      </p>
      {movies.length === 0 ? (
        <div className="empty-state">
          <h2>No Movies Found</h2>
          <Link to="/movies" className="button">
            Reset Filters
          </Link>
        </div>
      ) : (
        <>
          {/* The cards' titles are h3s: this is the heading they come under. */}
          <h2 className="visually-hidden">Results</h2>
          <MovieGrid movies={movies} priority />
        </>
      )}
      {hasMore ? (
        <div className="center">
          <Link
            to={movieFiltersQuery({ ...filters, page: filters.page + 1 })}
            preventScrollReset
            replace
            className="button"
          >
            Load More Movies
          </Link>
        </div>
      ) : null}
    </section>
  );
}
