import {
  anotherCustomer,
  bookAndPay,
  bookingCard,
  bookingIdIn,
  bookingSlot,
  bookSeats,
  CHECKOUT_URL,
  endHoldNow,
  openGateway,
  payOnGateway,
  payWithGoodCard,
  seatSeenByAnother,
} from "./booking-steps";
import { randomUUID } from "node:crypto";
import type { Locator } from "@playwright/test";
import { ADULT_TYPE, createHall, createShowsDirectly, freshDay, makePercentCode } from "./admin-steps";
import { expect, test } from "./fixtures";
import { theMail } from "./mailbox";
import { expectErrorPage, latestFirst, open } from "./steps";

const STUDENT_TYPE = "00000000-0000-4000-8000-00000000a004";

test("pays on the gateway's page with the good card and gets an e-ticket with a QR code", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const slot = bookingSlot(13, jsEnabled);
  const { movie } = slot;
  await bookSeats(page, jsEnabled, slot.path, ["D1", "D2"]);
  const amount = (await page.getByRole("term").filter({ hasText: "Amount" }).locator("+ dd").textContent())!;
  // Its show is inside the test server's 10-day cut-off: paying buys no refund, and checkout says so before Pay.
  await expect(
    page.getByText(
      "Cancellation: full refunds end 10 days before the show, and that time has passed: once paid, this booking cannot be cancelled or refunded.",
    ),
  ).toBeVisible();
  await expect(page.getByText(/can be cancelled for a full refund/)).toHaveCount(0);
  // The site's checkout takes no card: Pay opens the gateway's hosted page.
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await expect(page.getByText("Your card number never reaches this site.", { exact: false })).toBeVisible();
  await openGateway(page);
  await expect(page.getByRole("note").filter({ hasText: "TEST MODE" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Pay ${amount}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Order" }).getByRole("listitem")).toHaveText([`2 × Adult${amount}`]);
  await payOnGateway(page);

  await expect(page).toHaveURL(/\/my-bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: "Payment received. Your e-ticket is ready." })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByText("ending 4242")).toBeVisible();
  const qr = page.getByRole("img", { name: /^QR code of the e-ticket for booking [0-9A-F]{8}$/ });
  await expect(qr).toBeVisible();
  await expect(qr.locator("svg")).toHaveCount(1);
  // Customers see the QR code and the reference, never the gateway's reference or the ticket's long code.
  await expect(page.getByText(/pi_test_|[A-Za-z0-9_-]{43}/)).toHaveCount(0);

  // On a phone the ticket leads: its QR code and booking reference fill the first screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const reference = page.getByRole("term").filter({ hasText: "Booking reference" }).locator("+ dd");
  await expect(reference).toHaveText(/^[0-9A-F]{8}$/);
  await expect(page).toHaveURL(new RegExp(`/my-bookings/${(await reference.textContent())!.toLowerCase()}-`));
  await expect(qr).toBeInViewport({ ratio: 1 });
  await expect(reference).toBeInViewport({ ratio: 1 });

  await page.goto("/my-bookings");
  const summary = (term: string) => page.getByRole("term").filter({ hasText: term }).locator("+ dd");
  await expect(summary("Confirmed")).toHaveText("1");
  await expect(summary("Total Spent")).toHaveText(amount);
  await expect(bookingCard(page, movie.title).getByRole("link", { name: /^Pay Now/ })).toHaveCount(0);
});

