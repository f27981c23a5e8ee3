// The box office counter (decision 71): a sale paid in cash with its print page, and a seat sold online a moment
// before refused, naming it.
import type { Page } from "@playwright/test";
import { CHILD_TYPE, ADULT_TYPE, createHall, createShowsDirectly, freshDay } from "./admin-steps";
import { bookingCard, bookSeats, seat } from "./booking-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

/** A show of the test's own, in a hall of its own, selling Adult at $12 and Child at $8: its id. */
async function counterShow(staff: Page, movieId: string, day: string) {
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movieId, hall.id, { [ADULT_TYPE]: "12", [CHILD_TYPE]: "8" }, [`${day}T18:00`]);
  await open(staff, `/admin/list-shows?when=all&from=${day}&to=${day}&movie=${movieId}`);
  const prices = staff
    .getByRole("region", { name: "Shows" })
    .locator("tbody tr")
    .filter({ hasText: hall.name })
    .getByRole("link", { name: /^Prices/ });
  const href = await prices.getAttribute("href");
  return /\/admin\/shows\/([0-9a-f-]{36})\/prices/.exec(href!)![1];
}

async function holdAtCounter(staff: Page, seats: string[]) {
  for (const label of seats) await seat(staff, label).check();
  await staff.getByRole("button", { name: "Hold seats" }).click();
}

test("a counter sale paid in cash: too little cash is refused, the change is due, the tickets print and count in the takings", async ({
  staffPage: staff,
  jsEnabled,
}) => {
  // Rated U, so Child tickets are sold for it.
  const movie = latestFirst[10];
  const showId = await counterShow(staff, movie.id, freshDay(jsEnabled ? 100 : 101));
  await open(staff, "/admin/counter");
  await expect(staff.getByRole("heading", { name: "Counter" })).toBeVisible();
  await expect(staff.locator(".counter-show").first()).toBeVisible();

  await open(staff, `/admin/counter/shows/${showId}`);
  await expect(staff.getByRole("heading", { name: `Counter: ${movie.title}` })).toBeVisible();
  await holdAtCounter(staff, ["C4", "C5"]);
  await expect(staff).toHaveURL(/\/admin\/counter\/sales\/[0-9a-f-]{36}$/);
  await expect(bookingCard(staff, movie.title)).toContainText("2 × Adult $12.00");

  const tickets = staff.getByRole("group", { name: "Tickets" });
  await tickets.getByLabel(/^Child/).selectOption("1");
  if (!jsEnabled) {
    await tickets.getByLabel(/^Adult/).selectOption("1");
    await tickets.getByRole("button", { name: "Update tickets" }).click();
  }
  await expect(bookingCard(staff, movie.title)).toContainText("1 × Adult $12.00, 1 × Child $8.00");
  await expect(staff.getByRole("heading", { name: "Payment: $20.00" })).toBeVisible();

  await staff.getByRole("radio", { name: "Cash" }).check();
  await staff.getByLabel(/^Cash tendered/).fill("15");
  await staff.getByRole("button", { name: "Take payment" }).click();
  await expect(
    staff.getByText("$15.00 does not cover the total of $20.00: take $5.00 more, or take the payment by card."),
  ).toBeVisible();
  await expect(bookingCard(staff, movie.title)).toContainText("Pending Payment");

  await staff.getByLabel(/^Cash tendered/).fill("50");
  await staff.getByRole("button", { name: "Take payment" }).click();
  await expect(staff.getByText("Paid in cash: $20.00. Change due: $30.00.")).toBeVisible();
  await expect(bookingCard(staff, movie.title)).toContainText("Paid");
  const facts = staff.locator(".counter-payment-facts");
  await expect(facts).toContainText("Cash tendered$50.00");
  await expect(facts).toContainText("Change due$30.00");
  const salePath = new URL(staff.url()).pathname;
  const reference = (await bookingCard(staff, movie.title).locator("dd").nth(3).innerText()).trim();

  await staff.getByRole("link", { name: "Print tickets" }).click();
  const ticket = staff.locator(".printed-ticket");
  await expect(ticket.getByRole("heading", { name: movie.title })).toBeVisible();
  await expect(ticket.getByRole("img", { name: `QR code of the e-ticket for booking ${reference}` })).toBeVisible();
  await expect(ticket).toContainText(`Booking reference${reference}`);
  await expect(ticket).toContainText("SeatsC4, C5");
  await expect(ticket).toContainText("1 × Adult $12.00");
  await expect(ticket).toContainText("1 × Child $8.00");
  await expect(ticket).toContainText("Price$20.00");
  // Printed on an 80 mm roll: the ticket is 72 mm wide, the roll's printable width.
  await staff.emulateMedia({ media: "print" });
  await expect(staff.locator(".admin-menu")).toBeHidden();
  const width = await ticket.evaluate((element) => element.getBoundingClientRect().width);
  expect(Math.round(width)).toBeLessThanOrEqual(Math.round((72 / 25.4) * 96));
  await staff.emulateMedia({ media: "screen" });

  const name = (await staff.locator(".admin-profile strong").innerText()).trim();
  await open(staff, "/admin/takings");
  const mine = staff.getByRole("row").filter({ has: staff.getByRole("rowheader", { name }) });
  await expect(mine.getByRole("cell")).toHaveText(["Cash", "1", "$20.00", "0", "$0.00", "$20.00"]);

  // Refunded at the counter: the cash goes back, and the seats are free again.
  await open(staff, salePath);
  await staff.getByRole("button", { name: "Refund $20.00" }).click();
  await expect(staff.getByText("Refunded: give back $20.00 in cash. The seats are free again.")).toBeVisible();
  await expect(bookingCard(staff, movie.title)).toContainText("Cancelled");
  await open(staff, `/admin/counter/shows/${showId}`);
  await expect(seat(staff, "C4")).toBeEnabled();
});

test("a seat sold online a second earlier is refused at the counter, naming it, and the rest can still be sold", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  const movie = latestFirst[15];
  const day = freshDay(jsEnabled ? 102 : 103);
  const showId = await counterShow(staff, movie.id, day);
  await open(staff, `/admin/counter/shows/${showId}`);
  await expect(seat(staff, "D4")).toBeEnabled();

  await bookSeats(page, jsEnabled, `/movies/${movie.id}/${day}`, ["D4"]);

  await holdAtCounter(staff, ["D3", "D4"]);
  await expect(staff.getByText("Sorry, seat(s) D4 were just taken. Please choose again.")).toBeVisible();
  await expect(seat(staff, "D4")).toBeDisabled();
  await expect(seat(staff, "D3")).toBeChecked();
  await staff.getByRole("button", { name: "Hold seats" }).click();
  await expect(staff).toHaveURL(/\/admin\/counter\/sales\/[0-9a-f-]{36}$/);
  const sold = bookingCard(staff, movie.title);
  await expect(sold.getByText("D3", { exact: true })).toBeVisible();
  await expect(sold.getByText(/\bD4\b/)).toHaveCount(0);
});
