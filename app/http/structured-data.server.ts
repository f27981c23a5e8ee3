import type { Movie } from "~/domain/movie";
import { describeFormat, type ShowFormat } from "~/domain/show-format";
import { formatAmount } from "~/utils/money";
import { zonedIsoTime } from "~/utils/wall-clock";

// schema.org JSON-LD of the movie page and What's On (decision 68): each film a `Movie`, each of its times a
// `ScreeningEvent` presenting it at the cinema, whose offer is the seat page with that time chosen.

/** What the structured data says of the cinema, and how it writes addresses, prices and times. */
export type StructuredDataSite = {
  /** The site's public address, no trailing slash ("https://tickets.example"). */
  url: string;
  name: string;
  /** The cinema's street address (CINEMA_ADDRESS). */
  address: string;
  currency: string;
  timeZone: string;
};

export type StructuredMovie = Pick<Movie, "id" | "title" | "posterUrl" | "runtime" | "certificate"> &
  Partial<Pick<Movie, "overview" | "releaseDate" | "genres">>;

/**
 * A time on sale: its start, its standard (adult) ticket's price (null for a show that sells no type yet), whether any
 * seat is left, and its seat page.
 */
export type StructuredScreening = ShowFormat & {
  startsAt: string;
  priceCents: number | null;
  soldOut: boolean;
  hallName: string;
  seatPagePath: string;
};

const SCHEMA = "https://schema.org";

/** "PT2H10M" for 130 minutes: schema.org's durations are ISO 8601. */
export function isoDuration(minutes: number) {
  const hours = Math.floor(minutes / 60);
  return `PT${hours ? `${hours}H` : ""}${minutes % 60 || !hours ? `${minutes % 60}M` : ""}`;
}

const absolute = (site: StructuredDataSite, path: string) => new URL(path, `${site.url}/`).href;
const movieNodeId = (site: StructuredDataSite, movieId: string) => `${absolute(site, `/movies/${movieId}`)}#movie`;
const cinemaNodeId = (site: StructuredDataSite) => `${site.url}/#cinema`;

function movieNode(site: StructuredDataSite, movie: StructuredMovie) {
  return {
    "@type": "Movie",
    "@id": movieNodeId(site, movie.id),
    name: movie.title,
    url: absolute(site, `/movies/${movie.id}`),
    image: absolute(site, movie.posterUrl),
    duration: isoDuration(movie.runtime),
    ...(movie.certificate ? { contentRating: movie.certificate } : {}),
    ...(movie.overview ? { description: movie.overview } : {}),
    ...(movie.releaseDate ? { datePublished: movie.releaseDate } : {}),
    ...(movie.genres?.length ? { genre: movie.genres.map((genre) => genre.name) } : {}),
  };
}

function screeningNode(site: StructuredDataSite, movie: StructuredMovie, screening: StructuredScreening) {
  const seatPage = absolute(site, screening.seatPagePath);
  return {
    "@type": "ScreeningEvent",
    "@id": `${seatPage.replace(/#.*$/, "")}#screening`,
    name: `${movie.title} (${describeFormat(screening)})`,
    startDate: zonedIsoTime(new Date(screening.startsAt), site.timeZone),
    videoFormat: screening.projection,
    workPresented: { "@id": movieNodeId(site, movie.id) },
    location: { "@id": cinemaNodeId(site) },
    offers: {
      "@type": "Offer",
      url: seatPage,
      ...(screening.priceCents === null
        ? {}
        : { price: formatAmount(screening.priceCents, site.currency), priceCurrency: site.currency }),
      availability: `${SCHEMA}/${screening.soldOut ? "SoldOut" : "InStock"}`,
    },
  };
}

/** One JSON-LD document of the films and their times, with the cinema they are shown at. */
export function screeningsGraph(
  site: StructuredDataSite,
  films: readonly { movie: StructuredMovie; screenings: readonly StructuredScreening[] }[],
) {
  return {
    "@context": SCHEMA,
    "@graph": [
      {
        "@type": "MovieTheater",
        "@id": cinemaNodeId(site),
        name: site.name,
        url: `${site.url}/`,
        address: site.address,
      },
      ...films.flatMap(({ movie, screenings }) => [
        movieNode(site, movie),
        ...screenings.map((screening) => screeningNode(site, movie, screening)),
      ]),
    ],
  };
}
