import type { Page } from "@playwright/test";
import {
  cardTitles,
  chooseFilter,
  filtersInUrl,
  latestFirst,
  movieCards,
  movies,
  open,
  searchBox,
  searchFrom,
} from "./steps";
import { expect, test } from "./fixtures";

// /movies is for signed-in customers, so every test here uses customerPage.
const cards = (page: Page) => movieCards(page, "Movies");
const count = (page: Page) => page.getByText(/^Showing \d+ of \d+ movies$/);
const titlesWith = (text: string) =>
  latestFirst.filter((m) => m.title.toLowerCase().includes(text)).map((m) => m.title);

test("lists 12 movies, latest first, and Load More shows the rest, landing on the first new card", async ({
  customerPage: page,
  jsEnabled,
}) => {
  await open(page, "/movies");
  await expect(page.getByRole("heading", { name: "Movies", level: 1 })).toBeVisible();
  await expect(count(page)).toHaveText(`Showing 12 of ${movies.length} movies`);
  await expect(cardTitles(cards(page))).toHaveText(latestFirst.slice(0, 12).map((m) => m.title));
  await page.getByRole("link", { name: "Load More Movies" }).click();
  await expect(page).toHaveURL("/movies?page=2#movies-page-2");
  await expect(count(page)).toHaveText(`Showing ${movies.length} of ${movies.length} movies`);
  await expect(cardTitles(cards(page))).toHaveText(latestFirst.map((m) => m.title));
  const firstNew = cards(page).nth(12);
  await expect(firstNew).toBeInViewport();
  // With JavaScript the focus follows, so Tab carries on from the new cards.
  if (jsEnabled) await expect(firstNew.getByRole("link", { name: latestFirst[12].title, exact: true })).toBeFocused();
  await expect(page.getByRole("link", { name: "Load More Movies" })).toHaveCount(0);
});

test(
  "the first row of cards loads its images at once, the others as they come into view",
  { tag: "@display" },
  async ({ customerPage: page }) => {
    await open(page, "/movies");
    const images = cards(page).locator("img");
    await expect(images).toHaveCount(12);
    for (const index of [0, 1, 2, 3]) {
      await expect(images.nth(index)).toHaveAttribute("loading", "eager");
      await expect(images.nth(index)).toHaveAttribute("fetchpriority", "high");
    }
    for (const index of [4, 11]) {
      await expect(images.nth(index)).toHaveAttribute("loading", "lazy");
      await expect(images.nth(index)).not.toHaveAttribute("fetchpriority", "high");
    }
  },
);

test("search matches titles case-insensitively and shows a removable chip", async ({
  customerPage: page,
  jsEnabled,
}) => {
  await searchFrom(page, "/movies", "NIGHT", jsEnabled);
  await expect.poll(() => filtersInUrl(page)).toEqual({ path: "/movies", search: "NIGHT" });
  await expect(count(page)).toHaveText(`Showing ${titlesWith("night").length} of ${movies.length} movies`);
  await expect(cardTitles(cards(page))).toHaveText(titlesWith("night"));
  await page.getByRole("link", { name: "Remove Search: NIGHT" }).click();
  await expect(page).toHaveURL("/movies");
  await expect(cards(page)).toHaveCount(12);
  await expect(searchBox(page)).toHaveValue("");
});

test("the genre filter matches any of a movie's genres", async ({ customerPage: page, jsEnabled }) => {
  await open(page, "/movies");
  await chooseFilter(page, "Genre", "Drama", jsEnabled);
  await expect.poll(() => filtersInUrl(page)).toEqual({ path: "/movies", genre: "Drama" });
  const dramas = latestFirst.filter((m) => m.genres.some((g) => g.name === "Drama")).map((m) => m.title);
  await expect(count(page)).toHaveText(`Showing ${Math.min(12, dramas.length)} of ${movies.length} movies`);
  await expect(cardTitles(cards(page))).toHaveText(dramas.slice(0, 12));
  await page.getByRole("link", { name: "Remove Genre: Drama" }).click();
  await expect(page).toHaveURL("/movies");
  await expect(page.getByLabel("Genre", { exact: true })).toHaveValue("all");
});

test("sorts by rating and by title", async ({ customerPage: page, jsEnabled }) => {
  await open(page, "/movies");
  await chooseFilter(page, "Sort by", "Top Rated", jsEnabled);
  await expect.poll(() => filtersInUrl(page)).toEqual({ path: "/movies", sort: "rating" });
  const byRating = [...movies].sort((a, b) => b.vote_average - a.vote_average).map((m) => m.title);
  await expect(cardTitles(cards(page))).toHaveText(byRating.slice(0, 12));
  await chooseFilter(page, "Sort by", "Title (A-Z)", jsEnabled);
  await expect.poll(() => filtersInUrl(page)).toEqual({ path: "/movies", sort: "title" });
  const byTitle = movies.map((m) => m.title).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  await expect(cardTitles(cards(page))).toHaveText(byTitle.slice(0, 12));
});

