// The seat page on a phone and with the keyboard: the map after the time, a bar with the choice, targets big enough.
import type { Page } from "@playwright/test";
import { chooseSeats, chooseTime, seat, showIn, timeRadios } from "./booking-steps";
import { expect, test } from "./fixtures";
import { open } from "./steps";

const PHONE = { width: 390, height: 844 };
const SAMPLE_HALLS = ["Screen 1", "Screen 2", "Screen 3 Premium", "Screen 4"];
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
  // At 320 px each name stays on one line above its value, and the bar stays one row high.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const name of await box(page, ".seat-bar dt")) expect(name.height).toBeLessThan(24);
  const [narrowBar] = await box(page, ".seat-bar");
  expect(narrowBar.height).toBeLessThan(90);
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

test("the page's buttons and links, and seats zoomed in, are at least 44 by 44 px on a phone", async ({
  page,
  jsEnabled,
}) => {
  await page.setViewportSize(PHONE);
  const { path } = showIn("Screen 1");
  await chooseOnPage(page, jsEnabled, path, ["E4"]);
  await page.getByRole("switch", { name: "Zoom in" }).check();
  const seats = await box(page, ".seat-blocks label.seat");
  expect(seats).toHaveLength(90);
  for (const target of [
    ...seats,
    ...(await box(page, ".seat-zoom")),
    ...(await box(page, ".show-time")),
    ...(await box(page, ".seat-summary a")),
    ...(await box(page, ".seat-bar button")),
    ...(await box(page, ".navbar a, .navbar button")),
  ]) {
    expect(target.width).toBeGreaterThanOrEqual(44);
    expect(target.height).toBeGreaterThanOrEqual(44);
  }
});

for (const width of [390, 320]) {
  test(`at ${width} px every sample hall shows all its seats and badges, under a screen centred over them`, async ({
    page,
  }) => {
    test.slow(); // four seat pages
    await page.setViewportSize({ width, height: 740 });
    for (const hall of SAMPLE_HALLS) {
      await open(page, showIn(hall).path);
      await expect(page.getByText(hall, { exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const seats = await box(page, ".seat-blocks label.seat");
      expect(seats.length).toBeGreaterThan(30);
      for (const place of [...seats, ...(await box(page, ".seat-blocks .seat-mark"))]) {
        expect(place.left).toBeGreaterThanOrEqual(0);
        expect(place.right).toBeLessThanOrEqual(width);
      }
      const [screen] = await box(page, ".screen");
      const left = Math.min(...seats.map((place) => place.left));
      const right = Math.max(...seats.map((place) => place.right));
      expect(Math.abs((screen.left + screen.right) / 2 - (left + right) / 2)).toBeLessThan(2);
    }
    // Zoomed in, the widest hall's seats are full size and scroll sideways inside the map, never the page.
    await page.getByRole("switch", { name: "Zoom in" }).check();
    const [firstSeat] = await box(page, ".seat-blocks label.seat");
    expect(firstSeat.width).toBe(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const lastSeat = seat(page, "L14");
    await lastSeat.scrollIntoViewIfNeeded();
    await expect(lastSeat).toBeInViewport();
  });
}

test("a companion seat alone: the rule next to Proceed, checked before posting, refused there", async ({
  customerPage: page,
  jsEnabled,
}) => {
  await page.setViewportSize(PHONE);
  const { path } = showIn("Screen 4", jsEnabled ? 6 : 7);
  await open(page, path);
  await chooseTime(page, jsEnabled);
  await expect(
    seatMap(page).getByText(
      "A companion seat (C) goes with the wheelchair space beside it, booked together, until 1 hour before the show.",
    ),
  ).toBeVisible();
  await chooseSeats(page, ["E3"]);
  const message =
    "Seat E3 is a companion seat, kept for the companion of a wheelchair user until 1 hour before the show. Please choose it with the wheelchair space beside it, or another seat.";
  const refusal = page.locator(".seat-bar").getByText(message);
  if (jsEnabled) {
    // Said politely as the seat is chosen, and Proceed waits for the wheelchair space, saying why.
    await expect(refusal).toBeVisible();
    await expect(page.locator("#proceed-note")).toHaveAttribute("aria-live", "polite");
    await expect(proceedButton(page)).toBeDisabled();
    await expect(proceedButton(page)).toHaveAccessibleDescription(message);
    await seat(page, "E4").check();
    await expect(refusal).toHaveCount(0);
    await expect(proceedButton(page)).toBeEnabled();
    await seat(page, "E4").uncheck();
  } else {
    await proceedButton(page).click();
    await expect(refusal).toBeVisible();
  }
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.locator("#seat-error")).toBeEmpty();
  // Nothing was booked: the seat is still the customer's choice, not occupied, and keeps its number.
  const chosen = seat(page, "E3");
  await expect(chosen).toBeChecked();
  await expect(chosen).toHaveAccessibleName("Row E, seat 3, companion seat, selected");
  await expect(page.locator("label.seat", { has: chosen }).locator("span").first()).toHaveText("3");
  // Above Proceed, in the bar at the bottom of the phone's screen.
  await expect(refusal).toBeInViewport();
  const said = (await refusal.boundingBox())!;
  const [button] = await box(page, ".seat-bar button");
  expect(button.top - (said.y + said.height)).toBeLessThan(80);
});

test("with JavaScript Proceed says what it waits for; no focus ring is drawn as the page opens", async ({
  page,
  jsEnabled,
}) => {
  const { path } = showIn("Screen 1");
  await open(page, path);
  const note = page.locator(".seat-bar").getByText("Please select a time first!");
  if (jsEnabled) {
    await expect(proceedButton(page)).toBeDisabled();
    await expect(note).toBeVisible();
  } else await expect(note).toHaveCount(0);
  await chooseTime(page, jsEnabled);
  if (jsEnabled) {
    await expect(page.locator(".seat-bar").getByText("Please select at least one seat.")).toBeVisible();
    await chooseSeats(page, ["E4"]);
    await expect(proceedButton(page)).toBeEnabled();
    await expect(page.locator("#proceed-note")).toBeEmpty();
  }
  // The page opened on the seat map (a time's address without JavaScript, or one shared) draws no ring round it.
  const time = await timeRadios(page).first().inputValue();
  await open(page, `${path}?time=${time}#seats`);
  await expect(seatMap(page)).toBeVisible();
  const rings = await page.evaluate(
    () =>
      [...document.querySelectorAll("*")].filter((element) => {
        const { outlineStyle, outlineWidth } = getComputedStyle(element);
        return outlineStyle !== "none" && outlineWidth !== "0px";
      }).length,
  );
  expect(rings).toBe(0);
});

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
