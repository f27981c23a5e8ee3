import { config } from "~/config.server";
import type { Movie } from "~/domain/movie";
import { SITE_NAME, type Sharing } from "~/utils/page-meta";
import type { StructuredDataSite } from "./structured-data.server";

// What a page says of itself to search engines and to the apps a link is shared in (decision 68): its one address,
// a picture, and its structured data. Every address is absolute, on the site's public address (SITE_URL).

/** A path of the site as an absolute address: "/movies/1" -> "https://tickets.example/movies/1". */
export function siteAddress(path: string) {
  return new URL(path, `${config.mail.siteUrl}/`).href;
}

export function structuredDataSite(): StructuredDataSite {
  return {
    url: config.mail.siteUrl,
    name: SITE_NAME,
    address: config.address,
    currency: config.currency,
    timeZone: config.timeZone,
  };
}

/**
 * The picture a shared link to a film shows: its backdrop, at the address its page shows it from. The one place that
 * says which of a film's pictures and where it is served.
 */
export function shareImage(movie: Pick<Movie, "title" | "backdropUrl">): NonNullable<Sharing["image"]> {
  return { url: siteAddress(movie.backdropUrl), width: 1280, height: 720, alt: movie.title };
}

/** A page's sharing and search data: its canonical address (no query), its picture and structured data if any. */
export function pageSharing(path: string, extra: Omit<Sharing, "canonicalUrl"> = {}): Sharing {
  return { canonicalUrl: siteAddress(path), ...extra };
}