test("the gateway names what is wrong with each card field, a declined card and one without funds", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const slot = bookingSlot(14, jsEnabled);
  await bookSeats(page, jsEnabled, slot.path, ["E1"]);
  await openGateway(page);
  const pay = page.getByRole("button", { name: /^Pay \$/ });
  await pay.click();
  for (const message of ["Enter your card number", "Enter the expiry date", "Enter the security code"]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const attempts: [string, string, string, string][] = [
    ["1234 5678 9012 3456", "12/34", "123", "Enter a valid card number"],
    ["4242 4242 4242 4242", "13/30", "123", "Enter the expiry date as MM/YY"],
    ["4242 4242 4242 4242", "01/20", "123", "This card has expired"],
    ["4242 4242 4242 4242", "12/34", "12", "The security code is 3 or 4 digits"],
  ];
  for (const [number, expiry, cvc, message] of attempts) {
    await page.getByLabel("Card number").fill(number);
    await page.getByLabel("Expiry (MM/YY)").fill(expiry);
    await page.getByLabel("Security code (CVC)").fill(cvc);
    await pay.click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    // What was typed stays to be corrected; the server never sends the security code back.
    await expect(page.getByLabel("Card number")).toHaveValue(number);
    await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue(expiry);
    if (!jsEnabled) await expect(page.getByLabel("Security code (CVC)")).toHaveValue("");
  }

  // A refused card says what to try next, and keeps all but the security code, with JavaScript too.
  for (const [number, message] of [
    ["4000 0000 0000 0002", "Your card was declined. Check the number or try another card."],
    ["4000 0000 0000 9995", "Your card has insufficient funds. Try another card."],
  ]) {
    await page.getByLabel("Card number").fill(number);
    await page.getByLabel("Expiry (MM/YY)").fill("11/33");
    await page.getByLabel("Security code (CVC)").fill("321");
    await pay.click();
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveValue(number);
    await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("11/33");
    await expect(page.getByLabel("Security code (CVC)")).toHaveValue("");
  }
  // Back to the cinema, the booking is still unpaid; corrected, the same checkout pays.
  await page.getByRole("link", { name: "Back to the cinema" }).click();
  await expect(page).toHaveURL(CHECKOUT_URL);
  await payWithGoodCard(page);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await page.goto("/my-bookings");
  await expect(bookingCard(page, slot.movie.title).getByText("Paid", { exact: true })).toBeVisible();
});

test("a card that needs a second step pays once the customer confirms, and not when they refuse", async ({
  customerPage: page,
  jsEnabled,
}) => {
  const slot = bookingSlot(19, jsEnabled);
  await bookSeats(page, jsEnabled, slot.path, ["E3"]);
  await openGateway(page);
  const gateway = page.url();
  await payOnGateway(page, "4000 0025 0000 3155");
  await expect(page.getByText(/^Your bank asks you to confirm this payment of \$[\d.]+\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Refuse payment" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "The bank could not confirm this payment. Please try again or use another card." }),
  ).toBeVisible();
  await expect(page).toHaveURL(gateway);
  await payOnGateway(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment received. Your e-ticket is ready." })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByText("ending 3155")).toBeVisible();
});

test("paying in two tabs makes one payment", async ({ customerPage: page, jsEnabled }) => {
  const { path } = bookingSlot(15, jsEnabled);
  await bookSeats(page, jsEnabled, path, ["F1"]);
  const checkout = new URL(page.url()).pathname;
  const secondTab = await page.context().newPage();
  await secondTab.goto(checkout);
  // Both tabs get the same checkout at the gateway.
  await openGateway(secondTab);
  await openGateway(page);
  expect(secondTab.url()).toBe(page.url());
  await payOnGateway(page);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  const paid = page.getByRole("term").filter({ hasText: "Amount paid" }).locator("+ dd");
  const payment = await paid.textContent();

  await secondTab.reload();
  await expect(secondTab.getByRole("status").filter({ hasText: "This checkout is paid." })).toBeVisible();
  await expect(secondTab.getByLabel("Card number")).toHaveCount(0);
  await secondTab.goto(checkout);
  await expect(secondTab).toHaveURL(new RegExp(`${checkout.replace(/\/pay$/, "")}$`));
  await expect(secondTab.getByRole("status").filter({ hasText: "This booking is already paid." })).toBeVisible();
  await expect(secondTab.getByRole("term").filter({ hasText: "Amount paid" }).locator("+ dd")).toHaveText(payment!);
  await secondTab.goto("/my-bookings");
  const summary = secondTab.getByRole("term").filter({ hasText: "Confirmed" }).locator("+ dd");
  await expect(summary).toHaveText("1");
});

test("a booking a 100 % code makes free is confirmed without the gateway, and says so to its owner and to staff", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  const code = `FREE-${randomUUID().slice(0, 6).toUpperCase()}`;
  await makePercentCode(staff, code, "100");
  // A show of its own, in a hall of its own: the sample shows' slots are all taken by other tests.
  const movie = latestFirst[14];
  const day = freshDay(jsEnabled ? 96 : 97);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12" }, [`${day}T18:00`]);
  const slot = { movie, path: `/movies/${movie.id}/${day}` };
  await bookSeats(page, jsEnabled, slot.path, ["C4", "C5"]);
  await page.getByLabel("Promo code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(bookingCard(page, slot.movie.title)).toContainText(`Code ${code}`);
  await expect(bookingCard(page, slot.movie.title)).toContainText("$0.00");
  // Nothing goes to the gateway: no Pay $0.00, and no card.
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);
  await expect(page.getByText("There is nothing to pay: no card is needed.")).toBeVisible();
  await page.getByRole("button", { name: "Confirm booking" }).click();

  await expect(page).toHaveURL(/\/my-bookings\/[0-9a-f-]{36}$/);
  const bookingId = bookingIdIn(page);
  await expect(
    page.getByRole("status").filter({ hasText: "Booking confirmed with nothing to pay. Your e-ticket is ready." }),
  ).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Payment" })
      .getByText("Nothing to pay: this booking was confirmed without a payment."),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR code of the e-ticket for booking / })).toBeVisible();

  await staff.goto(`/admin/list-bookings?search=${bookingId}`);
  const row = staff.getByRole("row").filter({ hasText: `Booking ${bookingId.slice(0, 8).toUpperCase()}` });
  await expect(row).toContainText("$0.00");
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("Nothing to pay");
  const csv = await (await staff.request.get(`/admin/list-bookings.csv?search=${bookingId}`)).text();
  expect(csv).toContain(",0.00,Paid,Nothing to pay,,");
});

