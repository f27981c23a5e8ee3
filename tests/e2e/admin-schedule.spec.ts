import {
  addShowsStep,
  chooseHall,
  chooseMovie,
  createHall,
  createShowsDirectly,
  dayLabel,
  freshDay,
} from "./admin-steps";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

// Each project (JavaScript on, off) schedules its own movie on days of its own, past the sample schedule's weeks.
const movieFor = (jsEnabled: boolean) => (jsEnabled ? latestFirst[6] : latestFirst[7]);
const firstDayFor = (jsEnabled: boolean) => freshDay(40 + (jsEnabled ? 0 : 7));

/** "600" minutes -> "10:00 AM", as the pages write a time of day. */
function clock(minutes: number) {
  const date = new Date(Date.UTC(2000, 0, 1, 0, minutes));
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(date);
}

async function fillRepeat(page: Page, clockTime: string, from: string, until: string) {
  await page.getByLabel("Time of day").fill(clockTime);
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("Until", { exact: true }).fill(until);
  await page.getByRole("button", { name: "Add repeated times" }).click();
}

test("a repeat that clashes adds nothing and names the clash; one that fits is listed and created, all at once", async ({
  staffPage: page,
  jsEnabled,
}) => {
  test.slow(); // several round trips and a week's timeline
  const movie = movieFor(jsEnabled);
  const first = firstDayFor(jsEnabled);
  const days = [first, freshDay(41 + (jsEnabled ? 0 : 7)), freshDay(42 + (jsEnabled ? 0 : 7))];
  const hall = await createHall(page);
  // A show in the way on the second day at 7:00 PM.
  await createShowsDirectly(page, movie.id, hall.id, "10.00", [`${days[1]}T19:00`]);

  await open(page, "/admin/add-shows");
  await chooseMovie(page, movie.title, jsEnabled);
  await chooseHall(page, hall.name);
  await fillRepeat(page, "18:30", days[0], days[2]);
  const alert = page.getByRole("alert").filter({ hasText: "Nothing was added" });
  await expect(alert).toContainText("Nothing was added: 1 of the 3 repeated times cannot be scheduled.");
  await expect(alert).toContainText(
    `${dayLabel(days[1])}, 6:30 PM overlaps the show of ${movie.title} at ${dayLabel(days[1])}, 7:00 PM in ${hall.name}`,
  );
  await expect(page.getByText("No show times yet.")).toBeVisible();

  // Mornings fit: three times listed, then created together.
  await page.getByLabel("Time of day").fill("");
  await fillRepeat(page, "10:00", days[0], days[2]);
  for (const day of days)
    await expect(page.getByRole("button", { name: `Remove ${dayLabel(day)}, 10:00 AM` })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was added" })).toHaveCount(0);
  await expect(addShowsStep(page)).toHaveText("Review");
  await expect(page.getByRole("group", { name: "Review" })).toContainText("3 shows on 3 dates");
  await page.getByRole("button", { name: "Create Show" }).click();
  await expect(page.getByText("Show added successfully")).toBeVisible();

  // The schedule shows them: each a block with its occupancy, opening the show in List Shows.
  await open(page, `/admin/schedule?week=${first}&hall=${hall.id}`);
  const track = page.getByRole("list", { name: `${hall.name} on ${dayLabel(first)}` });
  const end = 600 + movie.runtime;
  const block = track.getByRole("link", { name: new RegExp(`^${movie.title} 10:00 AM to ${clock(end)}`) });
  await expect(block).toContainText(`cleaned by ${clock(end + 15)}`);
  await expect(block).toContainText("0 / 90 sold (0%)");
  // After it, the hall is free until the day ends.
  await expect(track.getByText(`Free ${clock(end + 15)} to `)).toBeVisible();
  await block.click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/list-shows\\?when=all&from=${first}&to=${first}&movie=${movie.id}#show-`),
  );
  const row = page.locator("tbody tr:is(:target, [aria-current])");
  await expect(row).toContainText(movie.title);
  await expect(row.getByRole("link", { name: "Move" })).toBeVisible();
});

test("the schedule moves by weeks, and a phone shows one hall at a time", async ({ staffPage: page }) => {
  const first = freshDay(60);
  const [one, two] = [await createHall(page), await createHall(page)];
  await open(page, "/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Schedule" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();

  await open(page, `/admin/schedule?week=${first}&hall=${two.id}`);
  await expect(page.getByRole("list", { name: `${one.name} on ${dayLabel(first)}` })).toBeVisible();
  await expect(page.getByRole("list", { name: `${two.name} on ${dayLabel(first)}` })).toBeVisible();
  await expect(page.getByRole("list", { name: `${one.name} on ${dayLabel(first)}` })).toContainText(/^Free /);
  const weekText = await page.locator(".schedule-week").innerText();
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page.locator(".schedule-week")).not.toHaveText(weekText);
  await page.getByRole("link", { name: "Previous week" }).click();
  await expect(page.locator(".schedule-week")).toHaveText(weekText);

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole("list", { name: `${two.name} on ${dayLabel(first)}` })).toBeVisible();
  await expect(page.getByRole("list", { name: `${one.name} on ${dayLabel(first)}` })).toBeHidden();
  await page.getByRole("navigation", { name: "Halls" }).getByRole("link", { name: one.name }).click();
  await expect(page.getByRole("list", { name: `${one.name} on ${dayLabel(first)}` })).toBeVisible();
  await expect(page.getByRole("list", { name: `${two.name} on ${dayLabel(first)}` })).toBeHidden();
});
