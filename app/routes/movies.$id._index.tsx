import { Link, useLoaderData } from "@remix-run/react";
import { Artwork } from "~/components/Artwork";
import { Backdrop } from "~/components/Backdrop";
import { CastList } from "~/components/CastList";
import { FavouriteButton } from "~/components/FavouriteButton";
import { MoreMoviesLink } from "~/components/MoreMoviesLink";
import { MovieGrid } from "~/components/MovieCard";
import { MovieShowTimes } from "~/components/MovieShowTimes";
import { CertificateBadge } from "~/components/CertificateBadge";
import { EmbeddedTrailer } from "~/components/EmbeddedTrailer";
import { Rating } from "~/components/Rating";
import { TrailerVideo } from "~/components/TrailerVideo";
import type { loadMoviePage } from "~/http/movie-page.server";
import cardStyles from "~/styles/cards.css";
import movieStyles from "~/styles/movie.css";
import showTimesStyles from "~/styles/show-times.css";
import { formatRuntime, languageBadge, releaseYear, shortenText } from "~/utils/format";
import { sharingMeta, withErrorMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export { loadMoviePage as loader } from "~/http/movie-page.server";

// Search results show about this many characters of a description.
const DESCRIPTION_LENGTH = 155;

export const { links, handle } = pageLinks([
  { rel: "stylesheet", href: cardStyles },
  { rel: "stylesheet", href: movieStyles },
  { rel: "stylesheet", href: showTimesStyles },
]);
export const meta = withErrorMeta<typeof loadMoviePage>(({ data }) =>
  data
    ? sharingMeta(
        `${data.movie.title} – Marquee Cinemas`,
        shortenText(data.movie.overview, DESCRIPTION_LENGTH, { wholeWords: true }),
        data.sharing,
      )
    : [],
);

export default function MovieDetail() {
  const { movie, times, signedIn, recommended, trailer, trailerOpen, favourite } =
    useLoaderData<typeof loadMoviePage>();
  // A trailer on YouTube or Vimeo is embedded only once Watch Trailer is pressed: the page contacts no host before.
  const embedded = trailerOpen && movie.videoTrailer?.kind !== "video" ? movie.videoTrailer : null;
  return (
    <>
      <section className="movie-detail page-top" aria-labelledby="movie-title">
        <Backdrop src={movie.backdropUrl} className="movie-backdrop" />
        <Artwork
          className="movie-poster"
          src={movie.posterUrl}
          kind="poster"
          sizes="300px"
          alt={`${movie.title} poster`}
          width={300}
          height={450}
        />
        <div className="movie-info">
          <p className="badge">{languageBadge(movie.originalLanguage)}</p>
          <h1 id="movie-title">{movie.title}</h1>
          {movie.tagline ? <p className="tagline">{movie.tagline}</p> : null}
          <Rating average={movie.voteAverage} voteCount={movie.voteCount} />
          {movie.certificate ? (
            <p className="movie-certificate">
              <CertificateBadge code={movie.certificate} description={movie.certificateDescription} />
            </p>
          ) : null}
          <p className="overview">{movie.overview}</p>
          <p className="movie-facts">
            {formatRuntime(movie.runtime)} • {movie.genres.map((g) => g.name).join(", ")} •{" "}
            {releaseYear(movie.releaseDate)}
          </p>
          <div className="actions">
            <Link to="?trailer#trailer" preventScrollReset className="button button-ghost">
              Watch Trailer
            </Link>
            <a href="#times" className="button">
              Buy Tickets
            </a>
            <FavouriteButton movieId={movie.id} favourite={favourite} />
          </div>
        </div>
      </section>

      {embedded || trailer ? (
        <section id="trailer" className="section trailer-panel" aria-labelledby="trailer-title">
          <h2 id="trailer-title">{embedded ? `${movie.title}: trailer` : trailer!.title}</h2>
          {embedded ? (
            <EmbeddedTrailer trailer={embedded} title={movie.title} />
          ) : (
            <TrailerVideo trailer={trailer!} autoPlay />
          )}
          <Link to="." preventScrollReset className="text-link">
            Close trailer
          </Link>
        </section>
      ) : null}

      <div className="section booking-start">
        <MovieShowTimes movieId={movie.id} {...times} signedIn={signedIn} />
      </div>

      {movie.cast.length > 0 ? (
        <section className="section" aria-labelledby="cast-title">
          <h2 id="cast-title">Your Favorite Cast</h2>
          <CastList cast={movie.cast} />
        </section>
      ) : null}

      <section className="section" aria-labelledby="also-like">
        <h2 id="also-like">You May Also Like</h2>
        <MovieGrid movies={recommended} />
        <MoreMoviesLink label="Explore All Movies" />
      </section>
    </>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
