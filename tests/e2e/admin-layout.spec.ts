import { expect, test } from "./fixtures";
import { open } from "./steps";

const PAGES = ["/admin", "/admin/add-shows", "/admin/list-shows", "/admin/list-bookings", "/admin/check-in"];

test(
  "the admin panel has its own top bar and menu, and shows who is signed in",
  { tag: "@display" },
  async ({ staffPage: page, staff }) => {
    await open(page, "/admin/list-shows");
    await expect(page.getByText("Admin Panel")).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Admin" });
    for (const [label, path] of [
      ["Dashboard", "/admin"],
      ["Schedule", "/admin/schedule"],
      ["Add Shows", "/admin/add-shows"],
      ["List Shows", "/admin/list-shows"],
      ["List Bookings", "/admin/list-bookings"],
      ["Halls", "/admin/halls"],
      ["Prices", "/admin/prices"],
      ["Movies", "/admin/movies"],
      ["Promo Codes", "/admin/promo-codes"],
      ["Reports", "/admin/reports"],
      ["Check In", "/admin/check-in"],
      ["Outbox", "/admin/outbox"],
    ])
      await expect(menu.getByRole("link", { name: label })).toHaveAttribute("href", path);
    await expect(menu.getByRole("link", { name: "List Shows" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(staff.name, { exact: true })).toBeVisible();
    await expect(page.getByText(staff.email)).toBeVisible();
    // The site's own navbar and footer are not part of it.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  },
);

test("the menu collapses and expands, and the choice is remembered", async ({ staffPage: page }) => {
  const menu = page.getByRole("navigation", { name: "Admin" });
  await open(page, "/admin/list-shows?when=past");
  await expect(menu).toBeVisible();
  // The choice is remembered once the post is answered (with JavaScript the menu moves before that).
  const answered = () => page.waitForResponse((response) => response.request().method() === "POST");
  await Promise.all([answered(), page.getByRole("button", { name: "Hide menu" }).click()]);
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL("/admin/list-shows?when=past");
  await expect(page.getByRole("button", { name: "Show menu" })).toHaveAttribute("aria-expanded", "false");

  for (const path of ["/admin/list-shows?when=past", "/admin/check-in"]) {
    await open(page, path);
    await expect(menu).toBeHidden();
  }
  await Promise.all([answered(), page.getByRole("button", { name: "Show menu" }).click()]);
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide menu" })).toHaveAttribute("aria-expanded", "true");
  await open(page, "/admin");
  await expect(menu).toBeVisible();
});

test("on a phone the menu starts collapsed until shown, and the choice is remembered", async ({ staffPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole("navigation", { name: "Admin" });
  await open(page, "/admin/check-in");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Hide menu" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Find Ticket" })).toBeInViewport({ ratio: 1 });
  const answered = () => page.waitForResponse((response) => response.request().method() === "POST");
  await Promise.all([answered(), page.getByRole("button", { name: "Show menu" }).click()]);
  await expect(menu).toBeVisible();
  await open(page, "/admin/list-shows");
  await expect(menu).toBeVisible();
  await Promise.all([answered(), page.getByRole("button", { name: "Hide menu" }).click()]);
  await expect(menu).toBeHidden();
  // On a wide screen that never chose, the menu is open.
  await page.context().clearCookies({ name: "admin_menu" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "/admin/check-in");
  await expect(menu).toBeVisible();
});

test("Add Shows on a phone ends where its content ends", { tag: "@display" }, async ({ staffPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/admin/add-shows");
  // Nothing out of the flow (such as the movie list's hidden radios) may stretch the page past the panel's end.
  const [scrollHeight, panelBottom] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    document.querySelector(".admin")!.getBoundingClientRect().bottom + window.scrollY,
  ]);
  expect(scrollHeight).toBeLessThanOrEqual(Math.ceil(panelBottom));
});

test("every admin page fits a 360 px phone", { tag: "@display" }, async ({ staffPage: page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of PAGES) {
    await open(page, path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
});

test("a forged or unknown ticket code is refused, and an empty one asked for", async ({ staffPage: page }) => {
  await open(page, "/admin/check-in");
  await page.getByRole("button", { name: "Find Ticket" }).click();
  await expect(page.getByText("Please enter a ticket code")).toBeVisible();

  const forged = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
  await page.getByLabel("Ticket code or booking reference").fill(`  https://cinema.example/admin/check-in/${forged}\n`);
  await page.getByRole("button", { name: "Find Ticket" }).click();
  await expect(page).toHaveURL(`/admin/check-in/${forged}`);
  await expect(page.getByRole("alert").filter({ hasText: "This ticket code is not valid." })).toBeVisible();
  await expect(page.getByRole("article", { name: "Ticket" })).toHaveCount(0);

  // An address with no staff page keeps the staff menu and says so.
  expect((await page.goto("/admin/no-such-page"))?.status()).toBe(404);
  await expect(page.getByText("There is no staff page at /admin/no-such-page.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the Dashboard" }).click();
  await expect(page).toHaveURL("/admin");
  await page.goto(`/admin/check-in/${forged}`);

  const response = await page.request.post(`/admin/check-in/${forged}`, { maxRedirects: 0 });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("This ticket code is not valid.");
  // The next ticket is checked from the same page.
  await page.getByLabel("Ticket code or booking reference").fill("");
  await page.getByRole("button", { name: "Find Ticket" }).click();
  await expect(page.getByText("Please enter a ticket code")).toBeVisible();
});
