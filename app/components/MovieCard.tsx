import { Link } from "@remix-run/react";
import type { MovieSummary } from "~/models/movies.server";
import { formatRating, formatRuntime, genreLine, releaseYear } from "~/utils/format";

export function MovieCard({ movie }: { movie: MovieSummary }) {
  const href = `/movies/${movie.id}`;
  return (
    <article className="movie-card">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="movie-card-image">
        <img src={movie.backdropUrl} alt="" width={1280} height={720} loading="lazy" decoding="async" />
      </Link>
      <h3 className="movie-card-title">
        <Link to={href}>{movie.title}</Link>
      </h3>
      <p className="movie-card-meta">
        {releaseYear(movie.releaseDate)} • {genreLine(movie.genres)} • {formatRuntime(movie.runtime)}
      </p>
      <div className="movie-card-footer">
        <Link to={`${href}#dates`} className="button button-small" aria-label={`Buy Tickets for ${movie.title}`}>
          Buy Tickets
        </Link>
        <span className="rating" aria-label={`Rated ${formatRating(movie.voteAverage)} out of 10`}>
          <span aria-hidden="true">★</span> {formatRating(movie.voteAverage)}
        </span>
      </div>
    </article>
  );
}

export function MovieGrid({ movies }: { movies: MovieSummary[] }) {
  return (
    <ul className="movie-grid">
      {movies.map((movie) => (
        <li key={movie.id}>
          <MovieCard movie={movie} />
        </li>
      ))}
    </ul>
  );
}
