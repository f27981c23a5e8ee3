import { createHall, createShowsDirectly, freshDay } from "./admin-steps";
import { anotherCustomer, bookSeats, payWithGoodCard } from "./booking-steps";
import { movieById, movieCards, movies, offeredDates, open, trailers } from "./steps";
import { expect, test } from "./fixtures";

const ember = movieById("1029437"); // English, 15876 votes, 14 cast members
const DATES_PER_PAGE = 7;

test("shows the movie's details", { tag: "@display" }, async ({ page }) => {
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
  // The sample backdrop came in through saveFilm: a stored picture at its hashed address, in WebP too.
  await expect(backdrop).toHaveAttribute("src", /^\/images\/[0-9a-f]{64}\/1280x720\.jpg$/);
  await expect(backdrop).toHaveAttribute("width", "1280");
  await expect(backdrop).toHaveAttribute("fetchpriority", "high");
});

test(
  "names the language, ENGLISH when unknown, and shows small vote counts as they are",
  { tag: "@display" },
  async ({ page }) => {
    await page.goto("/movies/998731");
    await expect(page.getByText("FRENCH", { exact: true })).toBeVisible();
    await expect(page.getByText("7.3 User Rating (987 votes)")).toBeVisible();
    await page.goto("/movies/921458"); // no original language
    await expect(page.getByText("ENGLISH", { exact: true })).toBeVisible();
  },
);

test(
  "shows the first 12 cast members with their characters, none of them a Tab stop",
  { tag: "@display" },
  async ({ page }) => {
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
  },
);

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

