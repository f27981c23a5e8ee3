import type { Locator, Page } from "@playwright/test";
import {
  anotherCustomer,
  bookingCard,
  bookingSlot,
  bookSeats,
  CHECKOUT_URL,
  chooseSeats,
  chooseTime,
  proceed,
  seat,
  showIn,
  timeRadios,
} from "./booking-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

test("a visitor books from the home page, signing in on the way, and keeps the choice", async ({
  page,
  customer,
  jsEnabled,
}) => {
  // A slot whose movie is among the home page's Now Showing (the 8 latest), so the visitor can start there.
  const onHome = new Set(latestFirst.slice(0, 8).map((latest) => latest.id));
  const { movie, day } = Array.from({ length: 20 }, (_, index) => bookingSlot(index, jsEnabled)).find((slot) =>
    onHome.has(slot.movie.id),
  )!;
  await open(page, "/");
  await page.getByRole("link", { name: movie.title, exact: true }).first().click();
  // The home page's hero has the latest movie's title as its heading too: the movie page is awaited by its address.
  await expect(page).toHaveURL(new RegExp(`/movies/${movie.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: movie.title })).toBeVisible();
  // The movie page's Show Times: the day, on a later page of days if need be, then its first time.
  // Whether the day is on the first page of days is read once the strip is drawn, not while the page still changes.
  await expect(page.getByRole("navigation", { name: "Show days" }).getByRole("link").first()).toBeVisible();
  const dayLink = page.locator(`#times a[href*="day=${day}"]`);
  if ((await dayLink.count()) === 0) await page.getByRole("link", { name: "Later days" }).click();
  await dayLink.click();
  await page.locator(`#times a[href^="/movies/${movie.id}/${day}?time="]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/movies/${movie.id}/${day}\\?time=`));
  await expect(timeRadios(page).nth(0)).toBeChecked();
  const price = (await timeRadios(page).nth(0).locator("..").textContent())!.match(/\$([\d.]+) a seat/)![1];
  await chooseSeats(page, ["D4", "D5"]);
  await expect(page.getByText("Next, sign in or book as a guest; your choice is kept.")).toBeVisible();
  await proceed(page);

  // The guest page keeps the choice, with signing in one click away.
  await expect(page.getByRole("heading", { name: "Book as a guest" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(customer.password);
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL(new RegExp(`/movies/${movie.id}/${day}\\?time=.*seats=D4&seats=D5`));
  await expect(timeRadios(page).nth(0)).toBeChecked();
  await expect(seat(page, "D4")).toBeChecked();
  await expect(seat(page, "D5")).toBeChecked();
  await expect(page.getByText(`$${(Number(price) * 2).toFixed(2)}`)).toBeVisible();
  await proceed(page);

  // Proceed goes straight to paying, the hold's deadline on top.
  await expect(page).toHaveURL(CHECKOUT_URL);
  const checkout = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "Pay for your booking" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Seat(s) D4, D5 are held for you until" })).toBeVisible();
  await expect(page.getByText(/^Seats held until \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  if (jsEnabled) await expect(page.getByRole("timer", { name: "Time left to pay" })).toHaveText(/^[01]:\d{2}$/);
  const amount = `$${(Number(price) * 2).toFixed(2)}`;
  await expect(page.getByRole("button", { name: `Pay ${amount}` })).toBeVisible();
  // My Bookings keeps the booking to pay later.
  await page.goto("/my-bookings");
  const card = bookingCard(page, movie.title);
  await expect(card.getByText("Pending Payment")).toBeVisible();
  // Held, not booked: nothing is paid yet.
  await expect(card.getByRole("term").filter({ hasText: /^Held on$/ })).toBeVisible();
  await expect(card.getByText(/Booked/)).toHaveCount(0);
  await expect(card.getByText("D4, D5")).toBeVisible();
  await expect(card.getByText(amount)).toBeVisible();
  await expect(card.getByText(/Held until \d{1,2}:\d{2} [AP]M/)).toBeVisible();
  await expect(card.getByRole("link", { name: /^Pay Now/ })).toHaveAttribute("href", checkout);
});

test("says to choose a time before seats, and at most five seats", async ({ customerPage: page, jsEnabled }) => {
  const { path } = bookingSlot(1, jsEnabled);
  await open(page, path);
  if (jsEnabled) {
    await expect(page.getByRole("button", { name: "Proceed" })).toBeDisabled();
    await seat(page, "E1").click();
    await expect(page.getByRole("alert").filter({ hasText: "Please select a time first!" })).toBeVisible();
    await expect(seat(page, "E1")).not.toBeChecked();
    await chooseTime(page, jsEnabled);
    await chooseSeats(page, ["E1", "E2", "E3", "E4", "E5"]);
    await expect(page.getByText("E1, E2, E3, E4, E5")).toBeVisible();
    await seat(page, "E6").click();
    await expect(page.getByRole("alert").filter({ hasText: "You can only select up to 5 seats" })).toBeVisible();
    await expect(seat(page, "E6")).not.toBeChecked();
  } else {
    await chooseSeats(page, ["E1"]);
    await proceed(page);
    await expect(page.getByText("Please select a time first!")).toBeVisible();
    await expect(seat(page, "E1")).toBeChecked();
    await chooseTime(page, jsEnabled);
    await chooseSeats(page, ["E1", "E2", "E3", "E4", "E5", "E6"]);
    await proceed(page);
    await expect(page.getByText("You can only select up to 5 seats")).toBeVisible();
    for (const label of ["E1", "E2", "E3", "E4", "E5", "E6"]) await seat(page, label).uncheck();
    await proceed(page);
    await expect(page.getByText("Please select at least one seat.")).toBeVisible();
  }
  await page.goto("/my-bookings");
  await expect(page.getByRole("heading", { name: "No Bookings Yet" })).toBeVisible();
});

test("the total follows the seats at once, at the chosen show's price", async ({ customerPage: page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript the total is shown on the next page");
  const { path } = bookingSlot(2, jsEnabled);
  await open(page, path);
  // The day's last show time: not the one chosen first, whatever the number of shows that day.
  const last = (await timeRadios(page).count()) - 1;
  await chooseTime(page, jsEnabled, last);
  const price = Number((await timeRadios(page).nth(last).locator("..").textContent())!.match(/\$([\d.]+) a seat/)![1]);
  const total = page.getByRole("definition").filter({ hasText: "$" });
  await expect(total).toHaveText("$0.00");
  await chooseSeats(page, ["F4"]);
  await expect(total).toHaveText(`$${price.toFixed(2)}`);
  await chooseSeats(page, ["F5", "F6"]);
  await expect(total).toHaveText(`$${(price * 3).toFixed(2)}`);
  await seat(page, "F5").uncheck();
  await expect(total).toHaveText(`$${(price * 2).toFixed(2)}`);
});

test("refuses a choice that strands a single seat, naming and marking it, with the way out next to Proceed", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const { path } = bookingSlot(3, jsEnabled);
  const message = "Seat G1 would be left alone between booked seats: add G1 or choose other seats.";
  await open(page, path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, ["G2", "G3"]);
  const proceedButton = page.getByRole("button", { name: "Proceed" });
  if (jsEnabled) {
    // Checked in the browser as the seats are chosen, with the booking's own rule: Proceed waits, and says why.
    await expect(proceedButton).toBeDisabled();
    await expect(proceedButton).toHaveAccessibleDescription(message);
  } else {
    await proceed(page);
  }
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.locator(".seat-bar").getByText(message)).toBeVisible();
  await expect(seat(page, "G1")).toHaveAccessibleDescription(message);
  await expect(seat(page, "G4")).toHaveAccessibleDescription("");
  await expect(seat(page, "G2")).toBeChecked();
  await chooseSeats(page, ["G1"]);
  await proceed(page);
  await expect(page).toHaveURL(CHECKOUT_URL);
});

test("seats another customer holds are occupied, and a race lost names the seats", async ({
  customerPage: page,
  jsEnabled,
  browser,
  baseURL,
}) => {
  const { path } = bookingSlot(4, jsEnabled);
  const rival = await anotherCustomer(browser, jsEnabled, baseURL!);
  // The rival opens the seat map before the seats are taken.
  await open(rival.page, path);
  await chooseTime(rival.page, jsEnabled);
  await chooseSeats(rival.page, ["C5", "C6"]);

  await bookSeats(page, jsEnabled, path, ["C4", "C5"]);

  await proceed(rival.page);
  await expect(
    rival.page.getByRole("alert").filter({ hasText: "Sorry, seat(s) C5 were just taken. Please choose again." }),
  ).toBeVisible();
  await expect(seat(rival.page, "C6")).toBeChecked();
  for (const label of ["C4", "C5"]) {
    await expect(seat(rival.page, label)).toBeDisabled();
    await expect(seat(rival.page, label)).toHaveAccessibleName(`Row C, seat ${label.slice(1)}, occupied`);
  }
  await rival.page.goto("/my-bookings");
  await expect(rival.page.getByRole("heading", { name: "No Bookings Yet" })).toBeVisible();
  await rival.close();
});

test("a time ticked in the form with its seats: a refusal draws that time's taken seats", async ({
  customerPage: page,
  jsEnabled,
  browser,
  baseURL,
}) => {
  test.skip(jsEnabled, "with JavaScript, ticking a time puts it in the page's address at once");
  const { path } = bookingSlot(16, jsEnabled);
  const rival = await anotherCustomer(browser, jsEnabled, baseURL!);
  await bookSeats(rival.page, jsEnabled, path, ["E5"]);
  await rival.close();

  // The seat map of an address without a time shows no seat taken; the time and seats go in one post.
  await open(page, path);
  await timeRadios(page).nth(0).check();
  await chooseSeats(page, ["E5", "E6"]);
  await proceed(page);
  await expect(
    page.getByRole("alert").filter({ hasText: "Sorry, seat(s) E5 were just taken. Please choose again." }),
  ).toBeVisible();
  await expect(timeRadios(page).nth(0)).toBeChecked();
  await expect(seat(page, "E5")).toBeDisabled();
  await expect(seat(page, "E5")).toHaveAccessibleName("Row E, seat 5, occupied");
  await expect(seat(page, "E6")).toBeChecked();
  await page.goto("/my-bookings");
  await expect(page.getByRole("heading", { name: "No Bookings Yet" })).toBeVisible();
});

test("posting the same seat form twice makes one booking", async ({ customerPage: page, jsEnabled }) => {
  const { movie, path } = bookingSlot(5, jsEnabled);
  await open(page, path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, ["B4"]);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Proceed" }) });
  const fields = await form.evaluate((element) =>
    new URLSearchParams(new FormData(element as HTMLFormElement) as never).toString(),
  );
  for (let i = 0; i < 2; i++) {
    const response = await page.request.post(path, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: fields,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
  await page.goto("/my-bookings");
  await expect(bookingCard(page, movie.title)).toHaveCount(1);
});

test("the back button then Proceed makes no second booking", async ({ customerPage: page, jsEnabled }) => {
  const { movie, path } = bookingSlot(1, jsEnabled, { cancellable: true });
  await bookSeats(page, jsEnabled, path, ["J1", "J2"]);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(path));
  const proceedButton = page.getByRole("button", { name: "Proceed" });
  if (await proceedButton.isEnabled()) await proceedButton.click();
  await page.goto("/my-bookings");
  await expect(bookingCard(page, movie.title)).toHaveCount(1);
  await expect(bookingCard(page, movie.title).getByText("J1, J2")).toBeVisible();
});

test("the same seat form posted after its booking was cancelled says so and books nothing", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const { movie, path } = bookingSlot(1, jsEnabled, { cancellable: true });
  await page.goto(path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, ["H1", "H2"]);
  const time = await timeRadios(page).first().getAttribute("value");
  const requestToken = await page.locator('input[name="requestToken"]').inputValue();
  await proceed(page);
  await expect(page).toHaveURL(CHECKOUT_URL);
  await page.goto("/my-bookings");
  await page.getByRole("link", { name: /^Cancel booking / }).click();
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Booking cancelled." })).toBeVisible();

  const again = await page.request.post(path, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: `time=${time}&seats=H1&seats=H2&requestToken=${requestToken}`,
    maxRedirects: 0,
  });
  expect(again.status()).toBe(409);
  const said = "You cancelled the booking of seat(s) H1, H2 that this form made. Please choose your seats again.";
  expect(await again.text()).toContain(said);
  await page.goto("/my-bookings");
  await expect(bookingCard(page, movie.title).filter({ hasText: "H1, H2" })).toHaveCount(1);
  await expect(bookingCard(page, movie.title).filter({ hasText: "H1, H2" }).getByText("Cancelled")).toBeVisible();
});

test("bad addresses and tampered forms get a clear message, never an error", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const { movie, day, path } = bookingSlot(6, jsEnabled);
  expect((await page.goto(`/movies/no-such-movie/${day}`))?.status()).toBe(404);
  for (const [badDay, message] of [
    ["2026-02-31", "That date could not be read. Please pick a date."],
    ["2020-01-01", "There are no shows on that date. Please pick another date."],
  ]) {
    await page.goto(`/movies/${movie.id}/${badDay}`);
    await expect(page).toHaveURL(new RegExp(`/movies/${movie.id}(#times)?$`));
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  }
  await open(page, path);
  const time = await timeRadios(page).first().getAttribute("value");
  const post = (fields: string) =>
    page.request.post(path, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: `${fields}&requestToken=${crypto.randomUUID()}`,
      maxRedirects: 0,
    });
  const cases: [string, string][] = [
    [`time=${time}&seats=K1`, "seat K1 does not exist in this hall"],
    [`time=${time}&seats=A10`, "seat A10 does not exist in this hall"],
    [`time=${time}&seats=a1`, "that seat does not exist in this hall"],
    [`time=${time}&seats=A01`, "that seat does not exist in this hall"],
    [`time=${time}&seats=A1&seats=A1`, "Each seat can only be chosen once."],
    [`time=not-a-show&seats=A1`, "Please select a time first!"],
    [`time=00000000-0000-4000-8000-000000000000&seats=A1`, "That show time is not available."],
  ];
  for (const [fields, message] of cases) {
    const response = await post(fields);
    expect(response.status(), fields).toBeGreaterThanOrEqual(400);
    expect(response.status(), fields).toBeLessThan(500);
    expect(await response.text(), fields).toContain(message);
  }
  await page.goto("/my-bookings");
  await expect(page.getByRole("heading", { name: "No Bookings Yet" })).toBeVisible();
});

test("arrow keys move between seats, skipping occupied ones", async ({ customerPage: page, jsEnabled }) => {
  test.skip(!jsEnabled, "moving with arrow keys is added by JavaScript; without it Tab reaches every seat");
  const { path } = bookingSlot(7, jsEnabled);
  await bookSeats(page, jsEnabled, path, ["A3", "A4"]);
  await open(page, path);
  await chooseTime(page, jsEnabled);
  await seat(page, "A2").focus();
  await page.keyboard.press("ArrowRight");
  await expect(seat(page, "A5")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(seat(page, "B5")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(seat(page, "B5")).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(seat(page, "B6")).not.toBeFocused();
});

/** Presses `key` until `target` has the focus, as someone moving with the keyboard does. */
async function pressUntilFocused(page: Page, key: string, target: Locator, limit = 250) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached the element`);
}

test("a wheelchair space and its companion seat, booked with the keyboard alone", async ({
  customerPage: page,
  jsEnabled,
}) => {
  // Screen 4's row E, at the step between its two sections: E1 a wheelchair space, E2 its companion seat.
  const { movie, path } = showIn("Screen 4", jsEnabled ? 4 : 5);
  await page.goto(path);
  const firstTime = page.getByRole("group", { name: "Available Timings" }).getByRole("radio").first();
  await pressUntilFocused(page, "Tab", firstTime);
  await page.keyboard.press("Space");
  if (!jsEnabled) {
    await pressUntilFocused(page, "Tab", page.getByRole("button", { name: "Show seats for this time" }));
    await page.keyboard.press("Enter");
  }
  await expect(page).toHaveURL(/time=/);
  await expect(page.getByText("Screen 4", { exact: true })).toBeVisible();
  const wheelchair = page.getByRole("checkbox", { name: "Row E, seat 1, wheelchair space, available" });
  const companion = page.getByRole("checkbox", { name: "Row E, seat 2, companion seat, available" });
  if (jsEnabled) {
    // One Tab stop for the whole map; arrows follow the layout, over the walkway.
    await pressUntilFocused(page, "Tab", page.getByRole("checkbox", { name: /^Row A, seat 1, / }));
    for (const key of ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowLeft"]) await page.keyboard.press(key);
    await expect(wheelchair).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
  } else {
    await pressUntilFocused(page, "Tab", wheelchair);
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
  }
  await expect(companion).toBeFocused();
  await page.keyboard.press("Space");
  await expect(seat(page, "E1")).toBeChecked();
  await expect(seat(page, "E2")).toBeChecked();
  // With JavaScript the map is one Tab stop, and Proceed is the next one.
  if (jsEnabled) await page.keyboard.press("Tab");
  else await pressUntilFocused(page, "Tab", page.getByRole("button", { name: "Proceed" }));
  await expect(page.getByRole("button", { name: "Proceed" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(CHECKOUT_URL);
  await expect(bookingCard(page, movie.title).getByText("E1, E2")).toBeVisible();
  await expect(bookingCard(page, movie.title)).toContainText("Screen 4");
});