test("a second checkout paid after the booking was paid is said to be refunded, on the return and on the booking", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  const movie = latestFirst[15];
  const day = freshDay(jsEnabled ? 98 : 99);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12", [STUDENT_TYPE]: "9" }, [`${day}T18:00`]);
  const slot = { movie, path: `/movies/${movie.id}/${day}` };
  await bookSeats(page, jsEnabled, slot.path, ["C4", "C5"]);
  const checkout = new URL(page.url()).pathname;
  // The first checkout, for 2 × Adult, stays open on the gateway in this tab, its card typed.
  await openGateway(page);
  const secondAmount = (await page.getByRole("heading", { name: /^Pay \$/ }).textContent())!.replace(/^Pay /, "");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");

  // In another tab the tickets change, so Pay opens a checkout of their own, which pays the booking.
  const otherTab = await page.context().newPage();
  // Opened until it runs: with JavaScript a ticket chosen before then would wait for an Update tickets press.
  await open(otherTab, checkout);
  const tickets = otherTab.getByRole("group", { name: "Tickets" });
  await tickets.getByLabel(/^Student/).selectOption("1");
  if (!jsEnabled) {
    await tickets.getByLabel(/^Adult/).selectOption("1");
    await tickets.getByRole("button", { name: "Update tickets" }).click();
  }
  await expect(bookingCard(otherTab, slot.movie.title)).toContainText(/1 × Adult \$[\d.]+, 1 × Student/);
  await openGateway(otherTab);
  expect(otherTab.url()).not.toBe(page.url());
  await payOnGateway(otherTab);
  await expect(
    otherTab.getByRole("status").filter({ hasText: "Payment received. Your e-ticket is ready." }),
  ).toBeVisible();

  // The first checkout is paid too (before the site's job ends it at the gateway): that money goes back.
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/my-bookings\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole("status").filter({
      hasText:
        "This booking was already paid, so this second payment is being refunded in full. Your e-ticket is unchanged.",
    }),
  ).toBeVisible();
  await expect(page.getByText("Payment received")).toHaveCount(0);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(
    payment.getByText(
      `A second payment of ${secondAmount} was made after this booking was already paid, so it is refunded in full. Your booking and e-ticket are unchanged.`,
    ),
  ).toBeVisible();
  await expect(payment.getByText(new RegExp(`^\\${secondAmount} refunded to your card ending 4242 on `))).toBeVisible();
  await expect(payment.getByText(/^Refund(ed| pending)$/)).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR code of the e-ticket for booking / })).toBeVisible();
});

