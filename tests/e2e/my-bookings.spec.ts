import {
  anotherCustomer,
  bookAndPay,
  bookingCard,
  bookingIdIn,
  bookingSlot,
  bookSeats,
  chooseTime,
  endHoldNow,
  endShowNow,
  seat,
  seatSeenByAnother,
  showIn,
} from "./booking-steps";
import { expect, test } from "./fixtures";
import { open } from "./steps";

test("a visitor is asked to sign in, and comes back to their bookings", async ({ page, customer }) => {
  const response = await page.goto("/my-bookings");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Sign in to see your bookings.")).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login?redirectTo=%2Fmy-bookings");
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(customer.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/my-bookings");
  await expect(page.getByRole("heading", { name: "No Bookings Yet" })).toBeVisible();
  await page.getByRole("link", { name: "Browse Movies" }).click();
  await expect(page).toHaveURL("/movies");
});

test("lists the next show first, with the summary; on a phone the figures leave its card in view", async ({
  customerPage: page,
  jsEnabled,
}) => {
  // Two days apart; each project books its own seats, so the two can run side by side.
  const seatLabel = jsEnabled ? "B1" : "B4";
  const sooner = showIn("Screen 1", 8);
  const later = showIn("Screen 1", 9);
  // The later show is booked last: newest first would list it first.
  await bookSeats(page, jsEnabled, sooner.path, [seatLabel]);
  await bookSeats(page, jsEnabled, later.path, [seatLabel]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/my-bookings");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole("heading")).toHaveText(sooner.movie.title);
  await expect(cards.nth(1).getByRole("heading")).toHaveText(later.movie.title);
  await expect(cards.nth(0).getByText(/^[0-9A-F]{8}$/)).toBeVisible();
  // The next show's card starts on the phone's first screen, below the figures.
  await expect(cards.nth(0).getByRole("heading")).toBeInViewport();
  const summary = (term: string) => page.getByRole("term").filter({ hasText: term }).locator("+ dd");
  await expect(summary("Total Bookings")).toHaveText("2");
  await expect(summary("Confirmed")).toHaveText("0");
  await expect(summary("Pending")).toHaveText("2");
  await expect(summary("Total Spent")).toHaveText("$0.00");
  await expect(summary("Total Spent")).toBeInViewport();
});

test("Upcoming and Total Bookings hold only bookings that keep seats; cancelled and expired ones are listed apart", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const held = bookingSlot(8, jsEnabled);
  const expired = bookingSlot(9, jsEnabled);
  await bookSeats(page, jsEnabled, held.path, ["G1"]);
  await bookSeats(page, jsEnabled, expired.path, ["G1"]);
  await endHoldNow(page, bookingIdIn(page));
  await bookSeats(page, jsEnabled, held.path, ["G9"]);
  await page.goto(`/my-bookings/${bookingIdIn(page)}/cancel`);
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(page).toHaveURL(/\/my-bookings$/);

  const summary = (term: string) => page.getByRole("term").filter({ hasText: term }).locator("+ dd");
  await expect(summary("Total Bookings")).toHaveText("1");
  await expect(summary("Pending")).toHaveText("1");
  const upcoming = page.getByRole("region", { name: "Upcoming" }).getByRole("article");
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming.getByText("G1", { exact: true })).toBeVisible();
  await expect(upcoming.getByText("Pending Payment")).toBeVisible();
  const gone = page.getByRole("region", { name: "Cancelled and expired" }).getByRole("article");
  await expect(gone).toHaveCount(2);
  await expect(gone.nth(0).getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(gone.nth(0).getByText("G9", { exact: true })).toBeVisible();
  await expect(gone.nth(1).getByText("Expired", { exact: true })).toBeVisible();
  await expect(gone.nth(1).getByText("G1", { exact: true })).toBeVisible();
  // None of the three was paid: each says when it was held, none that it was booked.
  await expect(page.getByRole("term").filter({ hasText: /^Held on$/ })).toHaveCount(3);
  await expect(page.getByRole("term").filter({ hasText: /^Booked on$/ })).toHaveCount(0);
});

