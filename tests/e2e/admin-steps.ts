// Steps the staff area's specs share. The test server runs in UTC, so the cinema's days are UTC days.
import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { open } from "./steps";

/** The cinema's day `days` from today, as YYYY-MM-DD. */
export function dayFromToday(days: number) {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A day to schedule test shows on, `days` from today, moved on by 50 days for each repeat or retry of the test, so
 * that a test run again against the same server does not meet the shows it made before.
 */
export function freshDay(days: number) {
  const { repeatEachIndex, retry } = test.info();
  return dayFromToday(days + 50 * (repeatEachIndex + retry));
}

/** "2026-12-07" -> "Mon, Dec 7", as the pages write a day. */
export function dayLabel(day: string) {
  return new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

export function addShowsStep(page: Page) {
  return page.getByRole("list", { name: "Steps" }).locator('[aria-current="step"]');
}

/** Picks the movie on Add Shows, searching for it first (a GET search without JavaScript). */
export async function chooseMovie(page: Page, title: string, jsEnabled: boolean) {
  await page.getByLabel("Search movies").fill(title);
  if (!jsEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("radio", { name: new RegExp(`^${title}`) }).check();
}

/** Types a time and presses Add Time; the answer (the list, or a message) is awaited by the caller's assertions. */
export async function addTime(page: Page, time: string) {
  await page.getByLabel("Date and time").fill(time);
  await page.getByRole("button", { name: "Add Time" }).click();
}

/** The times listed on Add Shows, by day heading: { "Mon, Dec 7": ["1:00 PM", "7:00 PM"] }, read in one go. */
export async function listedTimes(page: Page) {
  const days = page.getByRole("list", { name: "Show times" }).locator(":scope > li");
  const listed = await days.evaluateAll((items) =>
    items.map((day) => [
      day.querySelector("h3")!.textContent!,
      [...day.querySelectorAll(".show-times li span")].map((time) => time.textContent!),
    ]),
  );
  return Object.fromEntries(listed) as Record<string, string[]>;
}

/** Rows A to J of nine seats, in five blocks of two rows: Screen 1's layout, in the hall editor's text. */
export const SPEC_GRID = [..."ABCDEFGHIJ"]
  .map((row, index) => `${index > 0 && index % 2 === 0 ? "--\n" : ""}${row} 1 2 3 4 5 6 7 8 9`)
  .join("\n");

/**
 * A hall of the test's own, made through the hall editor's action, so its schedule is the test's alone (the sample
 * halls are busy from 10:00 to past 23:00 every day). Answers its id and name.
 */
export async function createHall(
  page: Page,
  { layout = SPEC_GRID, name = `Test Hall ${randomUUID().slice(0, 8)}` } = {},
) {
  const form = { intent: "save", name, layout, inUse: "on" };
  const response = await page.request.post("/admin/halls/new", { form, maxRedirects: 0 });
  expect(response.status(), "Save Hall").toBe(302);
  const list = await page.request.get("/admin/halls");
  const id = new RegExp(`href="/admin/halls/([0-9a-f-]{36})"[^>]*>Edit<span[^>]*> (?:<!-- -->)?${name}<`).exec(
    await list.text(),
  )?.[1];
  expect(id, `the new hall ${name} on the halls page`).toBeTruthy();
  return { id: id!, name };
}

/** Picks a hall on Add Shows. */
export async function chooseHall(page: Page, name: string) {
  await page
    .getByRole("group", { name: "Hall" })
    .getByRole("radio", { name: new RegExp(`^${name}`) })
    .check();
}

/** The price list's Adult and Child types, made by the migrations. */
export const ADULT_TYPE = "00000000-0000-4000-8000-00000000a001";
export const CHILD_TYPE = "00000000-0000-4000-8000-00000000a002";

/**
 * Creates shows through Add Shows' own action, as a setup step: they sell Adult tickets only at `price`, or each
 * type of `price` (by type id) at its price.
 */
export async function createShowsDirectly(
  page: Page,
  movieId: string,
  hallId: string,
  price: string | Record<string, string>,
  times: string[],
) {
  const prices = typeof price === "string" ? { [ADULT_TYPE]: price } : price;
  const form: Record<string, string> = { intent: "create", movieId, hallId };
  Object.entries(prices).forEach(([type, amount], index) => {
    form[`priceTypes[${index}]`] = type;
    form[`prices[${index}]`] = amount;
  });
  times.forEach((time, index) => (form[`times[${index}]`] = time));
  const response = await page.request.post("/admin/add-shows", { form, maxRedirects: 0 });
  expect(response.status(), "Create Show").toBe(302);
}

/** Opens List Shows at a query and reads its rows. */
export async function showRows(page: Page, query = "") {
  await open(page, `/admin/list-shows${query}`);
  return readShowRows(page);
}

export async function readShowRows(page: Page) {
  await page.waitForLoadState("networkidle");
  const rows = page.getByRole("region", { name: "Shows" }).locator("tbody tr");
  return rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll("th, td")].map((cell) => (cell as HTMLElement).innerText.trim());
      return {
        title: cells[0],
        startsAt: tr.querySelector("time")!.getAttribute("datetime")!,
        when: cells[1],
        hall: cells[2],
        seats: cells[3],
        price: cells[4],
        earnings: cells[5],
      };
    }),
  );
}

/** Staff make a promo code of a percentage off, valid from today for 30 days, by posting Create Code. */
export async function makePercentCode(
  staff: Page,
  code: string,
  percent: string,
  changes: Record<string, string> = {},
) {
  const response = await staff.request.post("/admin/promo-codes", {
    form: {
      intent: "create",
      code,
      kind: "percent",
      value: percent,
      firstDay: dayFromToday(0),
      lastDay: dayFromToday(30),
      ...changes,
    },
    maxRedirects: 0,
  });
  expect(response.status(), "Create Code").toBe(302);
}
