// The price list staff keep: ticket types with their prices and rules, which Add Shows takes by default.
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { open } from "./steps";

test("staff add a ticket type, are refused a name in use, change its price and take it off sale", async ({
  staffPage: page,
}) => {
  // Types are never deleted: each run adds its own.
  const name = `Member ${randomUUID().slice(0, 6)}`;
  await open(page, "/admin/prices");
  await expect(page.getByRole("heading", { name: "Prices", level: 1 })).toBeVisible();
  const adult = page.getByRole("group", { name: /^Adult, \$65\.00$/ });
  await expect(adult.getByLabel("Price (USD)")).toHaveValue("65.00");

  const adding = page.getByRole("group", { name: "New ticket type" });
  await adding.getByLabel("Name").fill("adult");
  await adding.getByLabel("Price (USD)").fill("30");
  await adding.getByRole("button", { name: "Add Ticket Type" }).click();
  await expect(page.getByText("A ticket type with this name already exists.")).toBeVisible();

  await page.getByRole("group", { name: "New ticket type" }).getByLabel("Name").fill(name);
  await page.getByRole("group", { name: "New ticket type" }).getByLabel("Rule shown to customers").fill("Members only");
  await page.getByRole("group", { name: "New ticket type" }).getByLabel("Price (USD)").fill("30");
  // An age limit must be a whole age; 17 is kept, and the Child type's is 11.
  await page.getByRole("group", { name: "New ticket type" }).getByLabel("Oldest age").fill("121");
  await page.getByRole("group", { name: "New ticket type" }).getByRole("button", { name: "Add Ticket Type" }).click();
  await expect(
    page.getByText("Please enter the oldest age as a whole number from 0 to 120, or leave it empty for any age"),
  ).toBeVisible();
  await page.getByRole("group", { name: "New ticket type" }).getByLabel("Oldest age").fill("17");
  await page.getByRole("group", { name: "New ticket type" }).getByRole("button", { name: "Add Ticket Type" }).click();
  await expect(page.getByText("Ticket type added")).toBeVisible();
  const added = page.getByRole("group", { name: `${name}, $30.00` });
  await expect(added.getByLabel("Rule shown to customers")).toHaveValue("Members only");
  await expect(added.getByLabel("Oldest age")).toHaveValue("17");
  await expect(page.getByRole("group", { name: /^Child, / }).getByLabel("Oldest age")).toHaveValue("11");
  await expect(adult.getByLabel("Oldest age")).toHaveValue("");

  // Add Shows offers it, at its list price.
  await open(page, "/admin/add-shows");
  await expect(page.getByLabel(`${name} (USD)`)).toHaveValue("30.00");

  await open(page, "/admin/prices");
  const editing = page.getByRole("group", { name: `${name}, $30.00` });
  await editing.getByLabel("Price (USD)").fill("0.5");
  await editing.getByLabel("Price (USD)").fill("27.5");
  await editing.getByRole("button", { name: `Save ${name}` }).click();
  await expect(page.getByText("Ticket type saved")).toBeVisible();
  const saved = page.getByRole("group", { name: `${name}, $27.50` });
  await expect(saved).toBeVisible();

  await saved.getByRole("button", { name: `Take ${name} off sale` }).click();
  await expect(page.getByText("Ticket type taken off sale")).toBeVisible();
  await expect(page.getByRole("button", { name: `Put ${name} on sale` })).toBeVisible();
  await open(page, "/admin/add-shows");
  await expect(page.getByLabel(`${name} (USD)`)).toHaveCount(0);
});

test("a price must be a positive amount, and the form says so", async ({ staffPage: page, jsEnabled }) => {
  await open(page, "/admin/prices");
  const adding = page.getByRole("group", { name: "New ticket type" });
  await adding.getByLabel("Name").fill(`Odd ${jsEnabled ? "js" : "no-js"} ${randomUUID().slice(0, 6)}`);
  await adding.getByLabel("Price (USD)").fill("12.345");
  await adding.getByRole("button", { name: "Add Ticket Type" }).click();
  await expect(page.getByText("Price can have at most 2 decimals")).toBeVisible();
  await expect(page.getByRole("group", { name: "New ticket type" }).getByLabel("Price (USD)")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
});