test("a customer whose only booking was cancelled still finds it", async ({ customerPage: page, jsEnabled }) => {
  const { path } = bookingSlot(9, jsEnabled);
  await bookSeats(page, jsEnabled, path, ["G9"]);
  await page.goto(`/my-bookings/${bookingIdIn(page)}/cancel`);
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(page).toHaveURL(/\/my-bookings$/);
  await expect(page.getByRole("heading", { name: "No Bookings Yet" })).toHaveCount(0);
  await expect(page.getByRole("term").filter({ hasText: "Total Bookings" }).locator("+ dd")).toHaveText("0");
  await expect(page.getByText("No upcoming shows.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Cancelled and expired" }).getByRole("article")).toHaveCount(1);
});

test("cancel asks first, then frees the seats at once", async ({ customerPage: page, jsEnabled, browser, baseURL }) => {
  const { movie, path } = bookingSlot(10, jsEnabled);
  await bookSeats(page, jsEnabled, path, ["F8", "F9"]);
  await page.goto("/my-bookings");
  await page.getByRole("link", { name: /^Cancel booking / }).click();
  await expect(page.getByRole("heading", { name: "Cancel this booking?" })).toBeVisible();
  await page.getByRole("link", { name: "Keep booking" }).click();
  await expect(bookingCard(page, movie.title).getByText("Pending Payment")).toBeVisible();
  await page.getByRole("link", { name: /^Cancel booking / }).click();
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(page).toHaveURL(/\/my-bookings$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Booking cancelled. Seat(s) F8, F9 are free again." }),
  ).toBeVisible();
  await expect(bookingCard(page, movie.title).getByText("Cancelled")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cancel booking / })).toHaveCount(0);

  expect(await seatSeenByAnother(browser, jsEnabled, baseURL!, path, "F8")).toBe("Row F, seat 8, available");
});

test("another customer's booking is not found, to see or to cancel", async ({
  customerPage: page,
  jsEnabled,
  browser,
  baseURL,
}) => {
  const { path } = bookingSlot(11, jsEnabled);
  await bookSeats(page, jsEnabled, path, ["J5"]);
  await page.goto("/my-bookings");
  const cancelLink = await page.getByRole("link", { name: /^Cancel booking / }).getAttribute("href");
  const stranger = await anotherCustomer(browser, jsEnabled, baseURL!);
  expect((await stranger.page.goto(cancelLink!))?.status()).toBe(404);
  const post = await stranger.page.request.post(cancelLink!, { maxRedirects: 0 });
  expect(post.status()).toBe(404);
  await stranger.close();
  await page.reload();
  await expect(page.getByText("Pending Payment")).toBeVisible();
});

test("an unpaid hold expires at its deadline, for its owner and for everyone else", async ({
  customerPage: page,
  jsEnabled,
  browser,
  baseURL,
}) => {
  const { movie, path } = bookingSlot(12, jsEnabled);
  // The browser's clock is moved rather than waited for: it ticks in real time until the test moves it.
  if (jsEnabled) await page.clock.install();
  await bookSeats(page, jsEnabled, path, ["I1", "I2"]);
  const bookingId = bookingIdIn(page);
  await page.goto("/my-bookings");
  const card = bookingCard(page, movie.title);
  await expect(card.getByText("Pending Payment")).toBeVisible();
  if (jsEnabled) await expect(card.getByRole("timer")).toHaveText(/\d:\d{2} left/);

  const other = await anotherCustomer(browser, jsEnabled, baseURL!);
  await open(other.page, path);
  await chooseTime(other.page, jsEnabled);
  await expect(seat(other.page, "I1")).toBeDisabled();

  // The hold's deadline comes: on the test server (decision 37), and with JavaScript on the page's clock too.
  await endHoldNow(page, bookingId);
  if (jsEnabled) await page.clock.fastForward("01:01");
  else await page.reload();
  await expect(card.getByText("Expired")).toBeVisible();
  await other.page.reload();
  await expect(seat(other.page, "I1")).toBeEnabled();
  await expect(seat(other.page, "I1")).toHaveAccessibleName(/^Row I, seat 1, (available|selected)$/);
  await other.close();

  // An expired hold cannot be paid.
  await card.getByRole("link", { name: /^View Details/ }).click();
  await expect(page).toHaveURL(/\/my-bookings\/[0-9a-f-]{36}$/);
  const checkout = `${new URL(page.url()).pathname}/pay`;
  await page.goto(checkout);
  await expect(page.getByRole("alert").filter({ hasText: "This booking's hold has expired" })).toBeVisible();
  const post = await page.request.post(checkout, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "",
    maxRedirects: 0,
  });
  expect(post.status()).toBe(409);
  expect(await post.text()).toContain("This booking&#x27;s hold has expired");
});

