import { randomUUID } from "node:crypto";
import { ADULT_TYPE, createHall, createShowsDirectly, freshDay, makePercentCode } from "./admin-steps";
import { bookSeats, payWithGoodCard } from "./booking-steps";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

test("the dashboard draws this week's revenue beside the week before, with the same numbers as a table", async ({
  staffPage: page,
}) => {
  await open(page, "/admin");
  const week = page.getByRole("region", { name: "This week against the week before" });
  await expect(week.getByRole("img", { name: /^Revenue per day: This period and The period before/ })).toBeVisible();
  await expect(week.getByText("Solid line, round marks: This period")).toBeVisible();
  await expect(week.getByText("Dashed line, square marks: The period before")).toBeVisible();
  await week.getByText("Revenue per day as a table").click();
  const table = week.getByRole("table", { name: "Revenue per day" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Day",
    "This period, Revenue (USD)",
    "The period before, Revenue (USD)",
  ]);
  await expect(table.locator("tbody tr")).toHaveCount(7);
  await week.getByRole("link", { name: "All reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  // With JavaScript, the dashboard's router opens the reports from their data: the same charts and tables.
  await expect(page.getByRole("img", { name: /^Tickets per day/ })).toBeVisible();
  await page.getByText("Tickets per day as a table").click();
  await expect(page.getByRole("table", { name: "Tickets per day" }).locator("tbody tr")).toHaveCount(30);
});

test("the reports change period by a GET form, and each report downloads as CSV", async ({ staffPage: page }) => {
  await open(page, "/admin/reports");
  // Drawn whole on the server: the page loads no script, and its figures are not sent a second time as data.
  await expect(page.locator("script")).toHaveCount(0);
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("30");
  await expect(page.getByText(/Figures as of \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M\./)).toBeVisible();
  for (const heading of ["Revenue and tickets", "Films", "Sales by channel and refunds", "No-shows"])
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Tickets per day/ })).toBeVisible();
  await page.getByText("Tickets per day as a table").click();
  await expect(page.getByRole("table", { name: "Tickets per day" }).locator("tbody tr")).toHaveCount(30);

  await page.getByLabel("Period", { exact: true }).selectOption("7");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?period=7$/);
  await page.getByText("Tickets per day as a table").click();
  await expect(page.getByRole("table", { name: "Tickets per day" }).locator("tbody tr")).toHaveCount(7);

  const link = page.getByRole("link", { name: "Download films as CSV" });
  await expect(link).toHaveAttribute("href", "/admin/reports.csv?report=films&period=7");
  const csv = await page.request.get("/admin/reports.csv?report=days&period=7");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("Day,Revenue (USD),Tickets,Day before,Revenue before (USD),Tickets before");
  expect(lines).toHaveLength(8);
});

test("each hall's occupancy by day and hour is a heat map with its numbers as a table, and a CSV", async ({
  staffPage: page,
}) => {
  await open(page, "/admin/reports?period=7");
  await expect(page.getByRole("heading", { level: 2, name: "Occupancy by day and hour" })).toBeVisible();
  // The sample schedule has shows in Screen 1 today, so this week has its map.
  await expect(page.getByRole("img", { name: /^Occupancy by day and hour: Screen 1;/ })).toBeVisible();
  await page.getByText("Occupancy by day and hour: Screen 1 as a table").click();
  const table = page.getByRole("table", { name: "Occupancy by day and hour: Screen 1" });
  await expect(table.getByRole("rowheader")).toHaveText([
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
  ]);
  await expect(table.getByRole("columnheader").first()).toHaveText("Day");
  await expect(table.getByRole("columnheader").nth(1)).toHaveText(/^\d{1,2}:00 [AP]M$/);
  await expect(
    table
      .getByRole("cell")
      .filter({ hasText: /^\d+% \(\d+ shows?\)$/ })
      .first(),
  ).toBeVisible();

  const csv = await page.request.get("/admin/reports.csv?report=heat-map&period=7");
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("Hall,Day,Hour,Screenings,Average occupancy (%)");
  expect(lines.some((line) => /^Screen 1,[A-Z][a-z]+day,\d\d:00,\d+,\d+\.\d$/.test(line))).toBe(true);
});

test("a booking paid with a promo code counts in the tickets by type and in the promo codes used, with its discount", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  const movie = latestFirst[14];
  const day = freshDay(jsEnabled ? 120 : 121);
  const hall = await createHall(staff);
  await createShowsDirectly(staff, movie.id, hall.id, { [ADULT_TYPE]: "12" }, [`${day}T18:00`]);
  const code = `REPORT-${randomUUID().slice(0, 6).toUpperCase()}`;
  await makePercentCode(staff, code, "25");
  await bookSeats(page, jsEnabled, `/movies/${movie.id}/${day}`, ["C4", "C5"]);
  await page.getByLabel("Promo code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("button", { name: "Pay $18.00" })).toBeVisible();
  await payWithGoodCard(page);
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();

  await open(staff, "/admin/reports?period=7");
  await expect(staff.getByRole("heading", { level: 2, name: "Ticket types and promo codes" })).toBeVisible();
  const codes = staff.getByRole("table", { name: "Promo codes used" });
  await expect(codes.getByRole("row").filter({ has: staff.getByRole("rowheader", { name: code }) })).toHaveText(
    `${code}12$6.00`,
  );
  await expect(
    staff.getByRole("table", { name: "Tickets by type" }).getByRole("rowheader", { name: "Adult" }),
  ).toBeVisible();
  await expect(staff.getByRole("link", { name: "Download promo codes used as CSV" })).toHaveAttribute(
    "href",
    "/admin/reports.csv?report=promo-codes&period=7",
  );
  const csv = await staff.request.get("/admin/reports.csv?report=promo-codes&period=7");
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("Code,Bookings,Tickets,Discount given (USD)");
  expect(lines).toContain(`${code},1,2,6.00`);
  const types = await staff.request.get("/admin/reports.csv?report=ticket-types&period=7");
  expect((await types.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
    "Ticket type,Tickets,Revenue before discounts (USD)",
  );
});
