import type { Page } from "@playwright/test";
import {
  cardTitles,
  chooseFilter,
  filtersInUrl,
  latestFirst,
  movieById,
  movieCards,
  open,
  searchMovies,
} from "./steps";
import { expect, test } from "./fixtures";

const ember = movieById("1029437"); // Action, Science Fiction, Thriller
const orchard = movieById("1010581"); // Mystery, Drama, Thriller
const midnight = movieById("1002456"); // Fantasy, Adventure, Family
const brigade = movieById("968123"); // War, History, Drama
const UNCLEAR = "We could not tell whether to add or remove this favourite. Please try again.";

const addButton = (page: Page) => page.getByRole("button", { name: "Add to favourites", pressed: false });
const removeButton = (page: Page) => page.getByRole("button", { name: "Remove from favourites", pressed: true });
const cards = (page: Page) => movieCards(page, "YOUR FAVOURITES");
const count = (page: Page) => page.getByText(/^Showing \d+ of \d+ movies$/);
const titles = (list: { title: string }[]) => list.map((m) => m.title);

/** Favourites made through the same form the button posts, for tests about the favourites page. */
async function favourite(page: Page, ...ids: string[]) {
  for (const id of ids) {
    const response = await page.request.post(`/movies/${id}/favourite`, { form: { intent: "add" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
}

/** Every full page load from now on; with JavaScript, pressing Favorite must cause none. */
function recordPageLoads(page: Page) {
  const loads: string[] = [];
  page.on("request", (request) => request.resourceType() === "document" && loads.push(request.url()));
  return loads;
}

test.describe("Favorite on the movie page", () => {
  test("adds and removes the movie, saying so", async ({ customerPage: page, jsEnabled }) => {
    await open(page, `/movies/${ember.id}`);
    const loads = recordPageLoads(page);
    await addButton(page).click();
    await expect(removeButton(page)).toBeVisible();
    await expect(page.getByText("Added to your favourites")).toBeVisible();
    await expect(page).toHaveURL(`/movies/${ember.id}`);
    await removeButton(page).click();
    await expect(addButton(page)).toBeVisible();
    await expect(page.getByText("Removed from your favourites")).toBeVisible();
    if (jsEnabled) expect(loads).toEqual([]);
    else expect(loads.length).toBeGreaterThan(0); // the recorder does see page loads
    await page.reload();
    await expect(addButton(page)).toBeVisible();
  });

  test("is kept, and shows on the favourites page", async ({ customerPage: page }) => {
    await open(page, `/movies/${ember.id}`);
    await addButton(page).click();
    // The button turns at once with JavaScript; the toast is the sign that the server has stored it.
    await expect(page.getByText("Added to your favourites")).toBeVisible();
    await page.reload();
    await expect(removeButton(page)).toBeVisible();
    await page.getByRole("link", { name: "Favourites", exact: true }).click();
    await expect(page).toHaveURL("/favourites");
    await expect(cardTitles(cards(page))).toHaveText([ember.title]);
  });

  test("the same post twice does not fail or undo itself", { tag: "@display" }, async ({ customerPage: page }) => {
    await favourite(page, ember.id, ember.id);
    await open(page, `/movies/${ember.id}`);
    await expect(removeButton(page)).toBeVisible();
    for (let i = 0; i < 2; i++) {
      const response = await page.request.post(`/movies/${ember.id}/favourite`, { form: { intent: "remove" } });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await expect(addButton(page)).toBeVisible();
  });

  test("a tampered intent gets a clear message and stores nothing", async ({ customerPage: page }) => {
    await open(page, `/movies/${ember.id}`);
    await addButton(page).evaluate((button) => ((button as HTMLButtonElement).value = "toggle"));
    await addButton(page).click();
    await expect(page.getByRole("alert")).toHaveText(new RegExp(UNCLEAR));
    await expect(page).toHaveURL(`/movies/${ember.id}`);
    await page.reload();
    await expect(addButton(page)).toBeVisible();
  });

  test(
    "odd posts get a message or a 404, never a 500, and only change the poster's own favourites",
    { tag: "@display" },
    async ({ customerPage: page }) => {
      const post = (path: string, data: string) =>
        page.request.post(path, {
          data,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          maxRedirects: 0,
        });
      expect((await post("/movies/no-such-movie/favourite", "intent=add")).status()).toBe(404);
      expect((await post("/movies/%00/favourite", "intent=add")).status()).toBe(404);
      for (const body of ["", "intent=toggle", "intent=add&intent=remove", "intent=%00", "intent[0]=add"]) {
        const response = await post(`/movies/${ember.id}/favourite`, body);
        expect(response.status(), body).toBe(302);
        expect(response.headers().location, body).toBe(`/movies/${ember.id}`);
      }
      await page.goto(`/movies/${ember.id}/favourite`); // the form's address, opened: only the movie
      await expect(page).toHaveURL(`/movies/${ember.id}`);
      await expect(addButton(page)).toBeVisible();
      await open(page, `/favourites`);
      await expect(page.getByRole("heading", { name: "You have no favourites yet" })).toBeVisible();
      // Keys the form does not have are dropped: the favourite is the signed-in customer's.
      await post(`/movies/${ember.id}/favourite`, "intent=add&user_uid=someone-else&movie_id=1010581");
      await page.reload();
      await expect(cardTitles(cards(page))).toHaveText([ember.title]);
    },
  );
});

test.describe("a visitor's Favorite", () => {
  test("asks them to sign in, then brings them back with the movie favourited", async ({ page, customer }) => {
    await open(page, `/movies/${ember.id}`);
    await addButton(page).click();
    await expect(page).toHaveURL(`/login?redirectTo=%2Fmovies%2F${ember.id}`);
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`/movies/${ember.id}`);
    await expect(removeButton(page)).toBeVisible();
    await expect(page.getByText("Added to your favourites")).toBeVisible();
    // Applied once: taking it back again sticks. The button turns at once with JavaScript; the page is opened again
    // only after the server has answered the post, which leaving the page sooner would cancel.
    const removed = page.waitForResponse((response) => response.request().method() === "POST");
    await removeButton(page).click();
    await expect(addButton(page)).toBeVisible();
    await removed;
    await open(page, `/movies/${ember.id}`);
    await expect(addButton(page)).toBeVisible();
  });

  test("signing in from a link favourites nothing", async ({ page, customer }) => {
    await page.goto(`/login?redirectTo=%2Fmovies%2F${ember.id}`);
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`/movies/${ember.id}`);
    await expect(addButton(page)).toBeVisible();
  });

  test("opening /favourites is asked to sign in first", { tag: "@display" }, async ({ page }) => {
    await page.goto("/favourites");
    await expect(page).toHaveURL("/login?redirectTo=%2Ffavourites");
  });
});

test.describe("the favourites page", () => {
  const mine = [ember, orchard, midnight, brigade];
  const mineLatestFirst = latestFirst.filter((m) => mine.includes(m));

  test("without favourites, says how to add one", async ({ customerPage: page }) => {
    await open(page, "/favourites");
    await expect(page.getByRole("heading", { name: "YOUR FAVOURITES", level: 1 })).toBeVisible();
    await expect(page.getByText("Open a movie and press Add to favourites to keep it here.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Movies Found" })).toHaveCount(0);
    await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Browse Movies" }).click();
    await expect(page).toHaveURL("/movies");
  });

  test("lists exactly the customer's favourites, latest first", { tag: "@display" }, async ({ customerPage: page }) => {
    await favourite(page, ...mine.map((m) => m.id));
    await open(page, "/favourites");
    await expect(count(page)).toHaveText("Showing 4 of 4 movies");
    await expect(cardTitles(cards(page))).toHaveText(titles(mineLatestFirst));
  });

  test("searches, with a removable chip", async ({ customerPage: page, jsEnabled }) => {
    await favourite(page, ...mine.map((m) => m.id));
    await open(page, "/favourites");
    await searchMovies(page, "NIGHT", jsEnabled);
    await expect.poll(() => filtersInUrl(page)).toEqual({ path: "/favourites", search: "NIGHT" });
    await expect(count(page)).toHaveText("Showing 2 of 4 movies");
    await expect(cardTitles(cards(page))).toHaveText([orchard.title, midnight.title]);
    await page.getByRole("link", { name: "Remove Search: NIGHT" }).click();
    await expect(page).toHaveURL("/favourites");
    await expect(cardTitles(cards(page))).toHaveText(titles(mineLatestFirst));
  });

  test("filters by genre and sorts", async ({ customerPage: page, jsEnabled }) => {
    await favourite(page, ...mine.map((m) => m.id));
    await open(page, "/favourites");
    await chooseFilter(page, "Genre", "Drama", jsEnabled);
    await expect.poll(() => filtersInUrl(page)).toEqual({ path: "/favourites", genre: "Drama" });
    await expect(count(page)).toHaveText("Showing 2 of 4 movies");
    await chooseFilter(page, "Sort by", "Top Rated", jsEnabled);
    await expect.poll(() => filtersInUrl(page)).toEqual({ path: "/favourites", genre: "Drama", sort: "rating" });
    await expect(cardTitles(cards(page))).toHaveText([brigade.title, orchard.title]);
    await page.getByRole("link", { name: "Remove Genre: Drama" }).click();
    await expect(page).toHaveURL("/favourites?sort=rating");
    await chooseFilter(page, "Sort by", "Title (A-Z)", jsEnabled);
    await expect(cardTitles(cards(page))).toHaveText(titles(mine).sort((a, b) => a.localeCompare(b)));
  });

  test("no match says No Movies Found, and Reset Filter clears everything", async ({
    customerPage: page,
    jsEnabled,
  }) => {
    await favourite(page, ...mine.map((m) => m.id));
    await open(page, "/favourites?genre=Drama&sort=title");
    await searchMovies(page, "Mars", jsEnabled); // in the catalogue, not among the favourites
    await expect(page.getByRole("heading", { name: "No Movies Found" })).toBeVisible();
    await expect(count(page)).toHaveText("Showing 0 of 4 movies");
    await page.getByRole("link", { name: "Reset Filter" }).click();
    await expect(page).toHaveURL("/favourites");
    await expect(cardTitles(cards(page))).toHaveText(titles(mineLatestFirst));
    await expect(page.getByLabel("Sort by", { exact: true })).toHaveValue("latest");
  });

  test("shows 12 at first and Load More the rest", async ({ customerPage: page }) => {
    const fourteen = latestFirst.slice(2, 16);
    await favourite(page, ...fourteen.map((m) => m.id));
    await open(page, "/favourites");
    await expect(count(page)).toHaveText("Showing 12 of 14 movies");
    await expect(cardTitles(cards(page))).toHaveText(titles(fourteen.slice(0, 12)));
    await page.getByRole("link", { name: "Load More Movies" }).click();
    await expect(page).toHaveURL("/favourites?page=2#movies-page-2");
    await expect(cardTitles(cards(page))).toHaveText(titles(fourteen));
    await expect(cards(page).nth(12)).toBeInViewport();
    await expect(page.getByRole("link", { name: "Load More Movies" })).toHaveCount(0);
  });
});