test("a paid booking's ticket goes into a calendar with the cinema's address, and is Past once its show is over", async ({
  customerPage: page,
  jsEnabled,
}) => {
  // Its show is moved into the past below, so it is one no other test books: Screen 2's on a day of its own.
  const slot = showIn("Screen 2", jsEnabled ? 3 : 4);
  await bookAndPay(page, jsEnabled, slot, ["E4", "E5"]);
  const bookingId = bookingIdIn(page);
  const reference = bookingId.slice(0, 8).toUpperCase();
  await page.goto("/my-bookings");
  const upcoming = page.getByRole("region", { name: "Upcoming" });
  await expect(page.getByRole("region", { name: "Past" })).toHaveCount(0);
  await expect(upcoming.getByRole("term").filter({ hasText: /^Booked on$/ })).toBeVisible();
  await upcoming.getByRole("link", { name: `Show ticket of booking ${reference}` }).click();
  await expect(page).toHaveURL(`/my-bookings/${bookingId}#ticket`);

  const ticket = page.getByRole("region", { name: "Your e-ticket" });
  await expect(ticket.getByRole("img", { name: `QR code of the e-ticket for booking ${reference}` })).toBeVisible();
  await expect(ticket.getByText("1 Marquee Lane, Springfield")).toBeVisible();
  await expect(ticket.getByRole("link", { name: "Map" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/search?query=1%20Marquee%20Lane%2C%20Springfield",
  );
  // The QR code and the reference are what customers see: not the ticket's code, nor the gateway's reference.
  await expect(page.getByText(/[A-Za-z0-9_-]{43}/)).toHaveCount(0);
  expect(await page.content()).not.toMatch(/check-in\/|pi_test_|cs_test_/);

  const download = page.waitForEvent("download");
  // The test site has no wallet certificates: no wallet is offered (decision 73).
  await expect(ticket.getByRole("link", { name: /Wallet/ })).toHaveCount(0);
  await ticket.getByRole("link", { name: "Add to calendar" }).click();
  expect((await download).suggestedFilename()).toBe(`marquee-${reference}.ics`);
  const calendar = await page.request.get(`/my-bookings/${bookingId}/calendar.ics`);
  expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const lines = (await calendar.text()).replace(/\r\n /g, "").split("\r\n");
  expect(lines).toEqual(
    expect.arrayContaining([
      "BEGIN:VEVENT",
      `UID:booking-${bookingId}@127.0.0.1`,
      `SUMMARY:${slot.movie.title.replace(/([,;\\])/g, "\\$1")}`,
      "LOCATION:Screen 2\\, 1 Marquee Lane\\, Springfield",
      expect.stringMatching(/^DTSTART:\d{8}T\d{6}Z$/),
      expect.stringMatching(/^DTEND:\d{8}T\d{6}Z$/),
      expect.stringMatching(new RegExp(`^DESCRIPTION:Seats E4\\\\, E5\\\\nBooking reference ${reference}\\\\n`)),
    ]),
  );

  await endShowNow(page, bookingId);
  await page.goto("/my-bookings");
  const past = page.getByRole("region", { name: "Past" });
  await expect(past.getByRole("heading", { name: slot.movie.title })).toBeVisible();
  await expect(past.getByRole("link", { name: `Show ticket of booking ${reference}` })).toBeVisible();
  await expect(upcoming.getByRole("link", { name: `Show ticket of booking ${reference}` })).toHaveCount(0);
});
