// Ticket types at checkout: a held booking starts as Adult tickets, the customer chooses others, the server prices
// them, and the booking keeps what was paid.
import type { Page } from "@playwright/test";
import { ADULT_TYPE, CHILD_TYPE, createHall, createShowsDirectly, freshDay } from "./admin-steps";
import { bookingCard, bookingIdIn, bookSeats, payWithGoodCard } from "./booking-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A show of its own on a day past the sample schedule, selling Adult at $12.00 and Child at $8.00. */
async function showSellingAdultAndChild(staff: Page, jsEnabled: boolean, offset: number) {
  const movie = latestFirst[jsEnabled ? 10 : 11];
  const day = freshDay(80 + offset);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12", [CHILD_TYPE]: "8" }, [`${day}T18:00`]);
  return { movie, path: `/movies/${movie.id}/${day}` };
}

test("a customer makes one of three tickets a Child's: the lines and the total follow, and payment charges them", async ({
  customerPage: page,
  staffBeside,
  jsEnabled,
}) => {
  const slot = await showSellingAdultAndChild(staffBeside, jsEnabled, jsEnabled ? 0 : 1);
  await bookSeats(page, jsEnabled, slot.path, ["C4", "C5", "C6"]);
  const card = bookingCard(page, slot.movie.title);
  // Every seat starts as the show's standard ticket, Adult, at the show's price.
  const [adultCents, childCents] = [1200, 800];
  await expect(card).toContainText(`3 × Adult ${money(adultCents)}`);
  const tickets = page.getByRole("group", { name: "Tickets" });
  await expect(tickets.getByLabel(/^Child \$8\.00/)).toHaveValue("0");
  await expect(tickets.getByText("Under 12")).toBeVisible();
  // The show sells no other type.
  await expect(tickets.getByRole("combobox")).toHaveCount(2);

  // Counts that do not add up to the seats are refused, and change nothing.
  await tickets.getByLabel(/^Child/).selectOption("1");
  if (jsEnabled) {
    // The first type takes up the difference at once, and the server's total follows.
    await expect(tickets.getByLabel(/^Adult/)).toHaveValue("2");
  } else {
    await tickets.getByRole("button", { name: "Update tickets" }).click();
    await expect(page.getByRole("heading", { name: "Choose your tickets" })).toBeVisible();
    await expect(
      page.getByText("Please choose a ticket type for each of your 3 seats: the numbers must add up to 3."),
    ).toBeVisible();
    await expect(bookingCard(page, slot.movie.title)).toContainText(`3 × Adult ${money(adultCents)}`);
    const again = page.getByRole("group", { name: "Tickets" });
    await again.getByLabel(/^Adult/).selectOption("2");
    await again.getByLabel(/^Child/).selectOption("1");
    await again.getByRole("button", { name: "Update tickets" }).click();
    await expect(page.getByRole("heading", { name: "Pay for your booking" })).toBeVisible();
  }
  const total = 2 * adultCents + childCents;
  await expect(card).toContainText(`2 × Adult ${money(adultCents)}, 1 × Child ${money(childCents)}`);
  await expect(card).toContainText(money(total));
  await expect(page.getByRole("button", { name: `Pay ${money(total)}` })).toBeVisible();

  const bookingId = bookingIdIn(page);
  await payWithGoodCard(page);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByText(`2 × Adult ${money(adultCents)}, 1 × Child ${money(childCents)}`).first()).toBeVisible();
  // A paid booking's tickets stay as they were sold.
  const late = await page.request.post(`/my-bookings/${bookingId}/tickets`, {
    form: { "types[0]": ADULT_TYPE, "counts[0]": "3" },
    maxRedirects: 0,
  });
  expect(late.status()).toBe(302);
  await open(page, "/my-bookings");
  await expect(bookingCard(page, slot.movie.title)).toContainText(money(total));
});

test("a type the show does not sell is refused, and changes nothing", async ({
  customerPage: page,
  staffBeside,
  jsEnabled,
}) => {
  const slot = await showSellingAdultAndChild(staffBeside, jsEnabled, jsEnabled ? 2 : 3);
  await bookSeats(page, jsEnabled, slot.path, ["D4"]);
  const bookingId = bookingIdIn(page);
  const response = await page.request.post(`/my-bookings/${bookingId}/tickets`, {
    // Senior: on the price list, but not sold for this show.
    form: { "types[0]": "00000000-0000-4000-8000-00000000a003", "counts[0]": "1" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("That ticket type is not sold for this show. Please choose from the list.");
  await open(page, `/my-bookings/${bookingId}/pay`);
  await expect(bookingCard(page, slot.movie.title)).toContainText("1 × Adult");
});
