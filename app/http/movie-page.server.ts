import type { LoaderFunctionArgs } from "@remix-run/node";
import { trailerVideoUrl } from "~/domain/film-draft";
import type { Movie, TrailerClip } from "~/domain/movie";
import { seatPagePath } from "~/domain/seat-page-paths";
import { seatAvailability, type ShowDay } from "~/domain/show";
import { groupByFormat } from "~/domain/show-format";
import { isFavourite } from "~/models/favourites.server";
import { chooseShowDay, countSeatsOnDay } from "~/models/shows.server";
import { getTrailerForMovie } from "~/models/trailers.server";
import { cinemaToday } from "~/utils/dates";
import { formatClockTime, showDayTab } from "~/utils/show-display";
import { catalogue } from "./catalogue.server";
import { cinemaSettings } from "./cinema.server";
import { applyPendingFavourite } from "./favourites.server";
import { requireMovie } from "./movies.server";
import { pageSharing, shareImage, structuredDataSite } from "./sharing.server";
import { screeningsGraph } from "./structured-data.server";
import { getViewer } from "./viewer.server";

// The movie page's loader (app/routes/movies.$id._index.tsx), in one module for the reason the seat page's is
// (decision 23).

/**
 * A movie page's show times, in words: a page of the show days ("Today", "Wed, Nov 25"), the day asked for (else the
 * page's first) and its times in the cinema's zone ("6:45 PM") by format, so the page's browser loads no time-zone
 * code, each with how full it is; and the same times as the page's structured data describes them.
 */
async function movieShowTimes(movieId: string, days: ShowDay[], url: URL) {
  const { timeZone } = cinemaSettings();
  const today = cinemaToday(timeZone);
  const strip = chooseShowDay(days, {
    day: url.searchParams.get("day"),
    page: Number(url.searchParams.get("dates") ?? 1),
  });
  const [shows, seatCounts] = strip.day
    ? await Promise.all([catalogue.showsOnDay(movieId, strip.day), countSeatsOnDay(movieId, strip.day)])
    : [[], new Map()];
  // A show the count did not find started or was cancelled a moment ago: no longer on sale.
  const onSale = shows.flatMap((show) => {
    const seatCount = seatCounts.get(show.id);
    return seatCount ? [{ ...show, availability: seatAvailability(seatCount) }] : [];
  });
  const times = {
    ...strip,
    days: strip.days.map((other) => showDayTab(other.day, today)),
    formats: groupByFormat(onSale).map(({ format, shows }) => ({
      format,
      shows: shows.map(({ id, hallName, startsAt, availability }) => ({
        id,
        hallName,
        time: formatClockTime(startsAt, timeZone),
        availability,
      })),
    })),
  };
  const screenings = onSale.map((show) => ({
    ...show,
    soldOut: show.availability === "sold-out",
    seatPagePath: seatPagePath(movieId, strip.day!, show.id),
  }));
  return { times, screenings };
}

/** The film's own trailer as the page plays it: the video staff uploaded, else its sample clip; null for a link. */
async function trailerClipOf(movie: Movie): Promise<TrailerClip | null> {
  const own = movie.videoTrailer;
  if (own?.kind === "video")
    return {
      title: `${movie.title}: trailer`,
      videoUrl: trailerVideoUrl(own),
      imageUrl: movie.backdropUrl,
      captionsUrl: null,
    };
  return own ? null : getTrailerForMovie(movie.id);
}

export async function loadMoviePage({ request, params }: LoaderFunctionArgs) {
  const movie = await requireMovie(params.id);
  const viewer = await getViewer(request);
  if (viewer) await applyPendingFavourite(request, viewer.uid, movie.id);
  const url = new URL(request.url);
  // Watch Trailer was pressed: a film's YouTube or Vimeo trailer is framed then, the video staff uploaded plays, or
  // else the film's sample clip is read.
  const trailerOpen = url.searchParams.has("trailer");
  const [days, recommended, trailer, favourite] = await Promise.all([
    catalogue.showDays(movie.id),
    catalogue.recommended(movie.id),
    trailerOpen ? trailerClipOf(movie) : null,
    viewer ? isFavourite(viewer.uid, movie.id) : false,
  ]);
  const { times, screenings } = await movieShowTimes(movie.id, days, url);
  const sharing = pageSharing(`/movies/${movie.id}`, {
    image: shareImage(movie),
    structuredData: screeningsGraph(structuredDataSite(), [{ movie, screenings }]),
  });
  return { movie, times, signedIn: Boolean(viewer), recommended, trailer, trailerOpen, favourite, sharing };
}
