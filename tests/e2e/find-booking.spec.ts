// Find my booking (decision 72): anyone asks for a booking's link by email and Booking ID; it is mailed to the
// booking's own address, and the page answers the same whether or not there is such a booking.
import { bookingIdIn, bookingSlot, bookSeats } from "./booking-steps";
import { expect, test } from "./fixtures";
import { linkIn, mailsTo, theMail } from "./mailbox";
import { open } from "./steps";

const ANSWER = "If a booking with that Booking ID was made with that email, we have mailed the link to it there.";

test("a booking's link is mailed to its address; an unknown one is answered alike and sends nothing", async ({
  customerPage,
  customer,
  browser,
  baseURL,
  jsEnabled,
}) => {
  const { path } = bookingSlot(5, jsEnabled, { cancellable: true });
  await bookSeats(customerPage, jsEnabled, path, ["H8", "H9"]);
  const bookingId = bookingIdIn(customerPage);
  const reference = bookingId.slice(0, 8).toUpperCase();

  // Someone else's browser, signed in nowhere: the footer leads to the page.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const page = await context.newPage();
  await open(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Find my booking" }).click();
  await expect(page.getByRole("heading", { name: "Find my booking" })).toBeVisible();

  // A Booking ID that cannot be one is refused with what it looks like.
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Booking ID").fill("12345");
  await page.getByRole("button", { name: "Email me the link" }).click();
  await expect(
    page.getByText("Enter the 8 letters and digits of the Booking ID in your booking's mail, such as 3F2A9C1B."),
  ).toBeVisible();

  // An ID that is no booking of this address gets the same answer as a real one, and no mail.
  await page.getByLabel("Booking ID").fill("00000000");
  await page.getByRole("button", { name: "Email me the link" }).click();
  await expect(page.getByRole("status").filter({ hasText: ANSWER })).toBeVisible();

  await open(page, "/find-booking");
  await page.getByLabel("Email").fill(customer.email.toUpperCase());
  await page.getByLabel("Booking ID").fill(reference.toLowerCase());
  await page.getByRole("button", { name: "Email me the link" }).click();
  await expect(page.getByRole("status").filter({ hasText: ANSWER })).toBeVisible();

  const mail = await theMail(customer.email, /^Your Marquee Cinemas booking$/);
  expect(mail.text).toContain("Seats: H8, H9");
  expect(mail.text).toContain(`Booking ID: ${reference}`);
  expect(await mailsTo(customer.email, /^Your Marquee Cinemas booking$/)).toHaveLength(1);
  // The link opens the booking for its owner.
  await open(customerPage, linkIn(mail, `/my-bookings/${bookingId}`));
  await expect(customerPage.getByRole("heading", { name: `Booking ${reference}` })).toBeVisible();
  await context.close();
});
