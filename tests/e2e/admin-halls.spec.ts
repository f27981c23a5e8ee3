// The hall editor's grid of seats, with JavaScript (changed in place) and without (each press posts the form).
import { expect, test } from "./fixtures";
import { open } from "./steps";

test("staff press seats of the grid to change their kind, the rows follow, and saving stores them", async ({
  staffPage: page,
  jsEnabled,
}) => {
  const name = `Grid Hall ${jsEnabled ? "js" : "no-js"} ${Date.now()}`;
  await open(page, "/admin/halls/new");
  await page.getByLabel("Name").fill(name);
  const rows = page.getByLabel("Rows");
  await rows.fill("A 1 2 3\nB 1 2 3");
  // Without JavaScript the grid is drawn from the rows the page was sent: Preview sends the typed ones.
  if (!jsEnabled) await page.getByRole("button", { name: "Preview" }).click();
  const seats = page.getByRole("group", { name: "Seats" });
  const press = (seat: string) => seats.getByRole("button", { name: seat, exact: true }).click();

  await press("Row B, seat 2, standard seat");
  await expect(seats.getByRole("button", { name: "Row B, seat 2, premium seat" })).toBeVisible();
  await expect(rows).toHaveValue("A 1 2 3\nB 1 P2 3");
  await press("Row A, seat 1, standard seat");
  await press("Row A, seat 1, premium seat");
  for (const kind of ["standard seat", "premium seat", "wheelchair space", "companion seat"])
    await press(`Row A, seat 3, ${kind}`);
  await expect(seats.getByRole("button", { name: "Row A, place 3, gap" })).toBeVisible();
  await expect(rows).toHaveValue("A W1 2 .\nB 1 P2 3");

  await page.getByRole("button", { name: "Save Hall" }).click();
  await expect(page.getByText(`${name} saved: 5 seats.`)).toBeVisible();
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Rows")).toHaveValue("A W1 2 .\nB 1 P2 3");
  await expect(page.getByRole("group", { name: "Seats" }).getByRole("button")).toHaveCount(6);
});