test("Buy Tickets, on a movie card or the movie page, lands on the one picker of days and times", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/");
  const card = movieCards(page, "Now Showing").first();
  const title = (await card.getByRole("heading").textContent())!;
  await card.getByRole("link", { name: `Buy Tickets for ${title}` }).click();
  await expect(page).toHaveURL(/\/movies\/[\w-]+#times$/);
  await expect(page.getByRole("region", { name: "Show Times" })).toBeInViewport();

  await open(page, `/movies/${ember.id}`);
  await page.getByRole("link", { name: "Buy Tickets", exact: true }).click();
  await expect(page).toHaveURL(`/movies/${ember.id}#times`);
  const times = page.getByRole("region", { name: "Show Times" });
  await expect(times).toBeInViewport();
  // One picker: days, then times; no second form for the date.
  await expect(page.getByRole("heading", { name: "Choose Date" })).toHaveCount(0);
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(times.getByRole("navigation", { name: "Show days" }).getByRole("link").first()).toBeInViewport();
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
    const days = page.getByRole("navigation", { name: "Show days" }).getByRole("listitem").getByRole("link");
    const labels = await days.allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    labels.forEach((label) => expect(label).toMatch(/^(Today|Tomorrow|[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2})$/));
    await expect(days.first()).toHaveAttribute("aria-current", "date");
    // The second day's times, then its second time (or its only one).
    await days.nth(1).click();
    await expect(page).toHaveURL(/\?day=\d{4}-\d{2}-\d{2}#times$/);
    const day = new URL(page.url()).searchParams.get("day")!;
    await expect(days.nth(1)).toHaveAttribute("aria-current", "date");
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

test("the show days page 7 at a time, and a day in the address opens on its page", async ({ page }) => {
  await open(page, `/movies/${ember.id}`);
  const days = page.getByRole("navigation", { name: "Show days" }).getByRole("listitem").getByRole("link");
  await expect(days).toHaveCount(DATES_PER_PAGE);
  const firstPage = await offeredDates(page);
  await expect(page.getByRole("link", { name: "Earlier days" })).toHaveCount(0);
  await page.getByRole("link", { name: "Later days" }).click();
  await expect(page).toHaveURL(`/movies/${ember.id}?dates=2#times`);
  await expect.poll(async () => (await offeredDates(page))[0] > firstPage.at(-1)!).toBe(true);
  const secondPage = await offeredDates(page);
  // The second page holds what is left of the fortnight: staff tests of the same run move and cancel shows, and today
  // goes once its last show has started, so how many days remain is not fixed.
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.length).toBeLessThanOrEqual(DATES_PER_PAGE);
  // The page's first day is open.
  await expect(days.first()).toHaveAttribute("aria-current", "date");
  await page.getByRole("link", { name: "Earlier days" }).click();
  await expect(page).toHaveURL(`/movies/${ember.id}?dates=1#times`);
  await expect.poll(() => offeredDates(page)).toEqual(firstPage);

  await open(page, `/movies/${ember.id}?day=${secondPage[1]}#times`);
  await expect.poll(() => offeredDates(page)).toEqual(secondPage);
  await expect(days.nth(1)).toHaveAttribute("aria-current", "date");
});

test(
  "odd days and pages in the address fall back to the first day, never an error",
  { tag: "@display" },
  async ({ page }) => {
    await open(page, `/movies/${ember.id}`);
    const [first] = await offeredDates(page);
    for (const query of ["dates=-1", "dates=abc", "dates=1000000000", "day=2020-01-01", "day=%00", "day=2026-02-30"]) {
      const response = await page.goto(`/movies/${ember.id}?${query}`);
      expect(response?.status(), query).toBe(200);
      const days = page.getByRole("navigation", { name: "Show days" }).locator('[aria-current="date"]');
      await expect(days, query).toHaveCount(1);
      if (query !== "dates=1000000000")
        await expect(days).toHaveAttribute("href", `/movies/${ember.id}?day=${first}#times`);
    }
  },
);

test("You May Also Like shows 4 other movies", { tag: "@display" }, async ({ page }) => {
  await page.goto(`/movies/${ember.id}`);
  const cards = movieCards(page, "You May Also Like");
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole("heading", { name: ember.title })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Explore All Movies" })).toHaveAttribute("href", "/movies");
});

test("a time says Almost full or Sold out, for visitors too, and a sold-out time offers its waitlist instead of its seats", async ({
  customerPage: page,
  staffBeside: staff,
  browser,
  jsEnabled,
  baseURL,
}) => {
  test.slow();
  const movie = movies[jsEnabled ? 9 : 10];
  const day = freshDay(jsEnabled ? 96 : 97);
  const ten = await createHall(staff, { layout: "A 1 2 3 4 5 6 7 8 9 10" });
  const two = await createHall(staff, { layout: "A 1 2" });
  await createShowsDirectly(staff, movie.id, ten.id, "9.50", [`${day}T15:00`, `${day}T18:00`]);
  await createShowsDirectly(staff, movie.id, two.id, "9.50", [`${day}T21:00`]);
  const picker = `/movies/${movie.id}?day=${day}#times`;
  const visitor = await (await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled })).newPage();
  await visitor.goto(picker);
  const visitorTimes = visitor.getByRole("region", { name: "Show Times" });
  await expect(visitorTimes.getByRole("link", { name: /^[369]:00 PM/ })).toHaveCount(3);
  await expect(visitorTimes.getByText(/Almost full|Sold out/)).toHaveCount(0);

  // 9 of the 6:00 PM show's 10 seats and both of the 9:00 PM show's are held.
  const owner = await anotherCustomer(browser, jsEnabled, baseURL!);
  const seatPage = `/movies/${movie.id}/${day}`;
  // Paid, since the test server's holds last a minute.
  for (const [who, seats, time] of [
    [owner.page, ["A1", "A2", "A3", "A4", "A5"], 1],
    [owner.page, ["A1", "A2"], 2],
    [page, ["A6", "A7", "A8", "A9"], 1],
  ] as const) {
    await bookSeats(who, jsEnabled, seatPage, [...seats], time);
    await payWithGoodCard(who);
  }
  await owner.close();

  // The page a visitor is served says so at once: it is kept a second at most.
  await visitor.reload();
  await expect(visitorTimes.getByRole("link", { name: /^3:00 PM/ })).not.toContainText(/Almost full|Sold out/);
  await expect(visitorTimes.getByRole("link", { name: /^6:00 PM.*Almost full$/ })).toBeVisible();
  await expect(visitorTimes.getByRole("link", { name: /^9:00 PM/ })).toHaveCount(0);
  const soldOut = visitorTimes.getByRole("listitem").filter({ hasText: "9:00 PM" });
  await expect(soldOut.getByText("Sold out")).toBeVisible();
  await expect(soldOut.getByRole("link", { name: "Sign in to join the waitlist" })).toHaveAttribute(
    "href",
    `/login?${new URLSearchParams({ redirectTo: picker })}`,
  );
  await visitor.context().close();

  // A customer joins the sold-out show's waitlist from the movie page, and finds their place on its seat page.
  await page.goto(picker);
  const times = page.getByRole("region", { name: "Show Times" });
  const waitlisted = times.getByRole("listitem").filter({ hasText: "9:00 PM" });
  await waitlisted.getByText("Join the waitlist", { exact: true }).click();
  await waitlisted.getByLabel("Seats wanted").selectOption("1");
  await waitlisted.getByRole("button", { name: "Join the waitlist for 9:00 PM" }).click();
  await expect(page).toHaveURL(new RegExp(`${seatPage}\\?time=[\\w-]+#waitlist$`));
  await expect(
    page.getByRole("status").filter({ hasText: "You are number 1 on the waitlist for 1 seat." }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "This show is sold out" })
      .getByText("You are number 1 on the waitlist, for 1 seat."),
  ).toBeVisible();
});
