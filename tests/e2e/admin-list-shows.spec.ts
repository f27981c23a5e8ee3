import { createHall, createShowsDirectly, freshDay, readShowRows, showRows } from "./admin-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

type Row = Awaited<ReturnType<typeof readShowRows>>[number];
const cents = (money: string) => Math.round(Number(money.replace(/[^\d.]/g, "")) * 100);
const booked = (seats: string) => Number(seats.split(" / ")[0]);

function expectOrdered(rows: Row[], key: (row: Row) => string | number, dir: "asc" | "desc") {
  expect(rows.length).toBeGreaterThan(1);
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [key(rows[i - 1]), key(rows[i])];
    expect(dir === "asc" ? a <= b : a >= b, `${a} then ${b}`).toBe(true);
    // Ties keep the earliest show first.
    if (a === b) expect(rows[i - 1].startsAt <= rows[i].startsAt).toBe(true);
  }
}

const SORTS: [string, string, (row: Row) => string | number][] = [
  ["Movie", "title", (row) => row.title.toLowerCase()],
  ["Date and Time", "date", (row) => row.startsAt],
  ["Seats Booked", "bookings", (row) => booked(row.seats)],
  ["Earnings", "earnings", (row) => cents(row.earnings)],
];

test("each column sorts the shows both ways, the choice kept in the URL", async ({ staffPage: page }) => {
  await open(page, "/admin/list-shows");
  expectOrdered(await readShowRows(page), (row) => row.startsAt, "asc");
  for (const [label, sort, key] of SORTS) {
    for (const dir of ["asc", "desc"] as const) {
      const header = page.getByRole("columnheader", { name: label });
      // The first click sorts up, the second down (the date column starts sorted up, so it goes down first).
      if ((await header.getAttribute("aria-sort")) !== (dir === "asc" ? "ascending" : "descending"))
        await header.getByRole("link").click();
      await expect(header).toHaveAttribute("aria-sort", dir === "asc" ? "ascending" : "descending");
      const query = new URL(page.url()).searchParams;
      expect([query.get("sort") ?? "date", query.get("dir") ?? "asc"]).toEqual([sort, dir]);
      expectOrdered(await readShowRows(page), key, dir);
    }
  }
});

test("upcoming, past and all shows, and odd query values fall back to the defaults", async ({ staffPage: page }) => {
  const now = new Date().toISOString();
  const upcoming = await showRows(page);
  expect(upcoming.every((row) => row.startsAt > now)).toBe(true);
  await expect(page.getByRole("link", { name: "Upcoming" })).toHaveAttribute("aria-current", "true");

  const filters = page.getByRole("navigation", { name: "Which shows" });
  await filters.getByRole("link", { name: "Past" }).click();
  await expect(page).toHaveURL("/admin/list-shows?when=past");
  await expect(filters.getByRole("link", { name: "Past" })).toHaveAttribute("aria-current", "true");
  const past = await readShowRows(page);
  expect(past.every((row) => row.startsAt <= new Date().toISOString())).toBe(true);
  if (past.length === 0) await expect(page.getByRole("heading", { name: "No Shows Found" })).toBeVisible();

  await filters.getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL("/admin/list-shows?when=all");
  await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");
  const all = await readShowRows(page);
  expect(all.slice(0, past.length)).toEqual(past.slice(0, 20));

  // Tests running beside this one add shows, so the defaults are read again right after the odd URL, until a pair
  // of reads has no show added between them.
  await expect(async () => {
    const odd = await showRows(page, "?sort=drop%20table&dir=up&when=tomorrow&page=-2");
    expect(odd).toEqual(await showRows(page));
  }).toPass({ timeout: 15_000 });
});

test("the list pages through its shows", async ({ staffPage: page }) => {
  const first = await showRows(page);
  expect(first).toHaveLength(20);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL("/admin/list-shows?page=2");
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  const second = await readShowRows(page);
  expect(second[0].startsAt >= first[19].startsAt).toBe(true);
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL("/admin/list-shows");
  // A page past the end shows the last page.
  await open(page, "/admin/list-shows?page=9999");
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
});

