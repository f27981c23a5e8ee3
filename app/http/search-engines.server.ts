import { onCatalogue } from "~/models/catalogue.server";
import { listNowShowing } from "~/models/movies.server";
import { escapeHtml } from "~/utils/html";
import { siteAddress } from "./sharing.server";

// What search engines are told (decision 68): where not to crawl (robots.txt), which answers not to index (an
// X-Robots-Tag header, server/request-path.ts), and the public pages to find (sitemap.xml).

/** Where crawlers are asked not to go: the staff area, customers' bookings, guests' booking links, the test gateway. */
export const CRAWLERS_KEEP_OUT = ["/admin", "/my-bookings", "/booking-link", "/test-gateway"] as const;

// Pages for one person alone, or of no use in a search result: those above, favourites, the account pages, and a
// seat choice on its way to a guest booking or a waitlist.
const PRIVATE_PAGES =
  /^\/(admin|my-bookings|booking-link|test-gateway|favourites|login|register|logout|forgot-password|reset-password|verify-email|sign-in-link)(\/|\.|$)|^\/movies\/[^/]+\/[^/]+\/(guest|waitlist)(\/|$)/;

/** Whether an answer for this path is sent with `X-Robots-Tag: noindex`. */
export function isPrivatePath(pathname: string) {
  return PRIVATE_PAGES.test(pathname);
}

/** robots.txt: every crawler kept out of the private areas, and told where the sitemap is. */
export function robotsTxt(siteUrl: string) {
  return [
    "User-agent: *",
    ...CRAWLERS_KEEP_OUT.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** A sitemap (sitemaps.org 0.9) of absolute addresses. */
export function sitemapXml(addresses: readonly string[]) {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...addresses.map((address) => `  <url><loc>${escapeHtml(address)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}

// sitemaps.org: a sitemap file lists at most 50,000 addresses.
const SITEMAP_LIMIT = 50_000;
/** The public pages besides the films': home, What's On and the terms. */
export const PUBLIC_PAGES = ["/", "/whats-on", "/legal"] as const;

/**
 * The sitemap's addresses: the public pages, then every film of the catalogue as the home page's list reads it (so a
 * film added joins it and one taken out leaves it), kept until the catalogue changes.
 */
export const sitemapAddresses = onCatalogue(async () => {
  const films = await listNowShowing(SITEMAP_LIMIT - PUBLIC_PAGES.length);
  return [...PUBLIC_PAGES, ...films.map((film) => `/movies/${encodeURIComponent(film.id)}`)].map(siteAddress);
});