test("a payment made on the gateway after the hold ended is refunded in full and mailed", async ({
  customerPage: page,
  jsEnabled,
  customer,
}) => {
  const slot = bookingSlot(16, jsEnabled);
  await bookSeats(page, jsEnabled, slot.path, ["F5"]);
  const bookingId = bookingIdIn(page);
  await openGateway(page);
  await endHoldNow(page, bookingId);
  await payOnGateway(page);
  await expect(
    page.getByRole("alert").filter({
      hasText:
        "Your payment arrived after this booking's hold had ended, so it is refunded in full. Please book your seats again.",
    }),
  ).toBeVisible();
  await expect(page.getByText("Expired", { exact: true })).toBeVisible();
  const mail = await theMail(customer.email, /^Payment refunded: /);
  expect(mail.text).toMatch(/it arrived after the seats' hold had ended/);
  expect(mail.text).toMatch(/\$[\d.]+ is refunded to your card ending 4242\./);
});

test("cancelling a paid booking before the cutoff refunds it and frees the seats", async ({
  customerPage: page,
  jsEnabled,
  browser,
  baseURL,
}) => {
  const slot = bookingSlot(0, jsEnabled, { cancellable: true });
  const { movie, path } = slot;
  await bookAndPay(page, jsEnabled, slot, ["G1", "G2"]);
  await page.getByRole("link", { name: /^Cancel booking/ }).click();
  await expect(page.getByText(/will be refunded to your card ending 4242/)).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /Booking cancelled\. \$[\d.]+ is refunded to your card\./ }),
  ).toBeVisible();
  // The card says what was refunded, to which card, when, where it stands and how long banks take; so does the page.
  const refunded = /^\$[\d.]+ refunded to your card ending 4242 on \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M\.$/;
  const expectRefundDetails = async (card: Locator) => {
    await expect(card.getByText(/^(Refunded|Refund pending)$/)).toBeVisible();
    await expect(card.getByText(refunded)).toBeVisible();
    await expect(card.getByText("Banks take 5–10 working days to show a refund on your statement.")).toBeVisible();
  };
  await expectRefundDetails(bookingCard(page, movie.title));
  await bookingCard(page, movie.title)
    .getByRole("link", { name: /^View Details/ })
    .click();
  await expectRefundDetails(page.getByRole("article"));
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText(/re_test_|pi_test_/)).toHaveCount(0);
  await expect(page.getByRole("img", { name: /QR code/ })).toHaveCount(0);

  expect(await seatSeenByAnother(browser, jsEnabled, baseURL!, path, "G1")).toBe("Row G, seat 1, available");
});

test("after the cutoff a paid booking cannot be cancelled, and says why", async ({ customerPage: page, jsEnabled }) => {
  const slot = bookingSlot(17, jsEnabled);
  await bookAndPay(page, jsEnabled, slot, ["H1"]);
  await expect(page.getByText("Cancellation closed 10 days before the show.")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cancel booking/ })).toHaveCount(0);
  const cancelPage = `${new URL(page.url()).pathname}/cancel`;
  await page.goto(cancelPage);
  await expect(page.getByText(/Cancellations close 10 days before the show/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, cancel booking" })).toHaveCount(0);
  const forced = await page.request.post(cancelPage, { maxRedirects: 0 });
  expect(forced.status()).toBe(302);
  await page.goto("/my-bookings");
  await expect(bookingCard(page, slot.movie.title).getByText("Paid", { exact: true })).toBeVisible();
});

test("another customer's booking is not found on any booking page or action", async ({
  customerPage: page,
  jsEnabled,
  browser,
  baseURL,
}) => {
  const { movie, path } = bookingSlot(18, jsEnabled);
  await bookSeats(page, jsEnabled, path, ["I1"]);
  await page.goto("/my-bookings");
  const details = await bookingCard(page, movie.title)
    .getByRole("link", { name: /^View Details/ })
    .getAttribute("href");
  const stranger = await anotherCustomer(browser, jsEnabled, baseURL!);
  for (const address of [details!, `${details}/pay`, `${details}/cancel`]) {
    const answer = await stranger.page.goto(address);
    expect(answer?.status(), address).toBe(404);
    await expectErrorPage(
      stranger.page,
      answer,
      "Page not found",
      "We could not find that booking among yours. Check the link, or find it in My Bookings.",
    );
    await expect(stranger.page.getByRole("link", { name: "Go to My Bookings" })).toBeVisible();
  }
  const card = "cardNumber=4242424242424242&expiry=12%2F34&cvc=123";
  for (const action of [`${details}/pay`, `${details}/cancel`]) {
    const response = await stranger.page.request.post(action, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: card,
      maxRedirects: 0,
    });
    expect(response.status(), action).toBe(404);
  }
  await stranger.close();
  await page.goto(details!);
  await expect(page.getByText("Pending Payment")).toBeVisible();
});
