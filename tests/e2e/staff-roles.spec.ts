import { expect, test } from "./fixtures";
import { linkIn, theMail } from "./mailbox";

test("a manager invites a door account, which accepts, is refused the prices, and the record shows both", async ({
  staffPage: manager,
  customer,
  browser,
}) => {
  await manager.goto("/admin/staff");
  await manager.getByLabel("Email").fill(customer.email);
  await manager.getByLabel("Role", { exact: true }).selectOption("door");
  await manager.getByRole("button", { name: "Send Invitation" }).click();
  await expect(manager.getByText(`Invitation sent to ${customer.email}`)).toBeVisible();

  const door = await browser.newPage();
  await door.goto(
    linkIn(await theMail(customer.email, /invited to the Marquee Cinemas staff \(Door\)$/), "/login/email-link?"),
  );
  await door.getByRole("button", { name: "Sign In" }).click();
  await expect(door.getByRole("heading", { name: "Join the staff" })).toBeVisible();
  await door.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(door).toHaveURL(/\/admin\/check-in$/);
  await expect(door.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText(["Check In"]);

  const refused = await door.goto("/admin/prices");
  expect(refused?.status()).toBe(403);
  await expect(door.getByText("Your role (Door) does not include this page or action")).toBeVisible();
  await door.close();

  await manager.goto("/admin/changes");
  const rows = manager.getByRole("row");
  await expect(rows.filter({ hasText: "Staff invited" }).filter({ hasText: customer.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Staff joined" }).filter({ hasText: customer.email })).toHaveCount(1);
});
