import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { CSSProperties } from "react";
import { CastList } from "~/components/CastList";
import { DateStrip } from "~/components/DateStrip";
import { MovieGrid } from "~/components/MovieCard";
import { getMovie, listRecommended } from "~/models/movies.server";
import { chooseShowDay, listShowDays, pageOfShowDays } from "~/models/shows.server";
import { getTrailerForMovie } from "~/models/trailers.server";
import { readForm } from "~/services/forms.server";
import { requireSameOrigin } from "~/services/security.server";
import { redirectWithError } from "~/services/toast.server";
import { formatRating, formatRuntime, formatVoteCount, languageBadge, releaseYear } from "~/utils/format";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.movie.title} – Marquee Cinemas` : "Movie not found – Marquee Cinemas" },
];

async function findMovie(id: string | undefined) {
  const movie = id ? await getMovie(id) : null;
  if (!movie) throw new Response("Movie not found", { status: 404 });
  return movie;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const movie = await findMovie(params.id);
  const url = new URL(request.url);
  const [days, recommended, trailer] = await Promise.all([
    listShowDays(movie.id),
    listRecommended(movie),
    url.searchParams.has("trailer") ? getTrailerForMovie(movie.id) : null,
  ]);
  return { movie, dates: pageOfShowDays(days, Number(url.searchParams.get("dates") ?? 1)), recommended, trailer };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const movie = await findMovie(params.id);
  // A body that is not a form (a script, a tampered request) is treated as one without a date.
  const form = await readForm(request);
  const formData = form.ok ? form.formData : new FormData();
  const datesPage = Math.max(1, Number.parseInt(String(formData.get("dates")), 10) || 1);
  const choice = await chooseShowDay(movie.id, formData);
  if (!choice.ok) return redirectWithError(`/movies/${movie.id}?dates=${datesPage}#dates`, choice.message);
  return redirect(`/movies/${movie.id}/${choice.day}`);
}

export default function MovieDetail() {
  const { movie, dates, recommended, trailer } = useLoaderData<typeof loader>();
  return (
    <>
      <section
        className="movie-detail page-top"
        aria-labelledby="movie-title"
        style={{ "--backdrop": `url(${movie.backdrop_path})` } as CSSProperties}
      >
        <img className="movie-poster" src={movie.poster_path} alt={`${movie.title} poster`} width={300} height={450} />
        <div className="movie-info">
          <p className="badge">{languageBadge(movie.original_language)}</p>
          <h1 id="movie-title">{movie.title}</h1>
          {movie.tagline ? <p className="tagline">{movie.tagline}</p> : null}
          <p className="rating">
            <span aria-hidden="true">★</span> {formatRating(movie.vote_average)} User Rating (
            {formatVoteCount(movie.vote_count)} votes)
          </p>
          <p className="overview">{movie.overview}</p>
          <p className="movie-facts">
            {formatRuntime(movie.runtime)} • {movie.genres.map((g) => g.name).join(", ")} •{" "}
            {releaseYear(movie.release_date)}
          </p>
          <div className="actions">
            <Link to="?trailer#trailer" preventScrollReset className="button button-ghost">
              Watch Trailer
            </Link>
            <a href="#dates" className="button">
              Buy Tickets
            </a>
          </div>
        </div>
      </section>

      {trailer ? (
        <section id="trailer" className="section trailer-panel" aria-labelledby="trailer-title">
          <h2 id="trailer-title">{trailer.title}</h2>
          <video
            src={trailer.video_url}
            poster={trailer.image}
            controls
            autoPlay
            playsInline
            aria-label={trailer.title}
          />
          <Link to="." preventScrollReset className="text-link">
            Close trailer
          </Link>
        </section>
      ) : null}

      {movie.casts.length > 0 ? (
        <section className="section" aria-labelledby="cast-title">
          <h2 id="cast-title">Your Favorite Cast</h2>
          <CastList cast={movie.casts} />
        </section>
      ) : null}

      <div className="section">
        <DateStrip {...dates} />
      </div>

      <section className="section" aria-labelledby="also-like">
        <h2 id="also-like">You May Also Like</h2>
        <MovieGrid movies={recommended} />
        <div className="center">
          <Link to="/movies" className="button">
            Explore All Movies
          </Link>
        </div>
      </section>
    </>
  );
}
