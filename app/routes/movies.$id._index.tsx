import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Backdrop } from "~/components/Backdrop";
import { CastList } from "~/components/CastList";
import { DateStrip } from "~/components/DateStrip";
import { FavouriteButton } from "~/components/FavouriteButton";
import { MoreMoviesLink } from "~/components/MoreMoviesLink";
import { MovieGrid } from "~/components/MovieCard";
import { MovieShowTimes } from "~/components/MovieShowTimes";
import { Rating } from "~/components/Rating";
import { TrailerVideo } from "~/components/TrailerVideo";
import { NO_SHOWS_ON_DAY, SELECT_DATE_MESSAGE } from "~/domain/booking-steps";
import { catalogue } from "~/http/catalogue.server";
import { applyPendingFavourite } from "~/http/favourites.server";
import { readSubmission } from "~/http/forms.server";
import { requireMovie } from "~/http/movies.server";
import { movieShowTimes } from "~/http/show-times.server";
import { redirectWithError } from "~/http/toast.server";
import { getViewer } from "~/http/viewer.server";
import { isFavourite } from "~/models/favourites.server";
import { DATES_PER_PAGE, hasShowsOnDay, pageOfShowDays } from "~/models/shows.server";
import { getTrailerForMovie } from "~/models/trailers.server";
import { showDateSchema } from "~/schemas/show-date";
import cardStyles from "~/styles/cards.css";
import movieStyles from "~/styles/movie.css";
import { formatRuntime, languageBadge, releaseYear, shortenText } from "~/utils/format";

// Search results show about this many characters of a description.
const DESCRIPTION_LENGTH = 155;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: cardStyles },
  { rel: "stylesheet", href: movieStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.movie.title} – Marquee Cinemas` },
        { name: "description", content: shortenText(data.movie.overview, DESCRIPTION_LENGTH, { wholeWords: true }) },
      ]
    : [{ title: "Movie not found – Marquee Cinemas" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const movie = await requireMovie(params.id);
  const viewer = await getViewer(request);
  if (viewer) await applyPendingFavourite(request, viewer.uid, movie.id);
  const url = new URL(request.url);
  const [days, recommended, trailer, favourite] = await Promise.all([
    catalogue.showDays(movie.id),
    catalogue.recommended(movie.id),
    url.searchParams.has("trailer") ? getTrailerForMovie(movie.id) : null,
    viewer ? isFavourite(viewer.uid, movie.id) : false,
  ]);
  const dates = pageOfShowDays(days, Number(url.searchParams.get("dates") ?? 1));
  const times = await movieShowTimes(movie.id, days.slice(0, DATES_PER_PAGE), url.searchParams.get("day"));
  return { movie, dates, times, recommended, trailer, favourite };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const movie = await requireMovie(params.id);
  const form = await readSubmission(request, showDateSchema);
  const backToDates = `/movies/${movie.id}?dates=${form.ok ? form.value.dates : 1}#dates`;
  if (!form.ok) return redirectWithError(backToDates, form.message);
  const { date } = form.value;
  if (!date) return redirectWithError(backToDates, SELECT_DATE_MESSAGE);
  if (!(await hasShowsOnDay(movie.id, date))) return redirectWithError(backToDates, NO_SHOWS_ON_DAY);
  return redirect(`/movies/${movie.id}/${date}`);
}

export default function MovieDetail() {
  const { movie, dates, times, recommended, trailer, favourite } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="movie-detail page-top" aria-labelledby="movie-title">
        <Backdrop src={movie.backdropUrl} className="movie-backdrop" />
        <img className="movie-poster" src={movie.posterUrl} alt={`${movie.title} poster`} width={300} height={450} />
        <div className="movie-info">
          <p className="badge">{languageBadge(movie.originalLanguage)}</p>
          <h1 id="movie-title">{movie.title}</h1>
          {movie.tagline ? <p className="tagline">{movie.tagline}</p> : null}
          <Rating average={movie.voteAverage} voteCount={movie.voteCount} />
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

      {trailer ? (
        <section id="trailer" className="section trailer-panel" aria-labelledby="trailer-title">
          <h2 id="trailer-title">{trailer.title}</h2>
          <TrailerVideo trailer={trailer} autoPlay />
          <Link to="." preventScrollReset className="text-link">
            Close trailer
          </Link>
        </section>
      ) : null}

      <div className="section booking-start">
        <MovieShowTimes movieId={movie.id} {...times} />
        <DateStrip {...dates} />
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
