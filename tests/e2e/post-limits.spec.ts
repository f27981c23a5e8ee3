import type { Page } from "@playwright/test";
import { bookingCard, bookingSlot, bookSeats, chooseSeats, chooseTime, proceed } from "./booking-steps";
import { expect, test } from "./fixtures";
import { expectErrorPage } from "./steps";

/** What a script would do: the same form posted again and again by the page's customer, from the same address. */
async function postRepeatedly(page: Page, path: string, times: number, status: number) {
  for (let i = 0; i < times; i++) {
    const response = await page.request.post(path, { form: { time: "x" }, maxRedirects: 0 });
    expect(response.status()).toBe(status);
  }
}

/** Sends the page's form with `submit`; the page shows the 429 and the id of the request refused (its header's). */
async function expectTooManyRequests(page: Page, submit: () => Promise<void>, message: string) {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await submit();
  await expectErrorPage(page, await answer, "Too many requests", message);
}

test("the 31st booking post in 10 minutes is refused with when to try again, and books nothing", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const slot = bookingSlot(6, jsEnabled, { cancellable: true });
  await page.goto(slot.path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, ["H5"]);
  await postRepeatedly(page, slot.path, 30, 400);
  await expectTooManyRequests(
    page,
    () => proceed(page),
    "Too many booking attempts in a short time. Please wait 10 minutes and try again.",
  );
  await page.getByRole("link", { name: "Go to My Bookings" }).click();
  await expect(bookingCard(page, slot.movie.title)).toHaveCount(0);
});

test("the 21st payment post in 10 minutes is refused with when to try again, and opens no payment page", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const slot = bookingSlot(5, jsEnabled, { cancellable: true });
  await bookSeats(page, jsEnabled, slot.path, ["H5"]);
  // Each post is sent to the same checkout at the gateway.
  await postRepeatedly(page, new URL(page.url()).pathname, 20, 303);
  await expectTooManyRequests(
    page,
    () => page.getByRole("button", { name: /^Pay \$/ }).click(),
    "Too many payment attempts in a short time. Please wait 10 minutes and try again.",
  );
  await page.getByRole("link", { name: "Go to My Bookings" }).click();
  await expect(bookingCard(page, slot.movie.title).getByRole("link", { name: /^Pay Now/ })).toBeVisible();
});
