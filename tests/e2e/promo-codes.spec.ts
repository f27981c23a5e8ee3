// Promo codes: staff make one; a customer applies it at checkout, in any case, sees it as its own line and pays the
// rest; a wrong code is refused with a message and changes nothing; one sent once the hold ran out is told why.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  ADULT_TYPE,
  CHILD_TYPE,
  createHall,
  createShowsDirectly,
  dayFromToday,
  freshDay,
  makePercentCode,
} from "./admin-steps";
import { bookingCard, bookingIdIn, bookSeats, endHoldNow, payWithGoodCard } from "./booking-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

/** A fresh code's letters, so each run makes its own. */
const freshCode = (prefix: string) => `${prefix}-${randomUUID().slice(0, 6).toUpperCase()}`;

/** Sets the held booking's Adult and Child tickets at checkout: with JavaScript each change posts at once. */
async function chooseTickets(page: Page, jsEnabled: boolean, adults: number, children: number) {
  const tickets = page.getByRole("group", { name: "Tickets" });
  if (jsEnabled) {
    await tickets.getByLabel(/^Child/).selectOption(String(children));
    await expect(tickets.getByLabel(/^Adult/)).toHaveValue(String(adults));
    return;
  }
  await tickets.getByLabel(/^Adult/).selectOption(String(adults));
  await tickets.getByLabel(/^Child/).selectOption(String(children));
  await tickets.getByRole("button", { name: "Update tickets" }).click();
}

/** A day as the site writes dates: "2026-12-07" -> "Dec 7, 2026". */
const asDate = (day: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** A field of the promo code form by its label, which may end in a mark of "(required)" hidden from screen readers. */
const codeField = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\(required\\))?$`));

test("staff make a promo code, are refused days out of order, and end it", async ({ staffPage: page }) => {
  const code = freshCode("STAFF");
  await open(page, "/admin/promo-codes");
  await expect(page.getByRole("heading", { name: "Promo Codes", level: 1 })).toBeVisible();
  // What a code needs is marked so, for the eye and for screen readers; what may stay empty says what empty means.
  for (const label of ["Code", "Discount amount", "First day", "Last day"]) {
    await expect(page.locator("label").getByText(`${label} (required)`, { exact: true })).toBeVisible();
    await expect(codeField(page, label)).toHaveJSProperty("required", true);
  }
  await expect(page.getByLabel("Uses in all")).toHaveJSProperty("required", false);
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
  await expect(row).toContainText(`${asDate(dayFromToday(3))} to ${asDate(dayFromToday(10))}`);
  await expect(row).toContainText("0 of 50");
  // The form is empty again, ready for the next code: Create Code pressed again refuses, making nothing.
  for (const label of ["Code", "Discount amount", "First day", "Last day", "Uses in all"])
    await expect(codeField(page, label)).toHaveValue("");
  await expect(page.getByRole("checkbox", { name: "Child" })).not.toBeChecked();
  await page.getByRole("button", { name: "Create Code" }).click();
  await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code }) })).toHaveCount(1);
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

test("a code the changed tickets leave worth nothing is taken off with a message, and its use is not counted", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  // A film rated U, so Child tickets are sold.
  const movie = latestFirst[12];
  const day = freshDay(jsEnabled ? 98 : 99);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12", [CHILD_TYPE]: "8" }, [`${day}T18:00`]);
  const code = freshCode("KIDS");
  await makePercentCode(staff, code, "", { kind: "amount", value: "2", types: CHILD_TYPE, maxUses: "1" });
  await bookSeats(page, jsEnabled, `/movies/${movie.id}/${day}`, ["C4", "C5"]);
  await chooseTickets(page, jsEnabled, 1, 1);
  await expect(page.getByRole("button", { name: "Pay $20.00" })).toBeVisible();
  await page.getByLabel("Promo code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(bookingCard(page, movie.title)).toContainText(`1 × Child $8.00, Code ${code} −$2.00`);
  await expect(page.getByRole("button", { name: "Pay $18.00" })).toBeVisible();

  await chooseTickets(page, jsEnabled, 2, 0);
  await expect(
    page.getByText(
      `Code ${code} does not cover any of these tickets, so it was taken off and not counted as used. You can apply it again if you choose tickets it covers.`,
    ),
  ).toBeVisible();
  await expect(bookingCard(page, movie.title)).toContainText("2 × Adult $12.00");
  await expect(bookingCard(page, movie.title)).not.toContainText(`Code ${code}`);
  await expect(page.getByRole("button", { name: "Pay $24.00" })).toBeVisible();
  await open(staff, "/admin/promo-codes");
  await expect(staff.getByRole("row").filter({ has: staff.getByRole("rowheader", { name: code }) })).toContainText(
    "0 of 1",
  );
});

test("a code applied after the hold ran out is answered with why the booking can no longer be paid", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  const movie = latestFirst[14];
  const day = freshDay(jsEnabled ? 104 : 105);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12" }, [`${day}T18:00`]);
  await bookSeats(page, jsEnabled, `/movies/${movie.id}/${day}`, ["C4"]);
  await endHoldNow(page, bookingIdIn(page));
  await page.getByLabel("Promo code").fill("SPRING-10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("textbox", { name: "Promo code" })).toHaveCount(0);
  await expect(
    page.getByRole("alert").filter({
      hasText: "This booking's hold has expired, so it can no longer be paid. Please book your seats again.",
    }),
  ).toBeVisible();
});
