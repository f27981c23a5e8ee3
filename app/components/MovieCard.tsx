import { Link } from "@remix-run/react";
import type { MovieSummary } from "~/domain/movie";
import { formatRuntime, genreLine, releaseYear } from "~/utils/format";
import { Artwork } from "./Artwork";
import { CertificateBadge } from "./CertificateBadge";
import { Rating } from "./Rating";

// The cards a page that opens with a grid shows before any scrolling: four columns on a wide screen, two
// rows of two on a phone.
const FIRST_ROW_CARDS = 4;

/** `priority`: the card is in view when the page opens, so its image loads at once, ahead of the rest. */
export function MovieCard({ movie, priority = false }: { movie: MovieSummary; priority?: boolean }) {
  const href = `/movies/${movie.id}`;
  return (
    <article className="movie-card">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="movie-card-image">
        <Artwork
          src={movie.backdropUrl}
          kind="backdrop"
          sizes="(min-width: 1100px) 25vw, (min-width: 640px) 50vw, 100vw"
          width={1280}
          height={720}
          loading={priority ? "eager" : "lazy"}
          fetchpriority={priority ? "high" : undefined}
          decoding="async"
        />
      </Link>
      <h3 className="movie-card-title">
        <Link to={href}>{movie.title}</Link>
      </h3>
      <p className="movie-card-meta">
        {releaseYear(movie.releaseDate)} • {genreLine(movie.genres)} • {formatRuntime(movie.runtime)}
      </p>
      <div className="movie-card-footer">
        <Link to={`${href}#times`} className="button button-small" aria-label={`Buy Tickets for ${movie.title}`}>
          Buy Tickets
        </Link>
        <div className="movie-card-ratings">
          <CertificateBadge code={movie.certificate} />
          <Rating average={movie.voteAverage} />
        </div>
      </div>
    </article>
  );
}

/** The id of the first card of a page of a paged grid: where Load More lands. */
export const pageStartId = (page: number) => `movies-page-${page}`;

/**
 * `priority`: the grid is the first thing on the page, so its first row of images loads at once. `pageSize`: the grid
 * grows a page at a time, and the first card of each later page has the id `pageStartId` gives.
 */
export function MovieGrid({
  movies,
  priority = false,
  pageSize,
}: {
  movies: MovieSummary[];
  priority?: boolean;
  pageSize?: number;
}) {
  const pageStart = (index: number) =>
    pageSize && index > 0 && index % pageSize === 0 ? pageStartId(index / pageSize + 1) : undefined;
  return (
    <ul className="movie-grid">
      {movies.map((movie, index) => (
        <li key={movie.id} id={pageStart(index)}>
          <MovieCard movie={movie} priority={priority && index < FIRST_ROW_CARDS} />
        </li>
      ))}
    </ul>
  );
}
