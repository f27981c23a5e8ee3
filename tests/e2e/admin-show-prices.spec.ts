// A show's prices changed after it was made: for tickets set from then on, never for those held or sold.
import { ADULT_TYPE, CHILD_TYPE, createHall, createShowsDirectly, freshDay } from "./admin-steps";
import { bookingCard, bookSeats } from "./booking-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

test("staff change a show's prices: a held booking keeps its price, its tickets step offers the new ones", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  const movie = latestFirst[12];
  const day = freshDay(jsEnabled ? 90 : 91);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12", [CHILD_TYPE]: "8" }, [`${day}T18:00`]);
  await bookSeats(page, jsEnabled, `/movies/${movie.id}/${day}`, ["C4", "C5"]);
  await expect(bookingCard(page, movie.title)).toContainText("2 × Adult $12.00");

  await open(staff, `/admin/list-shows?when=all&from=${day}&to=${day}&movie=${movie.id}`);
  await staff
    .getByRole("region", { name: "Shows" })
    .locator("tbody tr")
    .filter({ hasText: movie.title })
    .getByRole("link", { name: /^Prices/ })
    .click();
  await expect(staff.getByRole("heading", { name: "Show Prices" })).toBeVisible();
  await expect(staff.getByLabel("Adult (USD)")).toHaveValue("12.00");
  await expect(staff.getByLabel("Child (USD)")).toHaveValue("8.00");
  await expect(staff.getByLabel("Senior (USD)")).toHaveValue("");

  // A show must sell something.
  await staff.getByLabel("Adult (USD)").fill("");
  await staff.getByLabel("Child (USD)").fill("");
  await staff.getByRole("button", { name: "Save prices" }).click();
  await expect(staff.getByText("Please give at least one ticket type a price")).toBeVisible();

  await staff.getByLabel("Adult (USD)").fill("14");
  await staff.getByLabel("Senior (USD)").fill("9");
  await staff.getByRole("button", { name: "Save prices" }).click();
  await expect(staff.getByText("Prices saved. Tickets already sold keep their price.")).toBeVisible();

  // The hold keeps what it was set at; its tickets step sells at the show's prices now, and no more Child.
  await page.reload();
  await expect(bookingCard(page, movie.title)).toContainText("2 × Adult $12.00");
  const tickets = page.getByRole("group", { name: "Tickets" });
  await expect(tickets.getByLabel(/^Senior \$9\.00/)).toBeVisible();
  await expect(tickets.getByLabel(/^Child/)).toHaveCount(0);
  await tickets.getByLabel(/^Senior/).selectOption("1");
  if (!jsEnabled) {
    await tickets.getByLabel(/^Adult/).selectOption("1");
    await tickets.getByRole("button", { name: "Update tickets" }).click();
  }
  await expect(bookingCard(page, movie.title)).toContainText("1 × Adult $14.00, 1 × Senior $9.00");
  await expect(page.getByRole("button", { name: "Pay $23.00" })).toBeVisible();
});
