// The crawl of every page a visitor, a customer or a staff member can reach by links, which the accessibility and the
// narrow-screen specs run with a check of their own on each page.
import type { Page, Response } from "@playwright/test";
import { open } from "./steps";

export const MAX_PAGES = 40;
// Pages a crawl from the home page may not reach: linked only from elsewhere, or not at all.
export const ENTRY_PAGES = [
  "/",
  "/movies",
  "/login",
  "/register",
  "/forgot-password",
  // The pages the links in mails open.
  "/reset-password?oobCode=expired",
  "/login/email-link?oobCode=expired&email=someone%40example.com",
  "/verify-email?oobCode=expired",
  "/legal",
  "/no-such-page",
];

const ID_OR_DATE = [
  /^\d+$/,
  /^\d{4}-\d{2}-\d{2}$/,
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^(?=.*\d)[\w-]{16,}$/, // an opaque token such as a nanoid
];

/** "/movies/1029437/2026-05-01" -> "/movies/:id/:id": pages of one route are built alike, so one of each is checked. */
function routeShape(path: string) {
  return path
    .split("/")
    .map((segment) => (ID_OR_DATE.some((pattern) => pattern.test(segment)) ? ":id" : segment))
    .join("/");
}

function isPageLink(url: URL, origin: string) {
  return url.origin === origin && url.pathname !== "/logout" && !/\.\w+$/.test(url.pathname);
}

export type CrawlOptions = {
  baseURL: string;
  entryPages: string[];
  /** Which linked pages the crawl follows (every one by default). */
  follows?: (pathname: string) => boolean;
  /** Run before each page is opened. */
  beforeLoad?: () => Promise<void>;
  /** The check of each page, where it landed ("/movies/1029437?trailer"), and its answer; it may leave the page. */
  check: (landed: string, response: Response) => Promise<void>;
};

/**
 * Checks the entry pages and every same-origin page linked from them that the crawl follows, breadth first, one page
 * per route shape and at most MAX_PAGES: pages added later are checked without a change here. Returns the shapes
 * checked.
 */
export async function crawlSite(
  page: Page,
  { baseURL, entryPages, follows = () => true, beforeLoad, check }: CrawlOptions,
) {
  const origin = new URL(baseURL).origin;
  const queue = entryPages.map((path) => new URL(path, origin));
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < MAX_PAGES) {
    const url = queue.shift()!;
    if (seen.has(routeShape(url.pathname))) continue;
    seen.add(routeShape(url.pathname));
    await beforeLoad?.();
    const response = await open(page, url.href);
    // A page that sends the viewer elsewhere (a signed-in user asking for /login) is checked where it lands.
    const landed = new URL(page.url());
    if (landed.pathname !== url.pathname && seen.has(routeShape(landed.pathname))) continue;
    seen.add(routeShape(landed.pathname));
    if (!response?.headers()["content-type"]?.startsWith("text/html")) continue;
    // Links first: the check may leave the page.
    const links = await page
      .locator("a[href]")
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    await check(`${landed.pathname}${landed.search}`, response);
    for (const href of links) {
      const link = new URL(href);
      link.hash = "";
      if (isPageLink(link, origin) && follows(link.pathname) && !seen.has(routeShape(link.pathname))) queue.push(link);
    }
  }
  return [...seen];
}
