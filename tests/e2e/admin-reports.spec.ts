import { expect, test } from "./fixtures";
import { open } from "./steps";

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
});

test("the reports change period by a GET form, and each report downloads as CSV", async ({
  staffPage: page,
}) => {
  await open(page, "/admin/reports");
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("30");
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