test("all filters live in the URL and combine", { tag: "@display" }, async ({ customerPage: page }) => {
  await page.goto("/movies?search=night&genre=Fantasy&sort=title");
  await expect(searchBox(page)).toHaveValue("night");
  await expect(page.getByLabel("Genre", { exact: true })).toHaveValue("Fantasy");
  await expect(page.getByLabel("Sort by", { exact: true })).toHaveValue("title");
  await expect(cardTitles(cards(page))).toHaveText(["Midnight Cartography"]);
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link")).toHaveText([
    /Search: night/,
    /Genre: Fantasy/,
  ]);
});

test("no match says No Movies Found, and Reset Filters clears everything", async ({
  customerPage: page,
  jsEnabled,
}) => {
  await searchFrom(page, "/movies?sort=rating&genre=Drama", "zzzz", jsEnabled);
  await expect(page.getByRole("heading", { name: "No Movies Found" })).toBeVisible();
  await expect(count(page)).toHaveText(`Showing 0 of ${movies.length} movies`);
  await page.getByRole("link", { name: "Reset Filters" }).click();
  await expect(page).toHaveURL("/movies");
  await expect(cards(page)).toHaveCount(12);
  await expect(searchBox(page)).toHaveValue("");
  await expect(page.getByLabel("Genre", { exact: true })).toHaveValue("all");
  await expect(page.getByLabel("Sort by", { exact: true })).toHaveValue("latest");
});

test("with JavaScript the list filters while typing", async ({ customerPage: page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript the form is applied with its button");
  await open(page, "/movies");
  await searchBox(page).pressSequentially("the ", { delay: 50 });
  await expect(page).toHaveURL("/movies?search=the"); // filtered after a pause, without pressing Apply
  await searchBox(page).pressSequentially("night", { delay: 50 });
  await expect(searchBox(page)).toHaveValue("the night");
  await expect(page).toHaveURL("/movies?search=the+night");
  await expect(cardTitles(cards(page))).toHaveText(["The Night Orchard"]);
  await page.getByLabel("Genre", { exact: true }).selectOption({ label: "Comedy" });
  await expect(page.getByRole("heading", { name: "No Movies Found" })).toBeVisible();
});

test.describe("odd query strings fall back to defaults", () => {
  for (const [query, expectation] of [
    ["sort=zzz", "latest first"],
    [`genre=${encodeURIComponent("<script>alert(1)</script>")}`, "all genres"],
    ["page=-1", "the first page"],
    ["page=abc", "the first page"],
    ["page=1000000000", "every movie"],
  ] as const) {
    test(`${query} shows ${expectation}`, { tag: "@display" }, async ({ customerPage: page }) => {
      const response = await page.goto(`/movies?${query}`);
      expect(response?.status()).toBe(200);
      const shown = expectation === "every movie" ? latestFirst : latestFirst.slice(0, 12);
      await expect(cardTitles(cards(page))).toHaveText(shown.map((m) => m.title));
      await expect(page.getByLabel("Genre", { exact: true })).toHaveValue("all");
      await expect(page.getByLabel("Sort by", { exact: true })).toHaveValue("latest");
      await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
    });
  }

  test("a very long search is cut to 100 characters", { tag: "@display" }, async ({ customerPage: page }) => {
    const response = await page.goto(`/movies?search=${"a".repeat(5000)}`);
    expect(response?.status()).toBe(200);
    await expect(searchBox(page)).toHaveValue("a".repeat(100));
    await expect(page.getByRole("heading", { name: "No Movies Found" })).toBeVisible();
  });

  test("a search with control characters still answers", { tag: "@display" }, async ({ customerPage: page }) => {
    const response = await page.goto("/movies?search=night%00");
    expect(response?.status()).toBe(200);
    await expect(searchBox(page)).toHaveValue("night");
  });

  test("markup in the search is shown as text", { tag: "@display" }, async ({ customerPage: page }) => {
    const response = await page.goto(`/movies?search=${encodeURIComponent("<b>x</b>")}`);
    expect(response?.status()).toBe(200);
    await expect(searchBox(page)).toHaveValue("<b>x</b>");
    await expect(page.getByRole("link", { name: "Remove Search: <b>x</b>" })).toBeVisible();
    await expect(page.locator("main b")).toHaveCount(0);
  });
});
