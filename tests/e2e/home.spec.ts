import type { Page } from "@playwright/test";
import { cardTitles, latestFirst, movieCards, open, trailers } from "./steps";
import { expect, test } from "./fixtures";

const featured = latestFirst[0];

test.beforeEach(async ({ page }) => {
  await open(page, "/");
});

test("the hero features the latest movie with its genres, year and runtime", { tag: "@display" }, async ({ page }) => {
  const hero = page.getByRole("region", { name: featured.title });
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText(featured.title);
  await expect(hero).toContainText(featured.genres.map((g) => g.name).join(" | "));
  await expect(hero).toContainText(featured.release_date.slice(0, 4));
  await expect(hero).toContainText(`${Math.floor(featured.runtime / 60)}h ${featured.runtime % 60}m`);
  await expect(hero.getByRole("link", { name: "Explore Movies" })).toHaveAttribute("href", "/movies");
});

test("the hero's backdrop is an image the browser fetches first", { tag: "@display" }, async ({ page }) => {
  const backdrop = page.getByRole("region", { name: featured.title }).locator("img");
  await expect(backdrop).toHaveAttribute("src", /^\/images\/[0-9a-f]{64}\/1280x720\.jpg$/);
  await expect(backdrop).toHaveAttribute("srcset", /^\/images\/.+ 640w, .+ 1280w, .+ 1920w$/);
  await expect(backdrop).toHaveAttribute("alt", ""); // decorative: the heading says what it shows
  await expect(backdrop).toHaveAttribute("fetchpriority", "high");
  await expect(backdrop).not.toHaveAttribute("loading", "lazy");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^See what is showing/);
});

test("Now Showing lists the 8 latest movies and links to all movies", { tag: "@display" }, async ({ page }) => {
  const cards = movieCards(page, "Now Showing");
  await expect(cards).toHaveCount(8);
  await expect(cardTitles(cards)).toHaveText(latestFirst.slice(0, 8).map((m) => m.title));
  await expect(page.getByRole("link", { name: "View All Movies" })).toHaveAttribute("href", "/movies");
  await expect(page.getByRole("link", { name: "Show More Movies" })).toHaveAttribute("href", "/movies");
});

test(
  "a movie card shows year, two genres, runtime, rating and certificate, and links to the movie",
  { tag: "@display" },
  async ({ page }) => {
    const card = movieCards(page, "Now Showing").first();
    await expect(card.getByRole("heading")).toHaveText("The Night Orchard");
    await expect(card.getByRole("link", { name: "The Night Orchard", exact: true })).toHaveAttribute(
      "href",
      "/movies/1010581",
    );
    await expect(card.getByText("2026 • Mystery | Drama • 2h 8m")).toBeVisible();
    const rating = card.getByRole("paragraph").filter({ hasText: "Rated 7.5 out of 10" });
    await expect(rating).toMatchAriaSnapshot("- paragraph: Rated 7.5 out of 10"); // what a screen reader reads
    await expect(rating.getByText("★ 7.5")).toBeVisible(); // what the eye sees
    await expect(card.getByText("Certificate 15")).toBeVisible();
    await expect(card.getByRole("link", { name: "Buy Tickets for The Night Orchard" })).toHaveAttribute(
      "href",
      "/movies/1010581#times",
    );
    for (const meta of await movieCards(page, "Now Showing").getByText(/ • /).allTextContents()) {
      expect(meta).toMatch(/^\d{4} • [^|•]+( \| [^|•]+)? • \d+h \d{1,2}m$/);
    }
  },
);

test.describe("Latest Trailers", () => {
  const [first, second] = trailers;
  const trailerLink = (page: Page, title: string) =>
    page.getByRole("region", { name: "Latest Trailers" }).getByRole("link", { name: new RegExp(`^${title}`) });

  test("lists every trailer with a count, the first one playing", { tag: "@display" }, async ({ page }) => {
    const region = page.getByRole("region", { name: "Latest Trailers" });
    await expect(region.getByRole("heading", { name: `More Trailers (${trailers.length})` })).toBeVisible();
    await expect(region.getByRole("listitem")).toHaveCount(trailers.length);
    await expect(trailerLink(page, first.title)).toHaveAttribute("aria-current", "true");
    await expect(region.getByText("Playing", { exact: true })).toHaveCount(1);
    await expect(trailerLink(page, first.title)).toContainText("Playing");
    await expect(page.getByLabel(first.title)).toHaveAttribute("src", first.video_url);
  });

  test("choosing a trailer plays it and marks it Playing", async ({ page, jsEnabled }) => {
    await trailerLink(page, second.title).click();
    if (jsEnabled)
      await expect(page).toHaveURL("/"); // switched in place
    else await expect(page).toHaveURL(`/?trailer=${second.id}#trailers`);
    await expect(page.getByLabel(second.title)).toHaveAttribute("src", second.video_url);
    await expect(trailerLink(page, second.title)).toHaveAttribute("aria-current", "true");
    await expect(trailerLink(page, second.title)).toContainText("Playing");
    await expect(trailerLink(page, first.title)).not.toContainText("Playing");
    await expect(page.getByRole("heading", { name: second.title, level: 3 })).toBeVisible();
  });

  test("an unknown trailer in the URL falls back to the first", { tag: "@display" }, async ({ page }) => {
    const response = await page.goto(`/?trailer=${encodeURIComponent("<script>x</script>")}`);
    expect(response?.status()).toBe(200);
    await expect(trailerLink(page, first.title)).toHaveAttribute("aria-current", "true");
  });
});
