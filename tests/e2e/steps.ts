// The steps several specs share, and the sample catalogue the test server loads.
import { expect, test, type Locator, type Page, type Response } from "@playwright/test";
export { latestFirst, movieById, sampleMovies as movies, sampleTrailers as trailers } from "../sample-catalogue";

/**
 * Opens a page (its load event: the document, its scripts, styles and first images) and, with JavaScript, waits until
 * it is hydrated, so clicks are handled by the app. Not "networkidle": that adds half a second of silence to every page.
 */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  // The scripts may all have arrived while a busy machine is still hydrating; a page sent without scripts (the
  // reports) is whole as it loads.
  if (test.info().project.use.javaScriptEnabled !== false)
    await page.locator("html[data-hydrated], html:not(:has(script))").waitFor({ state: "attached" });
  return response;
}

/**
 * An error page in the site's layout: its navigation, what went wrong in words (in its title too), and the id of the
 * request that failed, the one its answer's `X-Request-Id` names.
 */
export async function expectErrorPage(page: Page, answer: Response | null, title: string, message: string) {
  const requestId = answer?.headers()["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-z]{8}$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page).toHaveTitle(`${title} – Marquee Cinemas`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByText(`Request id: ${requestId}`, { exact: true })).toBeVisible();
}

/** The movie cards in a region of the page, e.g. "Now Showing". */
export function movieCards(page: Page, region: string) {
  return page.getByRole("region", { name: region, exact: true }).getByRole("article");
}

/** The titles on movie cards, to assert with toHaveText (which waits for the page to settle). */
export function cardTitles(cards: Locator) {
  return cards.getByRole("heading");
}

const DEFAULT_FILTERS: Record<string, string> = { search: "", genre: "all", sort: "latest", page: "1" };

/** The movie filters in the page's URL without the defaults, which a form sends without JavaScript. */
export function filtersInUrl(page: Page) {
  const url = new URL(page.url());
  return {
    path: url.pathname,
    ...Object.fromEntries([...url.searchParams].filter(([name, value]) => DEFAULT_FILTERS[name] !== value)),
  };
}

/** The search box of the movie filters (the navbar's is "Search movies"). */
export function searchBox(page: Page) {
  return page.getByRole("searchbox", { name: "Search", exact: true });
}

/** Fills the movie search; without JavaScript the form is applied as a plain GET. */
export async function searchMovies(page: Page, text: string, jsEnabled: boolean) {
  await searchBox(page).fill(text);
  if (!jsEnabled) await page.getByRole("button", { name: "Apply Filters" }).click();
}

/** Opens a list of movies and searches it. */
export async function searchFrom(page: Page, path: string, text: string, jsEnabled: boolean) {
  await open(page, path);
  await searchMovies(page, text, jsEnabled);
}

/** Chooses an option of one of the movie filter dropdowns (Genre, Sort by). */
export async function chooseFilter(page: Page, label: string, option: string, jsEnabled: boolean) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!jsEnabled) await page.getByRole("button", { name: "Apply Filters" }).click();
}

/** The show days offered on the movie page's strip of days, as YYYY-MM-DD. */
export async function offeredDates(page: Page) {
  const days = page.getByRole("navigation", { name: "Show days" }).locator('a[href*="day="]');
  return days.evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get("day")!),
  );
}
