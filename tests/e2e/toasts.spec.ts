// A toast belongs to the moment it tells of: the page after the next navigation must not show it again.
import type { Page } from "@playwright/test";
import { bookingSlot, chooseSeats, chooseTime, proceed, seat } from "./booking-steps";
import { expect, test } from "./fixtures";
import { uniqueEmail } from "./identity";
import { open } from "./steps";

/** The toast or message with this text, wherever the page shows it. */
const said = (page: Page, text: string) => page.getByText(text, { exact: true });

// The browser's clock stands still, so a toast never runs out on its own: only a navigation may take it away.
test.beforeEach(async ({ page, jsEnabled }) => {
  if (!jsEnabled) return;
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 1000));
});

test("the five-seat limit is not said again on the checkout", async ({ customerPage: page, jsEnabled }) => {
  const { path } = bookingSlot(21, jsEnabled);
  await open(page, path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, ["J1", "J2", "J3", "J4", "J5"]);
  if (jsEnabled) {
    await seat(page, "J6").click();
  } else {
    await chooseSeats(page, ["J6"]);
    await proceed(page);
  }
  await expect(said(page, "You can only select up to 5 seats")).toBeVisible();
  if (!jsEnabled) await seat(page, "J6").uncheck();
  await proceed(page);
  await expect(page.getByRole("heading", { name: "Pay for your booking" })).toBeVisible();
  await expect(said(page, "You can only select up to 5 seats")).toHaveCount(0);
});

test("'Account created' is said once, on the page the sign-up lands on", async ({ page }) => {
  const email = uniqueEmail("toast");
  const created = `Account created: you are signed in. Please confirm ${email} with the link we mailed you.`;
  await open(page, "/register");
  await page.getByLabel("Full name").fill("Tova Toast");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Popcorn2026");
  await page.getByLabel("Confirm password").fill("Popcorn2026");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(said(page, created)).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  // Not on the page after that, opened afresh.
  await open(page, "/my-bookings");
  await expect(said(page, created)).toHaveCount(0);
});
