import type { Page } from "@playwright/test";
import { seat, showIn, timeRadios } from "./booking-steps";
import { expectErrorPage, latestFirst, open } from "./steps";
import { expect, test } from "./fixtures";

const movie = latestFirst[1];

test("the navbar links to the main pages and offers sign-in to visitors", { tag: "@display" }, async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(nav.getByRole("link", { name: "Movies" })).toHaveAttribute("href", "/movies");
  await expect(nav.getByRole("link", { name: "What's On" })).toHaveAttribute("href", "/whats-on");
  await expect(nav.getByRole("link", { name: "Favourites" })).toHaveAttribute("href", "/favourites");
  await expect(nav.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0); // staff only
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
});

test("the navbar search finds movies by title", async ({ customerPage: page }) => {
  await open(page, `/movies/${movie.id}`);
  await page.getByRole("searchbox", { name: "Search movies" }).fill("orchard");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL("/movies?search=orchard");
  await expect(page.getByRole("region", { name: "Movies" }).getByRole("article").getByRole("heading")).toHaveText([
    "The Night Orchard",
  ]);
  await expect(page.getByRole("searchbox", { name: "Search movies" })).toHaveValue("orchard");
});

test("the footer is on every public page", { tag: "@display" }, async ({ page }) => {
  for (const path of ["/", `/movies/${movie.id}`, "/legal", "/no-such-page"]) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo");
    for (const quickLink of ["Now Showing", "What's On", "IMAX Screenings", "Top Rated", "A to Z"]) {
      await expect(footer.getByRole("link", { name: quickLink }), `${quickLink} on ${path}`).toBeVisible();
    }
    // The address tickets, mails and calendar entries give (CINEMA_ADDRESS), the test server's default.
    await expect(footer.getByText("1 Marquee Lane, Springfield", { exact: true }), `address on ${path}`).toBeVisible();
    await expect(footer.getByText(/Cinema Street|Movie City/)).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "support@marquee.example" })).toHaveAttribute(
      "href",
      "mailto:support@marquee.example",
    );
    await expect(footer.getByRole("list", { name: "Social media" }).getByRole("link")).toHaveCount(4);
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/legal#privacy");
  }
});

/** Each page's meta description, which search results and link previews show. */
async function descriptions(page: Page, paths: string[]) {
  const found: Record<string, string | null> = {};
  for (const path of paths) {
    await page.goto(path);
    found[path] = await page.locator('meta[name="description"]').getAttribute("content");
  }
  return found;
}

test("every page has a description of its own", { tag: "@display" }, async ({ page }) => {
  const found = await descriptions(page, [
    "/",
    `/movies/${movie.id}`,
    "/legal",
    "/login",
    "/register",
    "/forgot-password",
    "/no-such-page",
  ]);
  for (const [path, description] of Object.entries(found)) expect(description, path).toMatch(/^\S.{30,}/);
  expect(new Set(Object.values(found)).size, JSON.stringify(found, null, 2)).toBe(Object.keys(found).length);
});

test("pages behind sign-in have descriptions of their own", { tag: "@display" }, async ({ staffPage: page }) => {
  const found = await descriptions(page, ["/movies", "/admin"]);
  for (const [path, description] of Object.entries(found)) expect(description, path).toMatch(/^\S.{30,}/);
  expect(found["/movies"]).not.toBe(found["/admin"]);
});

test("the legal links open the policies", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL("/legal#terms");
  await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cookie Policy" })).toBeVisible();
});

test("an unknown address answers 404 in the site's layout, says what was not found, and gives a way home", async ({
  page,
}) => {
  const noMovie = "We could not find that movie. It may no longer be in our programme, or the link may be wrong.";
  for (const [path, said] of [
    ["/no-such-page", "We could not find a page at /no-such-page. It may have moved, or the link may be wrong."],
    ["/movies/no-such-movie", noMovie],
    ["/movies/999999999", noMovie],
    ["/movies/%00", noMovie],
  ]) {
    const response = await open(page, path);
    expect(response?.status(), path).toBe(404);
    await expectErrorPage(page, response, "Page not found", said);
  }
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL("/");
});

test("a slow page change says Loading, please wait...", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript the browser shows its own progress");
  await open(page, "/");
  // One gate for every data request, opened after the message is seen: it cannot be opened too early.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.data*", async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByRole("link", { name: movie.title, exact: true }).first().click();
  const loading = page.getByRole("status").filter({ hasText: "Loading, please wait..." });
  await expect(loading).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(movie.title);
  await expect(loading).toHaveCount(0);
});

test("no page loads anything from another host", async ({ page, customerPage, baseURL, jsEnabled }) => {
  const ownHost = new URL(baseURL!).host;
  const foreign: string[] = [];
  for (const p of new Set([page, customerPage])) {
    p.on("request", (request) => {
      const url = new URL(request.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.host !== ownHost) foreign.push(request.url());
    });
  }
  const visit = async (p: typeof page, path: string) => {
    // Hydrated first: a key pressed while Remix still reads the page's data makes React 18 throw (decision 52).
    await open(p, path);
    await p.keyboard.press("End"); // lazy images below the fold load too
    await p.waitForLoadState("networkidle");
  };
  await visit(page, "/");
  if (jsEnabled) await page.getByRole("region", { name: "Latest Trailers" }).getByRole("link").nth(1).click();
  await visit(page, `/movies/${movie.id}?trailer`);
  await visit(page, "/legal");
  await visit(page, "/no-such-page");
  await visit(customerPage, "/movies?page=2");
  expect(foreign).toEqual([]);
});

test("pages start in the browser without errors", async ({ page, customerPage, jsEnabled }) => {
  test.skip(!jsEnabled, "nothing runs in the browser without JavaScript");
  const errors: string[] = [];
  for (const p of new Set([page, customerPage])) {
    p.on("pageerror", (error) => errors.push(`${p.url()}: ${error.message}`));
    p.on("console", (message) => message.type() === "error" && errors.push(`${p.url()}: ${message.text()}`));
  }
  // Ember Protocol has more cast members than the page shows, which once broke hydration.
  for (const path of ["/", "/movies/1029437", "/movies/1029437?trailer", "/legal"]) await open(page, path);
  await open(customerPage, "/movies?search=night");
  // The seat grid's server HTML is built as text (decision 29): the browser's React must take it over as its own.
  const { path } = showIn("Screen 1");
  await open(customerPage, path);
  const time = await timeRadios(customerPage).first().getAttribute("value");
  await open(customerPage, `${path}?time=${time}&seats=B2&seats=B3`);
  await expect(seat(customerPage, "B2")).toBeChecked();
  await seat(customerPage, "B2").uncheck();
  await expect(seat(customerPage, "B2")).not.toBeChecked();
  expect(errors).toEqual([]);
});
