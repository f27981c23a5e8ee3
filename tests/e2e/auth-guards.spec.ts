import { expect, test } from "./fixtures";
import { createAccount, resetPassword, setStaffClaim, signIn } from "./identity";
import { expectErrorPage } from "./steps";

// A well-formed e-ticket code: sign-in must bring staff back to it.
const TICKET = "/admin/check-in/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const ADMIN_PAGES = [
  "/admin",
  "/admin/add-shows",
  "/admin/list-shows?sort=title&page=2",
  "/admin/list-bookings",
  "/admin/check-in",
  TICKET,
  "/admin/outbox",
  "/admin/outbox/00000000-0000-4000-8000-000000000000",
  "/admin/anything/else",
];
const ADMIN_FILES = ["/admin/list-bookings.csv?status=paid", "/admin/outbox/00000000-0000-4000-8000-000000000000.eml"];

test(
  "a visitor is sent to sign in and brought back to the same page and query",
  { tag: "@display" },
  async ({ page }) => {
    for (const path of ["/movies?genre=Drama", ...ADMIN_PAGES, ...ADMIN_FILES]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?${new URLSearchParams({ redirectTo: path })}`);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    }
  },
);

test("a visitor's POST to an admin page is sent to sign in", { tag: "@display" }, async ({ page }) => {
  const response = await page.request.post("/admin/add-shows", { form: { title: "x" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/login?redirectTo=%2Fadmin%2Fadd-shows");
});

test("a customer is refused every admin page, GET and POST", { tag: "@display" }, async ({ customerPage: page }) => {
  const forms = { anything: "1", intent: "create", movieId: "1029437", price: "10", collapsed: "true", showId: "x" };
  for (const path of [...ADMIN_PAGES, ...ADMIN_FILES]) {
    const response = await page.goto(path);
    expect(response?.status(), `GET ${path}`).toBe(403);
    if (ADMIN_FILES.includes(path)) await expect(page.getByText("This page is for cinema staff only.")).toBeVisible();
    // Refused the staff area's layout, the page keeps the site's.
    else await expectErrorPage(page, response, "Access denied", "This page is for cinema staff only.");
    const bare = path.split("?")[0];
    for (const target of [path, `${bare}?index`, `${bare}.data`]) {
      const post = await page.request.post(target, { form: forms, maxRedirects: 0 });
      expect(post.status(), `POST ${target}`).toBe(403);
    }
  }
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
});

test("staff see the dashboard with real figures and their own profile", async ({ staffPage: page, staff, browser }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Admin Panel")).toBeVisible();
  for (const item of ["Dashboard", "Add Shows", "List Shows", "List Bookings", "Check In", "Outbox"])
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: item })).toBeVisible();
  await expect(page.getByText(staff.email)).toBeVisible();
  const activeShows = Number(
    await page.locator(".admin-card", { hasText: "Active Shows" }).locator("dd strong").textContent(),
  );
  expect(activeShows).toBeGreaterThan(0);
  await expect(page.locator(".admin-show").first()).toBeVisible();
  // The list under the count says which of them it shows, and where the rest are.
  const listed = await page.locator(".admin-show").count();
  await expect(page.getByRole("heading", { name: `Next ${listed} Shows` })).toBeVisible();
  await expect(page.getByText(`The ${listed} soonest of ${activeShows} active shows.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "All shows in List Shows" })).toHaveAttribute(
    "href",
    "/admin/list-shows",
  );

  // A customer signing in is stored: the users total goes up (other tests may sign in meanwhile).
  const users = async () =>
    Number(await page.locator(".admin-card", { hasText: "Total Users" }).locator("dd strong").textContent());
  const before = await users();
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signIn(await context.newPage(), await createAccount());
  await context.close();
  await page.reload();
  expect(await users()).toBeGreaterThan(before);
});

test("a staff right taken away counts at once", { tag: "@display" }, async ({ staffPage: page, staff }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await setStaffClaim(staff.uid, false);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
});

test("a password reset ends a staff session at once", { tag: "@display" }, async ({ staffPage: page, staff }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const requested = await page.request.post("/forgot-password", { form: { email: staff.email }, maxRedirects: 0 });
  expect(requested.status()).toBe(302);
  // The provider dates revocations in whole seconds: a reset within the second of the sign-in would not count.
  await page.waitForTimeout(1100);
  await resetPassword(staff.email, "New-passw0rd");
  await page.goto("/admin");
  await expect(page).toHaveURL("/login?redirectTo=%2Fadmin");
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
});

test("the movie detail form refuses a post from another site", async ({ customerPage: page }) => {
  await page.goto("/movies");
  await page.locator(".movie-grid a").first().click();
  await expect(page).toHaveURL(/\/movies\/[^/?#]+$/);
  const path = new URL(page.url()).pathname;
  const crossSite = await page.request.post(`${path}?index`, {
    form: { date: "2030-01-01" },
    headers: { "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.text()).toContain("This form was sent from another site, so it was refused.");
});

test(
  "a cross-site logout is refused and the user stays signed in",
  { tag: "@display" },
  async ({ customerPage: page }) => {
    const attacks: Record<string, string>[] = [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://evil.example" }];
    for (const headers of attacks) {
      const response = await page.request.post("/logout", { headers, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
    }
    await page.goto("/movies");
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  },
);
