// Issue 61's visitor path: the sign-in page says why when the movie list sent a visitor there and offers what needs no
// account; the certificate before seats are chosen; the movie page's times by format; a week of days in one row.
import type { Page } from "@playwright/test";
import { ADULT_TYPE, createHall, dayFromToday, dayLabel, freshDay } from "./admin-steps";
import { expect, test } from "./fixtures";
import type { SampleMovie } from "../sample-catalogue";
import { latestFirst, open } from "./steps";

/** What each certificate of the sample catalogue means, as the seat page says beside its badge. */
const MEANINGS: Record<string, RegExp> = {
  U: /^Suitable for all/,
  PG: /^Parental guidance/,
  "12A": /^Suitable for 12 years and over/,
  "15": /^Suitable only for 15 years and over/,
  "18": /^Suitable only for adults/,
};

const MOVIE_LIST_NEEDS_SIGN_IN =
  "The movie list, with its search and filters, is for signed-in customers. Sign in to use it, or look around first: What's On and this week's films need no account.";

test("a visitor sent to sign in from the movie list is told why, and What's On and this week's films are one tap away", async ({
  page,
}) => {
  await open(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Movies", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmovies$/);
  await expect(page.getByText(MOVIE_LIST_NEEDS_SIGN_IN)).toBeVisible();
  const detour = page.getByRole("navigation", { name: "Without an account" });
  // This week's films (those with a show in the next 7 days: the sample schedule's every film), below the form, one
  // tap down from above it.
  await detour.getByRole("link", { name: "This week's films" }).click();
  const films = page.getByRole("list", { name: "This week's films" }).getByRole("link");
  await expect(films.first()).toBeInViewport();
  expect(await films.count()).toBeGreaterThan(5);
  const title = (await films.first().textContent())!;
  await films.first().click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // The search box sends its search to the movie list too: the same page, and What's On from it.
  await open(page, "/login?redirectTo=%2Fmovies%3Fsearch%3Dember");
  await expect(page.getByText(MOVIE_LIST_NEEDS_SIGN_IN)).toBeVisible();
  await detour.getByRole("link", { name: "What's On" }).click();
  await expect(page.getByRole("heading", { name: "What's On", level: 1 })).toBeVisible();

  // Sent from another page, sign-in says what it always says.
  await open(page, "/login?redirectTo=%2Ffavourites");
  await expect(page.getByText("Welcome back. Sign in to book seats and keep your favourites.")).toBeVisible();
  await expect(detour).toHaveCount(0);
});

test("the certificate is on What's On and on the seat page, before seats are chosen", async ({ page }) => {
  // Tomorrow's first film of the sample schedule that no other spec rates again (age-ratings.spec.ts changes two).
  const rated = (latestFirst as (SampleMovie & { certificate: string })[]).filter(
    (film) => !["Crimson Relay", "Tidewater Ghosts"].includes(film.title),
  );
  await open(page, `/whats-on?day=${dayFromToday(1)}`);
  const titles = await page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
  const film = rated.find((candidate) => titles.includes(candidate.title))!;
  const certificate = `Certificate ${film.certificate}`;
  const article = page.getByRole("article", { name: film.title });
  await expect(article.getByText(certificate, { exact: true })).toBeVisible();
  await article
    .getByRole("list", { name: `Times of ${film.title}` })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { name: film.title, level: 1 })).toBeVisible();
  await expect(page.getByText(certificate, { exact: true })).toBeVisible();
  await expect(page.getByText(MEANINGS[film.certificate])).toBeVisible();
});

/** Creates shows of a format through Add Shows' own action, selling Adult tickets at `price`. */
async function createShowsOfFormat(
  staff: Page,
  movieId: string,
  hallId: string,
  format: { projection: string; subtitled?: boolean; audioDescribed?: boolean },
  times: string[],
) {
  const form: Record<string, string> = {
    intent: "create",
    movieId,
    hallId,
    "priceTypes[0]": ADULT_TYPE,
    "prices[0]": "10",
    projection: format.projection,
    ...(format.subtitled ? { subtitled: "on" } : {}),
    ...(format.audioDescribed ? { audioDescribed: "on" } : {}),
  };
  times.forEach((time, index) => (form[`times[${index}]`] = time));
  const response = await staff.request.post("/admin/add-shows", { form, maxRedirects: 0 });
  expect(response.status(), "Create Show").toBe(302);
}

