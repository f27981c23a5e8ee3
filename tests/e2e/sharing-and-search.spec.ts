// Issue 59's sharing and search: what a crawler or a messenger reads of a page (its canonical address, Open Graph and
// Twitter tags, schema.org JSON-LD), robots.txt, the sitemap, and noindex on private pages.
import type { Page } from "@playwright/test";
import jsonld from "jsonld";
import { expect, test } from "./fixtures";
import { latestFirst, open } from "./steps";

const film = latestFirst[1];

// The schema.org context, given offline as its vocabulary: every term the site writes is a schema.org term.
const documentLoader = async (url: string) => ({
  document: { "@context": { "@vocab": "https://schema.org/" } },
  documentUrl: url,
  contextUrl: null,
});

/** The page's JSON-LD, flattened: its nodes by type, as a JSON-LD processor reads them. */
async function structuredData(page: Page) {
  const [text] = await page.locator('script[type="application/ld+json"]').allTextContents();
  const nodes = (await jsonld.flatten(JSON.parse(text), null, { documentLoader })) as Record<string, unknown>[];
  const ofType = (type: string) =>
    nodes.filter((node) => (node["@type"] as string[] | undefined)?.includes(`https://schema.org/${type}`));
  const one = (node: Record<string, unknown>, term: string) => {
    const [item] = node[`https://schema.org/${term}`] as { "@value"?: string; "@id"?: string }[];
    return item["@value"] ?? item["@id"];
  };
  return { nodes, ofType, one, byId: (id: unknown) => nodes.find((node) => node["@id"] === id)! };
}

const meta = (page: Page, attribute: "property" | "name", key: string) =>
  page.locator(`meta[${attribute}="${key}"]`).getAttribute("content");

test("a movie page says its canonical address, its backdrop to share, and its times as ScreeningEvents", async ({
  page,
  baseURL,
}) => {
  await open(page, `/movies/${film.id}?dates=1#times`);
  const address = `${baseURL}/movies/${film.id}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", address);
  expect(await meta(page, "property", "og:url")).toBe(address);
  expect(await meta(page, "property", "og:title")).toBe(`${film.title} – Marquee Cinemas`);
  // The backdrop the page itself shows.
  const backdrop = `${baseURL}${await page.locator("img.movie-backdrop").getAttribute("src")}`;
  expect(await meta(page, "property", "og:image")).toBe(backdrop);
  expect(await meta(page, "name", "twitter:card")).toBe("summary_large_image");
  expect(await meta(page, "name", "twitter:image")).toBe(backdrop);

  const data = await structuredData(page);
  const [movie] = data.ofType("Movie");
  expect(data.one(movie, "name")).toBe(film.title);
  const events = data.ofType("ScreeningEvent");
  // One event for each time the page lists, each offering that time's seat page.
  const links = page.getByRole("list", { name: /^Times on / }).getByRole("link");
  const seatPages = await links.evaluateAll((all) => all.map((link) => (link as HTMLAnchorElement).href));
  expect(events.length).toBeGreaterThanOrEqual(seatPages.length);
  const offers = events.map((event) => data.byId(data.one(event, "offers")));
  expect(offers.map((offer) => data.one(offer, "url"))).toEqual(expect.arrayContaining(seatPages));
  for (const offer of offers) {
    expect(data.one(offer, "price")).toMatch(/^\d+\.\d{2}$/);
    expect(data.one(offer, "priceCurrency")).toBe("USD");
    expect(data.one(offer, "availability")).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
  }
  for (const event of events) {
    expect(data.one(event, "startDate")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+00:00$/); // the test cinema is in UTC
    expect(data.one(event, "workPresented")).toBe(movie["@id"]);
    expect(data.one(data.byId(data.one(event, "location")), "address")).toBe("1 Marquee Lane, Springfield");
  }
});

test("What's On carries every listed film and its times, and its canonical address has no filters", async ({
  page,
  baseURL,
  jsEnabled,
}) => {
  await open(page, "/whats-on?time=evening");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/whats-on`);
  const data = await structuredData(page);
  const titles = await page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
  // A flattened graph lists its nodes by @id.
  expect(
    data
      .ofType("Movie")
      .map((movie) => data.one(movie, "name"))
      .sort(),
  ).toEqual(titles.sort());
  const times = await page
    .getByRole("list", { name: /^Times of / })
    .getByRole("link")
    .count();
  expect(data.ofType("ScreeningEvent")).toHaveLength(times);

  // With JavaScript, a movie page opened from here says its own address and data, not What's On's.
  if (jsEnabled) {
    const first = page.getByRole("article").first().getByRole("heading", { level: 2 }).getByRole("link");
    const title = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^${baseURL}/movies/`));
    const movies = (await structuredData(page)).ofType("Movie");
    expect(movies).toHaveLength(1);
  }
});

test("robots.txt keeps crawlers out of the private areas and names the sitemap, which lists the films", async ({
  request,
  baseURL,
}) => {
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  const rules = (await robots.text()).split("\n");
  for (const path of ["/admin", "/my-bookings", "/booking-link", "/test-gateway"])
    expect(rules).toContain(`Disallow: ${path}`);
  expect(rules).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
  const addresses = [...(await sitemap.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
  expect(addresses).toEqual(
    expect.arrayContaining([
      `${baseURL}/`,
      `${baseURL}/whats-on`,
      ...latestFirst.map((m) => `${baseURL}/movies/${m.id}`),
    ]),
  );
  expect(addresses.some((address) => /\/(admin|my-bookings|login)/.test(address))).toBe(false);
});

test("private pages are sent with noindex, public ones without", async ({ request }) => {
  for (const path of ["/my-bookings", "/admin", "/login", "/favourites", "/booking-link/nothing"]) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.headers()["x-robots-tag"], path).toBe("noindex");
  }
  for (const path of ["/", "/whats-on", `/movies/${film.id}`]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["x-robots-tag"], path).toBeUndefined();
  }
});
