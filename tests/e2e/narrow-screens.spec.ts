// Every page on a 320 px phone: nothing scrolls the page sideways and no control is cut off at a side.
import type { Page } from "@playwright/test";
import { bookAndPay, bookingSlot, bookSeats, chooseSeats, chooseTime, openGateway, timeRadios } from "./booking-steps";
import { expect, test } from "./fixtures";
import { crawlSite, ENTRY_PAGES, MAX_PAGES } from "./site-crawl";
import { open } from "./steps";

const NARROW = { width: 320, height: 640 };
// A page's load and measure take about 2 s on a busy machine.
const SECONDS_PER_PAGE = 4;

/**
 * What does not fit the screen: the page wider than it, and each control (a link, a button, a field, a label) of which
 * less than the whole width is seen, cut by the screen's sides or by a box that clips or scrolls it sideways.
 */
function cutOff(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const screenWidth = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > screenWidth) found.push(`the page is ${root.scrollWidth} px wide`);
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.textContent || element.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    /** The part of the element's width that is seen: its box within the screen and every box that clips it sideways. */
    const seenWidth = (element: Element) => {
      const box = element.getBoundingClientRect();
      let [left, right] = [Math.max(box.left, 0), Math.min(box.right, screenWidth)];
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === "visible") continue;
        const clip = parent.getBoundingClientRect();
        [left, right, clipped] = [Math.max(left, clip.left), Math.min(right, clip.right), true];
      }
      return { width: box.width, seen: Math.max(0, right - left), clipped };
    };
    const controls = document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, label, [tabindex]",
    );
    for (const control of controls) {
      const { width, height } = control.getBoundingClientRect();
      // Not drawn, or visually hidden (1 px, its label is what is seen).
      if (width <= 1 || height <= 1 || getComputedStyle(control).visibility === "hidden") continue;
      let measured = seenWidth(control);
      // A control kept off the screen until it has the focus (the skip link) is measured with the focus; one in a box
      // that scrolls is not, since the focus would scroll it into view.
      if (measured.seen < measured.width - 1 && !measured.clipped && control instanceof HTMLElement) {
        control.focus();
        measured = seenWidth(control);
        control.blur();
      }
      if (measured.seen < measured.width - 1)
        found.push(`${name(control)}: ${Math.round(measured.seen)} of its ${Math.round(measured.width)} px seen`);
    }
    return found;
  });
}

/** Opens every page the crawl reaches at 320 px; returns the shapes checked and what did not fit. */
async function checkSite(
  page: Page,
  crawl: { baseURL: string; entryPages: string[]; follows?: (p: string) => boolean },
) {
  await page.setViewportSize(NARROW);
  const misfits: string[] = [];
  const checked = await crawlSite(page, {
    ...crawl,
    check: async (landed) => {
      for (const misfit of await cutOff(page)) misfits.push(`${landed}: ${misfit}`);
    },
  });
  return { checked, misfits };
}

test.describe("every page fits a 320 px screen, nothing cut off", () => {
  test.describe.configure({ timeout: MAX_PAGES * SECONDS_PER_PAGE * 1000 });
  // Without JavaScript the crawl sees every page as the server draws it; the JavaScript test below checks what the
  // page's scripts change.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the crawl runs without JavaScript");

  test("signed out", async ({ page, baseURL }) => {
    const { path } = bookingSlot(19, false);
    await page.goto(path);
    const time = await timeRadios(page).first().getAttribute("value");
    const { checked, misfits } = await checkSite(page, {
      baseURL: baseURL!,
      entryPages: [
        ...ENTRY_PAGES,
        "/my-bookings",
        `${path}?time=${time}&seats=A9`,
        `${path}/guest?time=${time}&seats=A9`,
      ],
    });
    expect(checked).toEqual(expect.arrayContaining(["/movies/:id", "/movies/:id/:id", "/movies/:id/:id/guest"]));
    expect(misfits, misfits.join("\n")).toEqual([]);
  });

  test("signed in", async ({ customerPage: page, baseURL }) => {
    // A paid and an unpaid booking, so My Bookings links to checkout, e-ticket and cancel pages. The accessibility
    // crawl books C1 and C2 of the same show.
    const slot = bookingSlot(19, false);
    await bookAndPay(page, false, slot, ["F5"]);
    await bookSeats(page, false, slot.path, ["F6"]);
    await openGateway(page);
    const gateway = new URL(page.url()).pathname;
    await page.goto(slot.path);
    const time = await timeRadios(page).first().getAttribute("value");
    const { checked, misfits } = await checkSite(page, {
      baseURL: baseURL!,
      entryPages: [...ENTRY_PAGES, `${slot.path}?time=${time}&seats=A9`, "/my-bookings", "/favourites", gateway],
    });
    expect(checked).toEqual(
      expect.arrayContaining([
        "/movies/:id/:id",
        "/my-bookings",
        "/my-bookings/:id",
        "/my-bookings/:id/pay",
        "/my-bookings/:id/cancel",
        "/test-gateway/checkouts/:id",
      ]),
    );
    expect(misfits, misfits.join("\n")).toEqual([]);
  });

  // The pages everyone sees are the signed-in crawl's; staff see them with one more link in the navbar, so the home
  // page stands for them.
  test("as staff", async ({ staffPage: page, baseURL }) => {
    const { checked, misfits } = await checkSite(page, {
      baseURL: baseURL!,
      entryPages: ["/", "/admin", "/admin/halls/new"],
      follows: (pathname) => pathname.startsWith("/admin"),
    });
    expect(checked).toEqual(
      expect.arrayContaining(["/", "/admin", "/admin/halls", "/admin/halls/:id", "/admin/halls/new"]),
    );
    expect(misfits, misfits.join("\n")).toEqual([]);
  });
});

test("with JavaScript, the navbars, the seat bar and the hall editor fit a 320 px screen", async ({
  customerPage: page,
  staffBeside: staff,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "what the scripts change; the crawl above checks every page without them");
  test.slow(); // a customer's and a staff member's pages
  await page.setViewportSize(NARROW);
  const { path } = bookingSlot(19, true);
  await open(page, path);
  await chooseTime(page, true);
  await chooseSeats(page, ["A8", "A9"]);
  await expect(page.getByRole("button", { name: "Proceed" })).toBeEnabled();
  expect(await cutOff(page), path).toEqual([]);
  await open(page, "/my-bookings");
  expect(await cutOff(page), "/my-bookings").toEqual([]);

  await staff.setViewportSize(NARROW);
  for (const staffPath of ["/", "/admin", "/admin/halls", "/admin/halls/new"]) {
    await open(staff, staffPath);
    expect(await cutOff(staff), staffPath).toEqual([]);
  }
  // Rows of eight seats drawn as customers will see them, below the seat buttons, as they are typed.
  await staff.getByLabel("Rows").fill("A 1 2 3 4 | 5 6 7 8\nB 1 2 3 4 | 5 6 7 8");
  await expect(staff.getByRole("region", { name: "Preview of the seats" })).toBeVisible();
  expect(await cutOff(staff), "/admin/halls/new, previewed").toEqual([]);
});
