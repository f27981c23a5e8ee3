import type { Page } from "@playwright/test";
import { addTime, chooseHall, chooseMovie, createHall, dayFromToday, dayLabel } from "./admin-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

const movie = latestFirst[9];

/** Chooses a filter of What's On: with JavaScript it applies at once, without it Apply Filters sends the form. */
async function filter(page: Page, jsEnabled: boolean, choose: () => Promise<unknown>, expectedUrl: RegExp) {
  await choose();
  if (!jsEnabled) await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(expectedUrl);
}

/** The times What's On lists, each as its link reads: "8:00 AMScreen 1 · IMAX · Subtitled". */
const listedTimes = (page: Page) =>
  page
    .getByRole("list", { name: /^Times of / })
    .getByRole("link")
    .allTextContents();

test("staff give a show a format; What's On finds it by day, time of day, format and accessibility, and opens its seats", async ({
  staffPage: page,
  jsEnabled,
}) => {
  test.slow(); // Add Shows' round trips, then a filter at a time
  // A hall of the test's own with a wheelchair space, and a morning show before the sample schedule's first.
  const hall = await createHall(page, { layout: "A W1 C2 3 4 5 6\nB 1 2 3 4 5 6" });
  const day = dayFromToday(5);
  await open(page, "/admin/add-shows");
  await chooseMovie(page, movie.title, jsEnabled);
  await chooseHall(page, hall.name);
  const format = page.getByRole("group", { name: "Format" });
  await expect(format.getByRole("radio", { name: "2D" })).toBeChecked();
  await format.getByRole("radio", { name: "IMAX" }).check();
  await format.getByLabel("Subtitled").check();
  await addTime(page, `${day}T08:00`);
  await expect(page.getByRole("button", { name: `Remove ${dayLabel(day)}, 8:00 AM` })).toBeVisible();
  // The choice survives the round trip and is what Review shows.
  await expect(format.getByRole("radio", { name: "IMAX" })).toBeChecked();
  await expect(format.getByLabel("Subtitled")).toBeChecked();
  await expect(page.getByRole("group", { name: "Review" })).toContainText("IMAX · Subtitled");
  await page.getByRole("button", { name: "Create Show" }).click();
  await expect(page.getByText("Show added successfully")).toBeVisible();

  // What's On, from the navbar (the staff area has none): today first, then the day of the show, every movie with its
  // times.
  await open(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "What's On" }).click();
  await expect(page.getByRole("heading", { name: "What's On", level: 1 })).toBeVisible();
  const days = page.getByRole("navigation", { name: "Days" });
  await expect(days.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "date");
  await days.getByRole("link", { name: dayLabel(day) }).click();
  await expect(days.getByRole("link", { name: dayLabel(day) })).toHaveAttribute("aria-current", "date");
  const ours = `8:00 AM${hall.name} · IMAX · Subtitled`;
  const all = await listedTimes(page);
  expect(all).toContain(ours);
  expect(all.length).toBeGreaterThan(10); // the sample schedule's shows of every movie that day

  // Each filter narrows the list, and the day and the other filters stay.
  await filter(
    page,
    jsEnabled,
    () => page.getByLabel("Time of day").selectOption({ label: "Morning (before 12 PM)" }),
    /time=morning/,
  );
  // Ours and the sample schedule's shows before noon, and no later one.
  await expect.poll(async () => (await listedTimes(page)).every((time) => / AM/.test(time))).toBe(true);
  expect(await listedTimes(page)).toContain(ours);
  await filter(
    page,
    jsEnabled,
    () => page.getByLabel("Time of day").selectOption({ label: "Any time" }),
    new RegExp(`\\?day=${day}$`),
  );
  await filter(
    page,
    jsEnabled,
    () => page.getByLabel("Format").selectOption("IMAX"),
    new RegExp(`\\?day=${day}&format=IMAX$`),
  );
  await expect.poll(async () => (await listedTimes(page)).every((time) => time.includes("IMAX"))).toBe(true);
  await filter(page, jsEnabled, () => page.getByLabel("Subtitled").check(), /format=IMAX&subtitled=on/);
  await filter(page, jsEnabled, () => page.getByLabel("Wheelchair space free").check(), /wheelchair=on/);
  // The sample halls have wheelchair spaces too: every time left is an IMAX subtitled one, ours among them.
  await expect.poll(() => listedTimes(page)).toContain(ours);
  expect((await listedTimes(page)).every((time) => time.includes("IMAX · Subtitled"))).toBe(true);
  await filter(page, jsEnabled, () => page.getByLabel("Format").selectOption("3D"), /format=3D/);
  await expect.poll(() => listedTimes(page)).not.toContain(ours);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/whats-on\\?day=${day}$`));
  await expect(page.getByLabel("Subtitled")).not.toBeChecked();
  await expect(page.getByLabel("Format")).toHaveValue("");

  // A time opens its seat page with that time chosen, its format beside it.
  await page.getByRole("link", { name: new RegExp(`^8:00 AM ?${hall.name} · IMAX · Subtitled$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/movies/${movie.id}/${day}\\?time=[0-9a-f-]{36}#seats$`));
  await expect(
    page.getByRole("radio", { name: new RegExp(`8:00 AM ?${hall.name} · IMAX · Subtitled · \\$`) }),
  ).toBeChecked();
});
