// Promo codes: staff make one; a customer applies it at checkout, in any case, sees it as its own line and pays the
// rest; a wrong code is refused with a message and changes nothing.
import { randomUUID } from "node:crypto";
import { ADULT_TYPE, createHall, createShowsDirectly, dayFromToday, freshDay, makePercentCode } from "./admin-steps";
import { bookingCard, bookSeats, payWithGoodCard } from "./booking-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

/** A fresh code's letters, so each run makes its own. */
const freshCode = (prefix: string) => `${prefix}-${randomUUID().slice(0, 6).toUpperCase()}`;

test("staff make a promo code, are refused days out of order, and end it", async ({ staffPage: page }) => {
  const code = freshCode("STAFF");
  await open(page, "/admin/promo-codes");
  await expect(page.getByRole("heading", { name: "Promo Codes", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code.toLowerCase());
  await page.getByLabel("Discount", { exact: true }).selectOption("amount");
  await page.getByLabel("Discount amount").fill("5");
  await page.getByRole("checkbox", { name: "Child" }).check();
  await page.getByLabel("First day").fill(dayFromToday(3));
  await page.getByLabel("Last day").fill(dayFromToday(1));
  await page.getByLabel("Uses in all").fill("50");
  await page.getByRole("button", { name: "Create Code" }).click();
  await expect(page.getByText("The last day cannot be before the first")).toBeVisible();

  await page.getByLabel("Last day").fill(dayFromToday(10));
  await page.getByRole("button", { name: "Create Code" }).click();
  await expect(page.getByText(`Promo code ${code} created`)).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code }) });
  await expect(row).toContainText("$5.00 off");
  await expect(row).toContainText("Child, any film");
  await expect(row).toContainText("0 of 50");
  await row.getByRole("button", { name: `End now ${code}` }).click();
  await expect(page.getByText("Promo code ended")).toBeVisible();
  await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code }) })).toContainText(
    "Ended",
  );
});

test("a customer applies a code in lower case: its line, the total and the payment follow; a wrong one is refused", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  const movie = latestFirst[13];
  const day = freshDay(jsEnabled ? 92 : 93);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12" }, [`${day}T18:00`]);
  const code = freshCode("SPRING");
  await makePercentCode(staff, code, "20");
  await bookSeats(page, jsEnabled, `/movies/${movie.id}/${day}`, ["C4", "C5"]);
  const card = bookingCard(page, movie.title);
  await expect(card).toContainText("2 × Adult $12.00");

  await page.getByLabel("Promo code").fill("NOT-A-CODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("This code is not valid for this booking. Please check it and try again.")).toBeVisible();
  if (!jsEnabled) await page.getByRole("link", { name: "Back to payment" }).click();
  await expect(page.getByRole("button", { name: "Pay $24.00" })).toBeVisible();

  await page.getByLabel("Promo code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(bookingCard(page, movie.title)).toContainText(`2 × Adult $12.00, Code ${code} −$4.80`);
  await expect(page.getByRole("button", { name: "Pay $19.20" })).toBeVisible();

  // Taken off and put back: the total follows each time.
  await page.getByRole("button", { name: "Remove code" }).click();
  await expect(page.getByRole("button", { name: "Pay $24.00" })).toBeVisible();
  await page.getByLabel("Promo code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("button", { name: "Pay $19.20" })).toBeVisible();

  await payWithGoodCard(page);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByText(`Code ${code} −$4.80`).first()).toBeVisible();
  await open(staff, "/admin/promo-codes");
  await expect(staff.getByRole("row").filter({ has: staff.getByRole("rowheader", { name: code }) })).toContainText(
    "20% off",
  );
});

test("a code's last use goes to whoever applied it first; the next customer is told it is used up", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  const movie = latestFirst[15];
  const day = freshDay(jsEnabled ? 94 : 95);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12" }, [`${day}T18:00`]);
  const code = freshCode("LAST");
  const response = await staff.request.post("/admin/promo-codes", {
    form: {
      intent: "create",
      code,
      kind: "amount",
      value: "2",
      firstDay: dayFromToday(0),
      lastDay: dayFromToday(30),
      maxUses: "1",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  // Staff book too: they take the last use first.
  await bookSeats(staff, jsEnabled, `/movies/${movie.id}/${day}`, ["A1"]);
  await staff.getByLabel("Promo code").fill(code);
  await staff.getByRole("button", { name: "Apply" }).click();
  await expect(staff.getByRole("button", { name: "Pay $10.00" })).toBeVisible();

  await bookSeats(page, jsEnabled, `/movies/${movie.id}/${day}`, ["C4"]);
  await page.getByLabel("Promo code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("This code has been used up.")).toBeVisible();
  await expect(bookingCard(page, movie.title)).not.toContainText(`Code ${code}`);
});
