// The sample catalogue the test server seeds, and the steps several specs share.
import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";

type SampleMovie = {
  id: string;
  title: string;
  release_date: string;
  vote_average: number;
  runtime: number;
  genres: { name: string }[];
  casts: { name: string; character: string }[];
};
type SampleTrailer = { id: string; movie_id: string; title: string; video_url: string };

export const movies: SampleMovie[] = JSON.parse(fs.readFileSync("data/movies.json", "utf8"));
export const trailers: SampleTrailer[] = JSON.parse(fs.readFileSync("data/trailers.json", "utf8"));
export const latestFirst = [...movies].sort((a, b) => b.release_date.localeCompare(a.release_date));
export const movieById = (id: string) => movies.find((m) => m.id === id)!;

/** Opens a page and, with JavaScript, waits until it is hydrated, so clicks are handled by the app. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState("networkidle");
  return response;
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

/** Chooses an option of one of the movie filter dropdowns (Genre, Sort by). */
export async function chooseFilter(page: Page, label: string, option: string, jsEnabled: boolean) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!jsEnabled) await page.getByRole("button", { name: "Apply Filters" }).click();
}

/** The show dates offered in the date strip, as YYYY-MM-DD. */
export async function offeredDates(page: Page) {
  return page.getByRole("radio").evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
}
