import AxeBuilder from "@axe-core/playwright";
import type { Page, Response } from "@playwright/test";
import { bookAndPay, bookingSlot, bookSeats, openGateway, showIn, timeRadios } from "./booking-steps";
import { crawlSite, ENTRY_PAGES, MAX_PAGES, type CrawlOptions } from "./site-crawl";
import { expect, test } from "./fixtures";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
// A page's load and audit take 3 s on a busy machine; the staff crawl (about 40 pages) once ran out of 4 s a page.
const SECONDS_PER_PAGE = 6;

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

/**
 * With JavaScript, each page's one interaction: its link home is followed by the app, without loading a document (a
 * page that failed to hydrate would load one). Tests that only display a page run without JavaScript alone
 * (playwright.config.ts); this, the hydration the crawl waits for and the console the page fixture watches are their
 * check with it on.
 */
async function expectAppAnswersClicks(page: Page, landed: string) {
  // A page sent without scripts (the reports, decision 80) has no app to answer.
  if ((await page.locator("script").count()) === 0) return;
  const home = page.locator('a[href="/"]').first();
  if ((await home.count()) === 0 || !(await home.isVisible())) return;
  await page.evaluate(() => document.documentElement.setAttribute("data-before-click", ""));
  await home.click();
  await expect(page, `${landed}: the link home`).toHaveURL(/\/$/);
  await expect(page.locator("html[data-before-click]"), `${landed}: a document was loaded`).toBeAttached();
}

/**
 * Whether the page's scripts changed the markup the server sent (a client-side state, a live region filled): the
 * page's body as it is, against the body of the answer it was loaded from. Set aside are what axe does not read
 * (scripts, links, comments: the data Remix streams), `<noscript>` (a browser reads its content as markup only with
 * scripts off) and the empty `value` React writes on an input it controls.
 */
async function scriptsChangedMarkup(page: Page, response: Response) {
  const served = await response.text();
  return page.evaluate((html) => {
    const markup = (document: Document) => {
      const body = document.body.cloneNode(true) as HTMLElement;
      for (const element of body.querySelectorAll("script, link, noscript")) element.remove();
      for (const input of body.querySelectorAll("input[value='']")) input.removeAttribute("value");
      const comments = document.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
      const found: ChildNode[] = [];
      while (comments.nextNode()) found.push(comments.currentNode as Comment);
      for (const comment of found) comment.remove();
      return body.innerHTML;
    };
    return markup(new DOMParser().parseFromString(html, "text/html")) !== markup(document);
  }, served);
}

/**
 * Audits every page the crawl reaches (site-crawl.ts). Returns the shapes audited and the violations found. With
 * JavaScript, axe audits only a page whose scripts changed its markup: the same crawl without JavaScript audits what
 * the server sends (decision 76).
 */
async function auditSite(page: Page, { jsEnabled, ...crawl }: Omit<CrawlOptions, "check"> & { jsEnabled: boolean }) {
  const violations: string[] = [];
  const scripts = await scriptSwitch(page, jsEnabled);
  const audited = await crawlSite(page, {
    ...crawl,
    beforeLoad: scripts.beforeLoad,
    check: async (landed, response) => {
      await scripts.beforeAudit();
      if (!jsEnabled || (await scriptsChangedMarkup(page, response)))
        for (const violation of await axeViolations(page)) violations.push(`${landed} ${violation}`);
      if (jsEnabled) await expectAppAnswersClicks(page, landed);
    },
  });
  return { audited, violations };
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
