import { expect, test } from "./fixtures";
import { open } from "./steps";

// The lists' rules are tested against the database in tests/unit/booking-admin.test.ts, and against bookings made
// through the site in admin-with-bookings.spec.ts; other tests book meanwhile, so these look for nobody's bookings.

test("says when no booking matches, keeping the filter and the search in the URL", async ({ staffPage: page }) => {
  await open(page, "/admin/list-bookings?search=nobody-at-all%40example.com");
  await expect(page.getByRole("heading", { name: "No Bookings Found" })).toBeVisible();
  const filters = page.getByRole("navigation", { name: "Booking status" });
  for (const label of ["All", "Paid", "Pending", "Cancelled", "Expired"])
    await expect(filters.getByRole("link", { name: label })).toBeVisible();
  await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");

  await filters.getByRole("link", { name: "Paid" }).click();
  await expect(page).toHaveURL(/\/admin\/list-bookings\?(?=.*status=paid)(?=.*search=nobody-at-all%40example\.com)/);
  await expect(filters.getByRole("link", { name: "Paid" })).toHaveAttribute("aria-current", "true");
  await page.getByLabel("Booking ID or email").fill("someone@example.com");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(
    /\/admin\/list-bookings\?(status=paid&search=someone%40example\.com|search=someone%40example\.com&status=paid)$/,
  );
  await expect(page.getByRole("heading", { name: "No Bookings Found" })).toBeVisible();
  await expect(page.getByLabel("Booking ID or email")).toHaveValue("someone@example.com");
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL("/admin/list-bookings?status=paid");
  await expect(page.getByLabel("Booking ID or email")).toHaveValue("");
});

test("odd query values fall back to the defaults", { tag: "@display" }, async ({ staffPage: page }) => {
  const response = await open(page, "/admin/list-bookings?status=refunded&sort=%00&dir=up&page=abc&search=%00%01");
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole("navigation", { name: "Booking status" }).getByRole("link", { name: "All" }),
  ).toHaveAttribute("aria-current", "true");
});

test("the CSV export answers the filtered list as a file", { tag: "@display" }, async ({ staffPage: page }) => {
  const response = await page.request.get("/admin/list-bookings.csv?status=paid&search=%3Dcmd");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="bookings-\d{4}-\d\d-\d\d\.csv"$/);
  expect(await response.text()).toBe(
    "\uFEFFReference,Booked On,Customer,Email,Movie,Hall,Show Time,Seats,Tickets,Amount (USD),Status,Payment,Payment Reference,Booking ID\r\n",
  );
});

test(
  "a day that is no date, and an id that is no show's, are said under their fields",
  { tag: "@display" },
  async ({ staffPage: page }) => {
    const badDay = "That day is not a date. Please pick one from the calendar, or leave Day empty for every day.";
    expect((await open(page, "/admin/list-bookings?day=tonight&status=paid"))?.status()).toBe(400);
    await expect(page.getByText(badDay)).toBeVisible();
    await expect(page.getByLabel("Day", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Day", { exact: true })).toHaveValue("");
    // The other filters stay as they were.
    await expect(
      page.getByRole("navigation", { name: "Booking status" }).getByRole("link", { name: "Paid" }),
    ).toHaveAttribute("aria-current", "true");

    // Not a show's id: none, and a hall's (someone else's) id.
    const hallId = /href="\/admin\/list-bookings\?[^"]*hall=([0-9a-f-]{36})"/.exec(await page.content())?.[1];
    expect(hallId).toBeTruthy();
    for (const show of ["00000000-0000-4000-8000-000000000000", hallId!]) {
      expect((await open(page, `/admin/list-bookings?show=${show}`))?.status()).toBe(404);
      await expect(
        page.getByText("No show has that id: it may have been deleted. Please pick a show from the list."),
      ).toBeVisible();
      await expect(page.getByLabel("Show", { exact: true })).toHaveAttribute("aria-invalid", "true");
    }

    const csv = await page.request.get("/admin/list-bookings.csv?day=2026-02-30");
    expect(csv.status()).toBe(400);
    expect(await csv.text()).toBe(badDay);
  },
);