test("the movie page's times say their format, grouped: 2D, 3D, then IMAX, each plain before subtitled", async ({
  page,
  staffBeside: staff,
  jsEnabled,
}) => {
  const film = latestFirst[13];
  // Past the sample schedule, a day for each of the two runs that share the server: only this run's shows.
  const day = freshDay(jsEnabled ? 30 : 31);
  const hall = await createHall(staff);
  await createShowsOfFormat(staff, film.id, hall.id, { projection: "IMAX", subtitled: true }, [`${day}T21:00`]);
  await createShowsOfFormat(staff, film.id, hall.id, { projection: "2D" }, [`${day}T12:00`, `${day}T18:00`]);
  await createShowsOfFormat(staff, film.id, hall.id, { projection: "IMAX" }, [`${day}T15:00`]);

  await open(page, `/movies/${film.id}?day=${day}#times`);
  const times = page.getByRole("list", { name: `Times on ${dayLabel(day)}` });
  await expect(times.getByRole("heading", { level: 3 })).toHaveText(["2D", "IMAX", "IMAX · Subtitled"]);
  const timesOf = (format: string) => times.getByRole("list", { name: format, exact: true }).getByRole("link");
  await expect(timesOf("2D")).toHaveText([`12:00 PM${hall.name}`, `6:00 PM${hall.name}`]);
  await expect(timesOf("IMAX")).toHaveText([`3:00 PM${hall.name}`]);
  await expect(timesOf("IMAX · Subtitled")).toHaveText([`9:00 PM${hall.name}`]);
  await timesOf("IMAX · Subtitled").click();
  await expect(
    page.getByRole("group", { name: "Available Timings" }).getByRole("radio", { checked: true }),
  ).toHaveAccessibleName(/^9:00 PM /);
});

/** Whether boxes stand in one row: their tops within a pixel of each other. */
const oneRow = (tops: number[]) => Math.max(...tops) - Math.min(...tops) <= 1;

/** The boxes of a strip's day links and of what follows them in the same row. */
const boxes = (page: Page, strip: string) =>
  page
    .getByRole("navigation", { name: strip })
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        return {
          name: link.getAttribute("aria-label") ?? link.textContent,
          top: box.top,
          left: box.left,
          right: box.right,
        };
      }),
    );

test("on a 390 px phone a week of days keeps one row, the arrow at its end", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const film = latestFirst[1];
  await open(page, `/movies/${film.id}`);
  const strip = await boxes(page, "Show days");
  expect(strip.map((box) => box.name)).toEqual([...strip.slice(0, 7).map((box) => box.name), "Later days"]);
  expect(strip).toHaveLength(8);
  expect(oneRow(strip.map((box) => box.top)), JSON.stringify(strip)).toBe(true);
  expect(strip[7].left).toBeGreaterThan(strip[6].right);
  expect(Math.max(...strip.map((box) => box.right))).toBeLessThanOrEqual(390);
  // Each day keeps its name for screen readers: the first is today's or, late in the day, tomorrow's.
  const first = page.getByRole("navigation", { name: "Show days" }).getByRole("link").first();
  await expect(first).toHaveAttribute("aria-current", "date");
  await expect(first).toHaveAccessibleName(/^(Today|Tomorrow)$/);

  await open(page, "/whats-on");
  const week = await boxes(page, "Days");
  expect(week).toHaveLength(7);
  expect(oneRow(week.map((box) => box.top)), JSON.stringify(week)).toBe(true);
  expect(Math.max(...week.map((box) => box.right))).toBeLessThanOrEqual(390);
  await expect(page.getByRole("navigation", { name: "Days" }).getByRole("link", { name: "Tomorrow" })).toBeVisible();
});
