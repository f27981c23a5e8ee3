import { movieById, movieCards, offeredDates, open, trailers } from "./steps";
import { expect, test } from "./fixtures";

const ember = movieById("1029437"); // English, 15876 votes, 14 cast members
const DATES_PER_PAGE = 7;

test("shows the movie's details", async ({ page }) => {
  await page.goto(`/movies/${ember.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ember Protocol");
  await expect(page.getByRole("img", { name: "Ember Protocol poster" })).toBeVisible();
  await expect(page.getByText("ENGLISH", { exact: true })).toBeVisible();
  await expect(page.getByText("The fire was only the beginning.")).toBeVisible();
  await expect(page.getByText("7.8 User Rating (15.9k votes)")).toBeVisible();
  await expect(page.getByText(/^A disgraced orbital engineer/)).toBeVisible();
  await expect(page.getByText("2h 22m • Action, Science Fiction, Thriller • 2025")).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "A disgraced orbital engineer is pulled back into service when a solar array above Earth begins redirecting " +
      "sunlight onto major cities. With seventy-two...",
  );
  const backdrop = page.getByRole("region", { name: "Ember Protocol" }).locator("img[alt='']");
  await expect(backdrop).toHaveAttribute("src", `/artwork/backdrops/${ember.id}.svg`);
  await expect(backdrop).toHaveAttribute("fetchpriority", "high");
});

test("names the language, ENGLISH when unknown, and shows small vote counts as they are", async ({ page }) => {
  await page.goto("/movies/998731");
  await expect(page.getByText("FRENCH", { exact: true })).toBeVisible();
  await expect(page.getByText("7.3 User Rating (987 votes)")).toBeVisible();
  await page.goto("/movies/921458"); // no original language
  await expect(page.getByText("ENGLISH", { exact: true })).toBeVisible();
});

test("shows the first 12 cast members with their characters, none of them a Tab stop", async ({ page }) => {
  await page.goto(`/movies/${ember.id}`);
  const cast = page.getByRole("region", { name: "Your Favorite Cast" });
  await expect(cast.getByRole("listitem")).toHaveCount(12);
  await expect(cast.getByText(ember.casts[12].name)).toHaveCount(0);
  const [first, second] = ember.casts;
  const firstMember = cast.getByRole("listitem").filter({ hasText: first.name });
  await expect(firstMember.getByText("as Commander Asha...")).toBeVisible();
  await expect(
    cast.getByRole("listitem").filter({ hasText: second.name }).getByText("as Major Cole Deve..."),
  ).toBeVisible();
  expect(await cast.locator("a, button, input, [tabindex]").count()).toBe(0);
});

test("Watch Trailer plays the movie's trailer", async ({ page }) => {
  const trailer = trailers.find((t) => t.movie_id === ember.id)!;
  await page.setViewportSize({ width: 390, height: 844 }); // on a phone the player is far below the button
  await open(page, `/movies/${ember.id}`);
  await page.getByRole("link", { name: "Watch Trailer" }).click();
  await expect(page).toHaveURL(new RegExp(`/movies/${ember.id}\\?trailer`));
  await expect(page.getByRole("heading", { name: trailer.title })).toBeVisible();
  const player = page.getByRole("region", { name: trailer.title });
  await expect(player.locator("video")).toHaveAttribute("src", trailer.video_url);
  await expect(player).toBeInViewport();
  await page.getByRole("link", { name: "Close trailer" }).click();
  await expect(player).toHaveCount(0);
});

test("Buy Tickets lands on the show times, before the cast", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/movies/${ember.id}`);
  await page.getByRole("link", { name: "Buy Tickets", exact: true }).click();
  await expect(page).toHaveURL(`/movies/${ember.id}#times`);
  const times = page.getByRole("region", { name: "Show Times" });
  await expect(times).toBeInViewport();
  await expect(
    times
      .getByRole("list", { name: /^Times on / })
      .getByRole("link")
      .first(),
  ).toBeInViewport();
  // Landed at the times (once a smooth scroll has settled), which come before the cast.
  await expect.poll(async () => (await times.boundingBox())!.y).toBeLessThan(100);
  const timesTop = (await times.boundingBox())!.y;
  expect(timesTop).toBeGreaterThanOrEqual(0);
  expect((await page.getByRole("region", { name: "Your Favorite Cast" }).boundingBox())!.y).toBeGreaterThan(timesTop);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a show time on the movie page opens its seat page with that time chosen (${viewport.width}px)`, async ({
    page,
    jsEnabled,
  }) => {
    await page.setViewportSize(viewport);
    await open(page, `/movies/${ember.id}#times`);
    const days = page.getByRole("navigation", { name: "Show days" }).getByRole("link");
    const labels = await days.allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    labels.forEach((label) => expect(label).toMatch(/^(Today|Tomorrow|[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2})$/));
    await expect(days.first()).toHaveAttribute("aria-current", "true");
    // The second day's times, then its second time (or its only one).
    await days.nth(1).click();
    await expect(page).toHaveURL(/\?day=\d{4}-\d{2}-\d{2}#times$/);
    const day = new URL(page.url()).searchParams.get("day")!;
    await expect(days.nth(1)).toHaveAttribute("aria-current", "true");
    // Read again: a test that runs over midnight sees the second day's name turn from a date into "Tomorrow".
    const label = await days.nth(1).textContent();
    const timeLinks = page.getByRole("list", { name: `Times on ${label}` }).getByRole("link");
    await expect(timeLinks.first()).toBeInViewport();
    const time = timeLinks.nth(Math.min(1, (await timeLinks.count()) - 1));
    const [clock] = (await time.textContent())!.match(/\d{1,2}:\d{2} [AP]M/)!;
    await time.click();
    await expect(page).toHaveURL(new RegExp(`/movies/${ember.id}/${day}\\?time=[\\w-]+#seats$`));
    const chosen = page.getByRole("group", { name: "Available Timings" }).getByRole("radio", { checked: true });
    await expect(chosen).toHaveAccessibleName(new RegExp(`^${clock} `));
    await expect(page.getByRole("group", { name: "Select Your Seat" })).toBeInViewport();
    if (jsEnabled) await expect(page.getByRole("checkbox", { name: /^Row A, seat 1, / })).toBeEnabled();
  });
}

