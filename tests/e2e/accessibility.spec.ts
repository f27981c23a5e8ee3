import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { bookAndPay, bookingSlot, bookSeats, openGateway, showIn, timeRadios } from "./booking-steps";
import { open } from "./steps";
import { expect, test } from "./fixtures";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const MAX_PAGES = 40;
// A page's load and audit take 3 s on a busy machine; the staff crawl (about 40 pages) once ran out of 4 s a page.
const SECONDS_PER_PAGE = 6;
// Pages a crawl from the home page may not reach: linked only from elsewhere, or not at all.
const ENTRY_PAGES = [
  "/",
  "/movies",
  "/login",
  "/register",
  "/forgot-password",
  // The pages the links in mails open.
  "/reset-password?oobCode=expired",
  "/login/email-link?oobCode=expired&email=someone%40example.com",
  "/verify-email?oobCode=expired",
  "/legal",
  "/no-such-page",
];

const ID_OR_DATE = [
  /^\d+$/,
  /^\d{4}-\d{2}-\d{2}$/,
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^(?=.*\d)[\w-]{16,}$/, // an opaque token such as a nanoid
];

/** "/movies/1029437/2026-05-01" -> "/movies/:id/:id": pages of one route are built alike, so one of each is audited. */
function routeShape(path: string) {
  return path
    .split("/")
    .map((segment) => (ID_OR_DATE.some((pattern) => pattern.test(segment)) ? ":id" : segment))
    .join("/");
}

function isPageLink(url: URL, origin: string) {
  return url.origin === origin && url.pathname !== "/logout" && !/\.\w+$/.test(url.pathname);
}

