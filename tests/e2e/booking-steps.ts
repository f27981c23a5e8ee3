// Steps of the booking specs: where to book, choosing a time and seats, reading what the page says.
import { expect, type Browser, type Page } from "@playwright/test";
import { moviesFirstIn } from "../sample-catalogue";
import { createAccount, signIn, type Account } from "./identity";
import { open } from "./steps";

const dayFromToday = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * A show nobody else books in the test run, in Screen 1 (rows A to J of nine seats, which the booking tests choose
 * from): each booking test names its own slot, and the two projects (JavaScript on and off) take different ones.
 * The test server closes cancellations 10 days before a show (CANCEL_CUTOFF_MINUTES): slots on days 1 to 9 are
 * inside that time, `cancellable` ones on days 11 to 13 outside it. The movie's first show that day is the slot's.
 */
export function bookingSlot(index: number, jsEnabled: boolean, { cancellable = false } = {}) {
  const days = cancellable ? [11, 12, 13] : [1, 2, 3, 4, 5, 6, 7, 8, 9];
  const slots = days.flatMap((offset) => {
    const day = dayFromToday(offset);
    return moviesFirstIn("Screen 1", day).map((movie) => ({ movie, day }));
  });
  const slot = slots.filter((_, position) => position % 2 === (jsEnabled ? 0 : 1))[index];
  if (!slot) throw new Error(`There are not ${index + 1} sample shows in Screen 1 for this test run`);
  return { ...slot, path: `/movies/${slot.movie.id}/${slot.day}` };
}

/** A movie and day whose first show plays in a hall, for a test that wants that hall's seat page. */
export function showIn(hallName: string, days = 2) {
  const day = dayFromToday(days);
  const movie = moviesFirstIn(hallName, day)[0];
  return { movie, day, path: `/movies/${movie.id}/${day}` };
}

/** Pays for the booking whose checkout is open, with the test card that pays. */
/** The test gateway's hosted page, which Pay on the checkout opens (decision 45). */
export const GATEWAY_URL = /\/test-gateway\/checkouts\/cs_test_[0-9a-f]{24}$/;

/** Presses Pay on the checkout and lands on the gateway's page. */
export async function openGateway(page: Page) {
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(GATEWAY_URL);
}

/** Types a card on the gateway's page and pays. */
export async function payOnGateway(page: Page, cardNumber = "4242 4242 4242 4242") {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

/** From the checkout: Pay, then the good card on the gateway's page. */
export async function payWithGoodCard(page: Page) {
  await openGateway(page);
  await payOnGateway(page);
}

export function timeRadios(page: Page) {
  return page.getByRole("group", { name: "Available Timings" }).getByRole("radio");
}

/** A seat's checkbox, whatever state it is announced in. */
export function seat(page: Page, label: string) {
  return page.getByRole("checkbox", { name: new RegExp(`^Row ${label[0]}, seat ${label.slice(1)}, `) });
}

/** Chooses a show time: with JavaScript the seat map follows at once; without, the page asks the server. */
export async function chooseTime(page: Page, jsEnabled: boolean, index = 0) {
  await timeRadios(page).nth(index).check();
  if (jsEnabled) await expect(page).toHaveURL(/[?&]time=/);
  else await page.getByRole("button", { name: "Show seats for this time" }).click();
  await expect(timeRadios(page).nth(index)).toBeChecked();
}

export async function chooseSeats(page: Page, labels: string[]) {
  for (const label of labels) await seat(page, label).check();
}

export async function proceed(page: Page) {
  await page.getByRole("button", { name: "Proceed" }).click();
}

/** The checkout of a booking, where Proceed on the seat page lands. */
export const CHECKOUT_URL = /\/my-bookings\/[0-9a-f-]{36}\/pay$/;

/** Books seats on the first show of a slot as the signed-in page's customer; leaves the page on their checkout. */
export async function bookSeats(page: Page, jsEnabled: boolean, path: string, labels: string[], timeIndex = 0) {
  await page.goto(path);
  await chooseTime(page, jsEnabled, timeIndex);
  await chooseSeats(page, labels);
  await proceed(page);
  await expect(page).toHaveURL(CHECKOUT_URL);
  await expect(page.getByRole("heading", { name: "Pay for your booking" })).toBeVisible();
}

/**
 * Ends a booking's hold now on the test server (TEST_HOOKS, decision 37), as its deadline would, so a test moves
 * the clock instead of waiting for the hold to run out.
 */
export async function endHoldNow(page: Page, bookingId: string) {
  const response = await page.request.post(`/test-hooks/holds/${bookingId}/end`);
  expect(response.status()).toBe(204);
}

/** Moves a booking's show back so that it has just ended, on the test server (decision 37). */
export async function endShowNow(page: Page, bookingId: string) {
  const response = await page.request.post(`/test-hooks/bookings/${bookingId}/end-show`);
  expect(response.status()).toBe(204);
}

/** A booking's e-ticket code, which its QR code carries: what the door is given when the QR code is scanned. */
export async function ticketCodeOf(page: Page, bookingId: string) {
  const response = await page.request.get(`/test-hooks/bookings/${bookingId}/ticket-code`);
  expect(response.status()).toBe(200);
  return response.text();
}

/** The id of the booking whose checkout or page the page is on. */
export const bookingIdIn = (page: Page) => /\/my-bookings\/([0-9a-f-]{36})/.exec(page.url())![1];

type Slot = ReturnType<typeof bookingSlot>;

/** Books and pays seats of a slot; leaves the page on the paid booking's own page. */
export async function bookAndPay(page: Page, jsEnabled: boolean, slot: Slot, labels: string[]) {
  await bookSeats(page, jsEnabled, slot.path, labels);
  await payWithGoodCard(page);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
}

/** How a seat of a slot's first show is announced to a new customer opening the seat map. */
export async function seatSeenByAnother(
  browser: Browser,
  jsEnabled: boolean,
  baseURL: string,
  path: string,
  label: string,
) {
  const other = await anotherCustomer(browser, jsEnabled, baseURL);
  await open(other.page, path);
  await chooseTime(other.page, jsEnabled);
  const name = await seat(other.page, label).getAttribute("aria-label");
  await other.close();
  return name;
}

/** A second customer (or a staff member) in a browser context of their own. */
export async function anotherCustomer(
  browser: Browser,
  javaScriptEnabled: boolean,
  baseURL: string,
  { staff = false, account: existing }: { staff?: boolean; account?: Account } = {},
) {
  const account: Account = existing ?? (await createAccount(staff ? { staff, prefix: "staff" } : {}));
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, account);
  return { account, page, close: () => context.close() };
}

/** The booking card of a movie on /my-bookings. */
export function bookingCard(page: Page, title: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
}
