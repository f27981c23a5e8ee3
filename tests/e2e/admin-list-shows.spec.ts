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

test("a show nobody has booked can be deleted", async ({ staffPage: page, jsEnabled }) => {
  const movie = latestFirst[6];
  const day = freshDay(jsEnabled ? 45 : 46);
  const hall = await createHall(page);
  await createShowsDirectly(page, movie.id, hall.id, "20", [`${day}T11:00`, `${day}T20:00`]);
  const mine = (rows: Row[]) => rows.filter((row) => row.startsAt.startsWith(day)).map((row) => row.startsAt);
  expect(mine(await showRows(page, "?sort=date&dir=desc"))).toEqual([`${day}T20:00:00.000Z`, `${day}T11:00:00.000Z`]);

  const row = page.getByRole("row").filter({ has: page.locator(`time[datetime="${day}T20:00:00.000Z"]`) });
  await row.getByRole("button", { name: /^Delete / }).click();
  await expect(page.getByText("Show deleted")).toBeVisible();
  await expect(page).toHaveURL("/admin/list-shows?sort=date&dir=desc");
  await expect.poll(async () => mine(await readShowRows(page))).toEqual([`${day}T11:00:00.000Z`]);
});