async function axeViolations(page: Page) {
  // Legacy mode runs axe in the page itself instead of opening a blank page to gather the results in.
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.helpUrl})\n    at ${v.nodes.map((node) => node.target.join(" ")).join("\n    at ")}`,
  );
}

/**
 * Without JavaScript axe cannot finish (it needs timers), so scripts are turned on after a page has loaded and off
 * again before the next: the page's own scripts were skipped while it loaded, so it stays as a browser without
 * JavaScript shows it. A DevTools session applies only what changes its own setting, hence one for the whole crawl.
 */
async function scriptSwitch(page: Page, jsEnabled: boolean) {
  const cdp = jsEnabled ? null : await page.context().newCDPSession(page);
  const allow = async (allowed: boolean) => {
    await cdp?.send("Emulation.setScriptExecutionDisabled", { value: !allowed });
  };
  return { beforeLoad: () => allow(false), beforeAudit: () => allow(true) };
}

type CrawlOptions = {
  baseURL: string;
  entryPages: string[];
  jsEnabled: boolean;
  /** Which linked pages the crawl follows (every one by default). */
  follows?: (pathname: string) => boolean;
};

/**
 * Audits the entry pages and every same-origin page linked from them that the crawl follows, breadth first, one page
 * per route shape and at most MAX_PAGES: pages added later are audited without a change here. Returns the shapes
 * audited and the violations found.
 */
async function auditSite(page: Page, { baseURL, entryPages, jsEnabled, follows = () => true }: CrawlOptions) {
  const origin = new URL(baseURL).origin;
  const queue = entryPages.map((path) => new URL(path, origin));
  const seen = new Set<string>();
  const violations: string[] = [];
  const scripts = await scriptSwitch(page, jsEnabled);
  while (queue.length > 0 && seen.size < MAX_PAGES) {
    const url = queue.shift()!;
    if (seen.has(routeShape(url.pathname))) continue;
    seen.add(routeShape(url.pathname));
    await scripts.beforeLoad();
    const response = await open(page, url.href);
    // A page that sends the viewer elsewhere (a signed-in user asking for /login) is audited where it lands.
    const landed = new URL(page.url());
    if (landed.pathname !== url.pathname && seen.has(routeShape(landed.pathname))) continue;
    seen.add(routeShape(landed.pathname));
    if (!response?.headers()["content-type"]?.startsWith("text/html")) continue;
    await scripts.beforeAudit();
    for (const violation of await axeViolations(page))
      violations.push(`${landed.pathname}${landed.search} ${violation}`);
    const links = await page
      .locator("a[href]")
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    for (const href of links) {
      const link = new URL(href);
      link.hash = "";
      if (isPageLink(link, origin) && follows(link.pathname) && !seen.has(routeShape(link.pathname))) queue.push(link);
    }
  }
  return { audited: [...seen], violations };
}

test.describe("every page passes axe (WCAG 2.1 A and AA, and best practices)", () => {
  test.describe.configure({ timeout: MAX_PAGES * SECONDS_PER_PAGE * 1000 });

  test("signed out", async ({ page, baseURL, jsEnabled }) => {
    const { path } = bookingSlot(19, jsEnabled);
    // The guest page is reached by Proceed's redirect alone, with a show time and seats.
    await page.goto(path);
    const guestPage = `${path}/guest?time=${await timeRadios(page).first().getAttribute("value")}&seats=A9`;
    const { audited, violations } = await auditSite(page, {
      baseURL: baseURL!,
      entryPages: [...ENTRY_PAGES, "/my-bookings", path, guestPage],
      jsEnabled,
    });
    expect(audited).toEqual(expect.arrayContaining(["/movies/:id", "/login", "/no-such-page", "/my-bookings"]));
    expect(violations, violations.join("\n")).toEqual([]);
  });

  test("signed in", async ({ customerPage: page, baseURL, jsEnabled }) => {
    // A paid and an unpaid booking, so My Bookings links to checkout, e-ticket and cancel pages.
    const slot = bookingSlot(19, jsEnabled);
    const { path } = slot;
    await bookAndPay(page, jsEnabled, slot, ["C1"]);
    await bookSeats(page, jsEnabled, path, ["C2"]);
    // The test gateway's page is reached by Pay's redirect alone, so it is an entry page of its own.
    await openGateway(page);
    const gateway = new URL(page.url()).pathname;
    const { audited, violations } = await auditSite(page, {
      baseURL: baseURL!,
      entryPages: [...ENTRY_PAGES, path, "/my-bookings", "/favourites", gateway],
      jsEnabled,
    });
    expect(audited).toEqual(
      expect.arrayContaining([
        "/movies",
        "/movies/:id",
        "/movies/:id/:id",
        "/my-bookings",
        "/my-bookings/:id",
        "/my-bookings/:id/pay",
        "/my-bookings/:id/cancel",
        "/favourites",
        "/test-gateway/checkouts/:id",
      ]),
    );
    expect(violations, violations.join("\n")).toEqual([]);
  });

  test("the seat page of every sample hall, its time chosen", async ({ page, baseURL, jsEnabled }) => {
    const switcher = await scriptSwitch(page, jsEnabled);
    for (const hall of ["Screen 1", "Screen 2", "Screen 3 Premium", "Screen 4"]) {
      const { path } = showIn(hall);
      await switcher.beforeLoad();
      await page.goto(`${baseURL}${path}`);
      // The first time is the one in this hall; choosing it draws the hall with its occupancy.
      const first = page.getByRole("group", { name: "Available Timings" }).getByRole("radio").first();
      await page.goto(`${baseURL}${path}?time=${await first.getAttribute("value")}`);
      await expect(page.getByText(hall, { exact: true })).toBeVisible();
      await switcher.beforeAudit();
      const violations = await axeViolations(page);
      expect(violations, `${hall}:\n${violations.join("\n")}`).toEqual([]);
    }
  });

  // The pages everyone sees are the signed-in crawl's; staff see them with one more link in the header, so the home
  // page stands for them.
  test("as staff", async ({ staffPage: page, baseURL, jsEnabled }) => {
    const { audited, violations } = await auditSite(page, {
      baseURL: baseURL!,
      entryPages: ["/", "/admin"],
      jsEnabled,
      follows: (pathname) => pathname.startsWith("/admin"),
    });
    expect(audited).toEqual(
      expect.arrayContaining([
        "/",
        "/admin",
        "/admin/add-shows",
        "/admin/list-shows",
        "/admin/list-bookings",
        "/admin/halls",
        "/admin/prices",
        "/admin/movies",
        "/admin/promo-codes",
        "/admin/check-in",
        "/admin/outbox",
      ]),
    );
    expect(violations, violations.join("\n")).toEqual([]);
  });
});
