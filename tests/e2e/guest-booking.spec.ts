import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ADULT_TYPE, createHall, createShowsDirectly, freshDay } from "./admin-steps";
import { bookingIdIn, CHECKOUT_URL, chooseSeats, chooseTime, payWithGoodCard, proceed, showIn } from "./booking-steps";
import { expect, test } from "./fixtures";
import { linkIn, theMail } from "./mailbox";
import { latestFirst } from "./steps";

/** Books seats of the first time on the seat page `path` as a guest with this email; leaves the page on the answer. */
async function bookAsGuest(page: Page, jsEnabled: boolean, path: string, seats: string[], email: string) {
  await page.goto(path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, seats);
  await proceed(page);
  await page.getByLabel("Full name").fill("Gail Guest");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue to payment" }).click();
}

test("a guest books and pays with a name and an email, opens the mailed link in another browser and cancels", async ({
  page,
  browser,
  baseURL,
  jsEnabled,
}) => {
  // A show far enough ahead to be cancelled, in a hall and on days no other test books.
  const slot = showIn("Screen 4", jsEnabled ? 11 : 12);
  const email = `guest-${randomUUID()}@example.com`;
  await page.goto(slot.path);
  await chooseTime(page, jsEnabled);
  await chooseSeats(page, ["J7", "J8"]);
  const seatPageTotal = jsEnabled ? await page.locator(".seat-choice dd").last().textContent() : null;
  await proceed(page);

  await expect(page.getByRole("heading", { name: "Book as a guest" })).toBeVisible();
  await expect(page.getByText(/Seats J7, J8$/)).toBeVisible();
  // The total is said before the guest presses on to pay, above the button.
  const total = page.getByText(/^Total \$\d+\.\d{2}$/);
  await expect(total).toBeVisible();
  if (seatPageTotal) await expect(total).toHaveText(`Total ${seatPageTotal}`);
  const price = (await total.textContent())!.replace("Total ", "");
  await expect(
    page.getByText("As Adult tickets: you can choose other ticket types and add a promo code before paying."),
  ).toBeVisible();
  const [totalBox, buttonBox] = await Promise.all(
    [total, page.getByRole("button", { name: "Continue to payment" })].map((it) => it.boundingBox()),
  );
  expect(totalBox!.y).toBeLessThan(buttonBox!.y);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
    "href",
    /^\/login\?redirectTo=.*seats%3DJ7%26seats%3DJ8/,
  );
  // Bad input is refused with the messages, and books nothing.
  await page.getByLabel("Email").fill("gail@");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await page.getByLabel("Full name").fill("Gail Guest");
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(CHECKOUT_URL);
  await expect(page.getByRole("status").filter({ hasText: "Seat(s) J7, J8 are held for you until" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Pay ${price}` })).toBeVisible();
  const bookingId = bookingIdIn(page);
  await payWithGoodCard(page);
  await expect(page).toHaveURL(`/my-bookings/${bookingId}`);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR code of the e-ticket for booking / })).toBeVisible();
  // A guest has no My Bookings to go back to; an account with the same email brings the booking there.
  await expect(page.getByRole("link", { name: "← My Bookings" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");

  // The ticket mail goes to the address typed, with the link that manages the booking.
  const mail = await theMail(email, /^Your tickets for /);
  expect(mail.text).toContain("Hello Gail Guest,");
  const link = /Manage your booking[^:]*: https?:\/\/[^/\s]+(\/booking-link\/\S+)/.exec(mail.text!)![1];
  // Add to calendar is the file on the same link: a calendar app, or any client without this browser's pass (fetch
  // keeps no cookies), gets it as it is, linking to the booking through the signed link. So does the address mails sent
  // before asked for it with.
  const calendarLink = linkIn(mail, "/booking-link/");
  expect(calendarLink).toBe(`${link}/calendar.ics`);
  for (const address of [calendarLink, `${link}?then=calendar`]) {
    const calendar = await fetch(new URL(address, baseURL));
    expect(calendar.status, address).toBe(200);
    expect(calendar.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const file = (await calendar.text()).replace(/\r\n /g, "");
    expect(file).toContain("\r\nDESCRIPTION:Seats J7\\, J8\\n");
    expect(file).toMatch(new RegExp(`\r\nURL:https?://[^/\\s]+${link}\r\n`));
    expect(file).not.toContain("/my-bookings/");
  }

  const elsewhere = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const other = await elsewhere.newPage();
  // Without the link, the booking is not this browser's; an edited link opens nothing.
  await other.goto(`/my-bookings/${bookingId}`);
  await expect(other).toHaveURL(/\/login\?redirectTo=/);
  await other.goto(`${link.slice(0, -4)}AAAA`);
  await expect(
    other.getByText("This booking link is not valid or its show has ended.", { exact: false }),
  ).toBeVisible();
  await other.goto(link);
  await expect(other).toHaveURL(`/my-bookings/${bookingId}`);
  await expect(other.getByRole("img", { name: /^QR code of the e-ticket for booking / })).toBeVisible();
  // The pass names this booking alone.
  await other.goto(`/my-bookings/${randomUUID()}`);
  await expect(other).toHaveURL(/\/login\?redirectTo=/);

  await other.goto(`/my-bookings/${bookingId}`);
  await other.getByRole("link", { name: /^Cancel booking / }).click();
  await other.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(other).toHaveURL(`/my-bookings/${bookingId}`);
  await expect(other.getByRole("status").filter({ hasText: "Booking cancelled." })).toBeVisible();
  await expect(other.getByText("Cancelled", { exact: true })).toBeVisible();
  await elsewhere.close();
});

test("the guest form answers alike whoever's address is typed: only the holds of this browser count", async ({
  page,
  browser,
  baseURL,
  staffBeside: staff,
  jsEnabled,
}) => {
  const movie = latestFirst[16];
  const day = freshDay(jsEnabled ? 100 : 101);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12" }, [`${day}T18:00`]);
  const path = `/movies/${movie.id}/${day}`;
  const email = `holder-${randomUUID()}@example.com`;
  await bookAsGuest(page, jsEnabled, path, ["C1", "C2", "C3", "C4"], email);
  await expect(page).toHaveURL(CHECKOUT_URL);

  // This browser holds 4 seats: it is told so, whatever address it types now.
  await bookAsGuest(page, jsEnabled, path, ["E1", "E2"], `fresh-${randomUUID()}@example.com`);
  await expect(
    page.getByText("You already hold 4 seats for this show. You can hold at most 5 seats of a show until you pay."),
  ).toBeVisible();

  // A stranger typing the holder's address learns nothing of its holds: the seats are theirs to pay for.
  const elsewhere = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const stranger = await elsewhere.newPage();
  await bookAsGuest(stranger, jsEnabled, path, ["G1", "G2"], email);
  await expect(stranger).toHaveURL(CHECKOUT_URL);
  await expect(stranger.getByRole("status").filter({ hasText: "Seat(s) G1, G2 are held for you" })).toBeVisible();
  await expect(stranger.getByText(/You already hold/)).toHaveCount(0);
  await elsewhere.close();
});