test("on a phone each show is a card with its buttons in view; a show nobody has booked can be deleted", async ({
  staffPage: page,
  jsEnabled,
}) => {
  const movie = latestFirst[6];
  const day = freshDay(jsEnabled ? 45 : 46);
  const hall = await createHall(page);
  await createShowsDirectly(page, movie.id, hall.id, "20", [`${day}T11:00`, `${day}T20:00`]);
  const mine = (rows: Row[]) => rows.filter((row) => row.startsAt.startsWith(day)).map((row) => row.startsAt);
  const ofTheDay = `?when=all&from=${day}&to=${day}&sort=date&dir=desc`;
  await page.setViewportSize({ width: 390, height: 844 });
  expect(mine(await showRows(page, ofTheDay))).toEqual([`${day}T20:00:00.000Z`, `${day}T11:00:00.000Z`]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const row = page.getByRole("row").filter({ has: page.locator(`time[datetime="${day}T20:00:00.000Z"]`) });
  const remove = row.getByRole("button", { name: /^Delete / });
  // Delete looks destructive, unlike Move beside it, and sits inside the screen.
  await expect(remove).toHaveClass(/button-danger/);
  await expect(row.getByRole("link", { name: /^Move / })).not.toHaveClass(/button-danger/);
  const box = (await remove.boundingBox())!;
  expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await remove.click();
  await expect(page.getByText("Show deleted")).toBeVisible();
  await expect(page).toHaveURL(`/admin/list-shows${ofTheDay}`);
  await expect.poll(async () => mine(await readShowRows(page))).toEqual([`${day}T11:00:00.000Z`]);
});

test("filters by days, movie and hall, in the URL, and odd filter values fall back to none", async ({
  staffPage: page,
  jsEnabled,
}) => {
  const movie = latestFirst[6];
  const [day, nextDay] = [freshDay(jsEnabled ? 47 : 48), freshDay(jsEnabled ? 49 : 50)];
  const hall = await createHall(page);
  await createShowsDirectly(page, movie.id, hall.id, "20", [`${day}T11:00`, `${day}T18:00`, `${nextDay}T11:00`]);

  await open(page, "/admin/list-shows?sort=date&dir=desc");
  await page.getByLabel("From", { exact: true }).fill(day);
  await page.getByLabel("To", { exact: true }).fill(day);
  await page.getByLabel("Movie", { exact: true }).selectOption(movie.id);
  await page.getByLabel("Hall", { exact: true }).selectOption(hall.id);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]movie=/);
  const params = new URL(page.url()).searchParams;
  expect(["from", "to", "movie", "hall", "sort", "dir"].map((name) => params.get(name))).toEqual([
    day,
    day,
    movie.id,
    hall.id,
    "date",
    "desc",
  ]);
  // The address changes as the navigation ends; the filtered rows are drawn a moment later.
  await expect
    .poll(async () =>
      (await readShowRows(page)).every((row) => row.title === movie.title && row.startsAt.startsWith(day)),
    )
    .toBe(true);
  let rows = await readShowRows(page);
  expect(rows.map((row) => [row.hall, row.startsAt])).toEqual([
    [hall.name, `${day}T18:00:00.000Z`],
    [hall.name, `${day}T11:00:00.000Z`],
  ]);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(day);
  await expect(page.getByLabel("Movie", { exact: true })).toHaveValue(movie.id);
  await expect(page.getByLabel("Hall", { exact: true })).toHaveValue(hall.id);

  // A range given backwards is read the right way round.
  rows = await showRows(page, `?from=${nextDay}&to=${day}&movie=${movie.id}`);
  expect(rows.filter((row) => row.hall === hall.name)).toHaveLength(3);
  expect(rows.every((row) => row.title === movie.title && row.startsAt >= day)).toBe(true);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page.getByLabel("Movie", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Hall", { exact: true })).toHaveValue("");
  expect(new URL(page.url()).searchParams.get("movie")).toBeNull();

  const response = await page.goto("/admin/list-shows?from=2026-02-30&to=tomorrow&movie=%27%3Bdrop&hall=x%27&when=all");
  expect(response?.status()).toBe(200);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Movie", { exact: true })).toHaveValue("");
  expect((await readShowRows(page)).length).toBe(20);
});

test("a page number jumps to that page, keeping the list's other choices", async ({ staffPage: page }) => {
  await open(page, "/admin/list-shows?when=all&sort=title");
  const jump = page.getByLabel(/^Page \(1 to \d+\)$/);
  await jump.fill("3");
  await page.getByRole("button", { name: "Go to page" }).click();
  await expect(page.getByText(/^Page 3 of \d+$/)).toBeVisible();
  const params = new URL(page.url()).searchParams;
  expect([params.get("page"), params.get("when"), params.get("sort")]).toEqual(["3", "all", "title"]);
  // A page past the end, or no number, is read as the last page or the first.
  await open(page, "/admin/list-shows?page=99999999999");
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
  await open(page, "/admin/list-shows?page=abc");
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
});
