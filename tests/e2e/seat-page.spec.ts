// The seat page on a phone and with the keyboard: the map after the time, a bar with the choice, targets big enough.
import type { Page } from "@playwright/test";
import { chooseSeats, chooseTime, showIn, timeRadios } from "./booking-steps";
import { expect, test } from "./fixtures";
import { open } from "./steps";

const PHONE = { width: 390, height: 844 };
const seatMap = (page: Page) => page.getByRole("group", { name: "Select Your Seat" });
const proceedButton = (page: Page) => page.getByRole("button", { name: "Proceed" });

/** Opens a hall's seat page with its first time chosen and these seats ticked (in the address without JavaScript). */
async function chooseOnPage(page: Page, jsEnabled: boolean, path: string, labels: string[]) {
  await open(page, path);
  await chooseTime(page, jsEnabled);
  if (jsEnabled) await chooseSeats(page, labels);
  else {
    const time = await timeRadios(page).first().inputValue();
    await open(page, `${path}?${new URLSearchParams([["time", time], ...labels.map((label) => ["seats", label])])}`);
  }
}

/** The element's box: [left, top, right, bottom, width, height]. */
const box = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { left, top, right, bottom, width, height } = element.getBoundingClientRect();
      return { left, top, right, bottom, width, height };
    }),
  );

test("on a phone, choosing a time brings the seat map into view and focus", async ({ page, jsEnabled }) => {
  await page.setViewportSize(PHONE);
  const { path } = showIn("Screen 1");
  await open(page, path);
  await chooseTime(page, jsEnabled);
  if (jsEnabled) await expect(seatMap(page)).toBeFocused();
  else await expect(page).toHaveURL(/#seats$/);
  // The page has scrolled to the map: its top is at the top of the screen.
  await expect.poll(async () => Math.round((await seatMap(page).boundingBox())!.y)).toBeLessThan(40);
  await expect.poll(async () => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  // The arrow keys are offered only where they work.
  await expect(page.getByText("Arrow keys move between seats; Space selects one.")).toHaveCount(jsEnabled ? 1 : 0);
  await expect(page.getByText("Tick up to five seats, then press Proceed.")).toHaveCount(jsEnabled ? 0 : 1);
});

test("on a phone a bar at the bottom shows the seats, the total and Proceed, hiding nothing", async ({
  page,
  jsEnabled,
}) => {
  await page.setViewportSize(PHONE);
  const { path } = showIn("Screen 1");
  await chooseOnPage(page, jsEnabled, path, ["E4", "E5"]);
  const bar = page.locator(".seat-bar");
  await expect(bar.getByText("E4, E5")).toBeInViewport();
  await expect(bar.getByText(/^\$\d+\.\d{2}$/)).toBeInViewport();
  await expect(bar.getByRole("button", { name: "Proceed" })).toBeInViewport();
  const [barBox] = await box(page, ".seat-bar");
  expect(Math.round(barBox.bottom)).toBe(PHONE.height);
  // Scrolled to the end, the page's last lines stay above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const [footer] = await box(page, "footer");
  const [barAtEnd] = await box(page, ".seat-bar");
  expect(footer.bottom).toBeLessThanOrEqual(barAtEnd.top + 1);
});

test("on a wide screen the choice sits under the times, beside the map", async ({ page, jsEnabled }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { path } = showIn("Screen 1");
  await chooseOnPage(page, jsEnabled, path, ["E4", "E5"]);
  const [bar] = await box(page, ".seat-bar");
  const [times] = await box(page, ".show-times");
  const [map] = await box(page, ".seat-map");
  expect(bar.top).toBeGreaterThan(times.bottom);
  expect(bar.right).toBeLessThan(map.left);
  await expect(page.locator(".seat-bar").getByText("E4, E5")).toBeVisible();
});

test("seats and the page's buttons and links are at least 44 by 44 px on a phone", async ({ page, jsEnabled }) => {
  await page.setViewportSize(PHONE);
  const { path } = showIn("Screen 1");
  await chooseOnPage(page, jsEnabled, path, ["E4"]);
  const seats = await box(page, ".seat-blocks label.seat");
  expect(seats).toHaveLength(90);
  for (const target of [
    ...seats,
    ...(await box(page, ".show-time")),
    ...(await box(page, ".seat-summary a")),
    ...(await box(page, ".seat-bar button")),
    ...(await box(page, ".navbar a, .navbar button")),
  ]) {
    expect(target.width).toBeGreaterThanOrEqual(44);
    expect(target.height).toBeGreaterThanOrEqual(44);
  }
});

for (const hall of ["Screen 1", "Screen 2"]) {
  test(`${hall}'s seats stay full size on a 360 px screen, the page never scrolling sideways`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, showIn(hall).path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const [grid] = await box(page, ".seat-blocks");
    expect(grid.left).toBeGreaterThanOrEqual(0);
    expect(grid.right).toBeLessThanOrEqual(360);
    const [firstSeat] = await box(page, ".seat-blocks label.seat");
    expect(firstSeat.width).toBeGreaterThanOrEqual(44);
    // What does not fit scrolls sideways inside the map.
    const scrolls = await page.locator(".seat-blocks").evaluate((grid) => {
      const before = grid.scrollLeft;
      grid.scrollLeft = grid.scrollWidth;
      return grid.scrollWidth <= grid.clientWidth || grid.scrollLeft > before;
    });
    expect(scrolls).toBe(true);
  });
}

test("Tab goes from the seats straight to Proceed", async ({ page, jsEnabled }) => {
  const { path } = showIn("Screen 1");
  await open(page, path);
  await chooseTime(page, jsEnabled);
  // With JavaScript the map is one Tab stop; without, the last free seat is the last stop in it.
  const free = seatMap(page).getByRole("checkbox", { disabled: false });
  const lastStop = jsEnabled ? free.first() : free.last();
  await lastStop.focus();
  await page.keyboard.press("Space");
  await expect(lastStop).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(proceedButton(page)).toBeFocused();
});
