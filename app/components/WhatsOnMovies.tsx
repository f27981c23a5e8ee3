import { Link } from "@remix-run/react";
import { CertificateBadge } from "~/components/CertificateBadge";
import { seatPagePath } from "~/domain/seat-page-paths";
import { formatRuntime } from "~/utils/format";
import { Artwork } from "./Artwork";

type Props = {
  day: string;
  movies: {
    id: string;
    title: string;
    posterUrl: string;
    runtime: number;
    certificate: string | null;
    /** Each time in the cinema's zone ("6:45 PM") with its format in words ("3D · Subtitled"). */
    shows: { id: string; time: string; hallName: string; format: string }[];
  }[];
};

/** A day's movies, each with its times, every time a link to its seat page with that time chosen. */
export function WhatsOnMovies({ day, movies }: Props) {
  return (
    <ul className="whats-on-movies">
      {movies.map((movie) => (
        <li key={movie.id}>
          <article className="whats-on-movie" aria-labelledby={`whats-on-${movie.id}`}>
            <Artwork src={movie.posterUrl} kind="poster" sizes="80px" width={80} height={120} loading="lazy" />
            <div>
              <h2 id={`whats-on-${movie.id}`}>
                <Link to={`/movies/${movie.id}`}>{movie.title}</Link>
              </h2>
              <p className="whats-on-runtime">
                <CertificateBadge code={movie.certificate} /> {formatRuntime(movie.runtime)}
              </p>
              <ul className="time-links" aria-label={`Times of ${movie.title}`}>
                {movie.shows.map((show) => (
                  <li key={show.id}>
                    <Link to={seatPagePath(movie.id, day, show.id)} className="time-link">
                      <strong>{show.time}</strong>
                      <small>
                        {show.hallName} · {show.format}
                      </small>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
