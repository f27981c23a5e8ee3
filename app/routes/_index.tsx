import { Link, useLoaderData } from "@remix-run/react";
import { Backdrop } from "~/components/Backdrop";
import { MoreMoviesLink } from "~/components/MoreMoviesLink";
import { MovieGrid } from "~/components/MovieCard";
import { TrailerPlayer } from "~/components/TrailerPlayer";
import type { loadHomePage } from "~/http/home-page.server";
import cardStyles from "~/styles/cards.css";
import homeStyles from "~/styles/home.css";
import { formatRuntime, releaseYear } from "~/utils/format";
import { withErrorMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export { loadHomePage as loader } from "~/http/home-page.server";

export const { links, handle } = pageLinks([
  { rel: "stylesheet", href: cardStyles },
  { rel: "stylesheet", href: homeStyles },
]);
export const meta = withErrorMeta(() => [
  { title: "Marquee Cinemas – now showing" },
  {
    name: "description",
    content: "See what is showing at Marquee Cinemas, watch the latest trailers and book your seats online.",
  },
]);

export default function Home() {
  const { featured, movies, trailers, selectedTrailerId } = useLoaderData<typeof loadHomePage>();
  return (
    <>
      {featured ? (
        <section className="hero" aria-labelledby="hero-title">
          <Backdrop src={featured.backdropUrl} className="hero-backdrop" />
          <div className="hero-content">
            <p className="hero-genres">{featured.genres.map((g) => g.name).join(" | ")}</p>
            <h1 id="hero-title">{featured.title}</h1>
            <p className="hero-meta">
              <span>{releaseYear(featured.releaseDate)}</span>
              <span>{formatRuntime(featured.runtime)}</span>
            </p>
            <Link to="/movies" className="button button-large">
              Explore Movies
            </Link>
          </div>
        </section>
      ) : null}

      <section className="section" aria-labelledby="now-showing">
        <div className="section-heading">
          <h2 id="now-showing">Now Showing</h2>
          <Link to="/movies" className="text-link">
            View All Movies
          </Link>
        </div>
        <MovieGrid movies={movies} />
        <MoreMoviesLink label="Show More Movies" />
      </section>

      {trailers.length > 0 ? (
        <section className="section" id="trailers" aria-labelledby="latest-trailers">
          <h2 id="latest-trailers">Latest Trailers</h2>
          <TrailerPlayer key={selectedTrailerId} trailers={trailers} selectedId={selectedTrailerId} />
        </section>
      ) : null}
    </>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