test("the date strip pages through the upcoming show days 7 at a time", async ({ page }) => {
  await open(page, `/movies/${ember.id}`);
  await expect(page.getByRole("radio")).toHaveCount(DATES_PER_PAGE);
  const firstPage = await offeredDates(page);
  expect(firstPage[0] >= new Date().toISOString().slice(0, 10)).toBe(true);
  await expect(page.getByRole("link", { name: "Previous dates" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next dates" }).click();
  await expect(page).toHaveURL(`/movies/${ember.id}?dates=2#dates`);
  await expect(page.getByRole("radio").first()).not.toHaveValue(firstPage[0]);
  const secondPage = await offeredDates(page);
  expect(secondPage.length).toBeGreaterThanOrEqual(DATES_PER_PAGE - 1); // 13 or 14 days in all
  expect(secondPage[0] > firstPage.at(-1)!).toBe(true);
  await page.getByRole("link", { name: "Previous dates" }).click();
  await expect(page).toHaveURL(`/movies/${ember.id}?dates=1#dates`);
  await expect.poll(() => offeredDates(page)).toEqual(firstPage);
});

test("Continue without a date asks for one", async ({ page, jsEnabled }) => {
  await open(page, `/movies/${ember.id}`);
  const posts: string[] = [];
  page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Please select a date first!/);
  if (jsEnabled) expect(posts).toEqual([]); // checked in the browser, no round trip
  await expect(page).toHaveURL(new RegExp(`/movies/${ember.id}`));
});

test("Continue with a date goes to that day's seats", async ({ page }) => {
  await open(page, `/movies/${ember.id}?dates=2`);
  const [day] = await offeredDates(page);
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`/movies/${ember.id}/${day}`);
});

test("a tampered date gets a clear message, not an error", async ({ page }) => {
  for (const [value, message] of [
    ["2020-01-01", "There are no shows on that date. Please pick another date."],
    ["not-a-date", "Please select a date first!"],
  ]) {
    await open(page, `/movies/${ember.id}`);
    await page.getByRole("radio").first().check();
    // After checking: React puts a radio's value back when it handles the click.
    await page
      .getByRole("radio")
      .first()
      .evaluate((radio, v) => ((radio as HTMLInputElement).value = v), value);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert")).toHaveText(new RegExp(message));
    await expect(page).toHaveURL(new RegExp(`/movies/${ember.id}\\?dates=1`));
  }
  const odd = await page.request.post(`/movies/${ember.id}`, {
    data: "date=%%%",
    headers: { "content-type": "text/plain" },
  });
  expect(odd.status()).toBeLessThan(500);
});

test("You May Also Like shows 4 other movies", async ({ page }) => {
  await page.goto(`/movies/${ember.id}`);
  const cards = movieCards(page, "You May Also Like");
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole("heading", { name: ember.title })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Explore All Movies" })).toHaveAttribute("href", "/movies");
});

test("odd date pages fall back to the nearest page", async ({ page }) => {
  for (const dates of ["-1", "abc", "1000000000"]) {
    const response = await page.goto(`/movies/${ember.id}?dates=${dates}`);
    expect(response?.status(), dates).toBe(200);
    await expect(page.getByRole("radio").first()).toBeAttached();
  }
});
