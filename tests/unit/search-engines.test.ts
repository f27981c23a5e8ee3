import { afterEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { isPrivatePath, robotsTxt, sitemapAddresses, sitemapXml } from "~/http/search-engines.server";
import { forgetCatalogueState } from "~/models/catalogue.server";
import { getDb } from "~/services/db.server";
import { addMovie } from "./fixtures";

afterEach(() => forgetCatalogueState());

describe("robots.txt", () => {
  it("keeps every crawler out of the staff area, bookings, booking links and the test gateway, and names the sitemap", () => {
    const lines = robotsTxt("https://tickets.example").split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines.filter((line) => line.startsWith("Disallow:"))).toEqual([
      "Disallow: /admin",
      "Disallow: /my-bookings",
      "Disallow: /booking-link",
      "Disallow: /test-gateway",
    ]);
    expect(lines).toContain("Sitemap: https://tickets.example/sitemap.xml");
  });
});

describe("noindex", () => {
  it("is sent for the private pages and the account pages, never for the public ones", () => {
    for (const path of [
      "/admin",
      "/admin/list-bookings.csv",
      "/my-bookings",
      "/my-bookings/1/calendar.ics",
      "/booking-link/abc",
      "/test-gateway/checkouts/1",
      "/favourites",
      "/login",
      "/register",
      "/reset-password",
      "/movies/1029437/2026-12-08/guest",
      "/movies/1029437/2026-12-08/waitlist",
    ])
      expect(isPrivatePath(path), path).toBe(true);
    for (const path of [
      "/",
      "/whats-on",
      "/legal",
      "/movies",
      "/movies/1029437",
      "/movies/1029437/2026-12-08",
      "/administrator",
    ])
      expect(isPrivatePath(path), path).toBe(false);
  });
});

describe("the sitemap", () => {
  const movieAddress = (id: string) => `${config.mail.siteUrl}/movies/${id}`;

  it("lists the public pages and every film, and follows the catalogue", async () => {
    const before = await sitemapAddresses();
    expect(before.slice(0, 3)).toEqual([
      `${config.mail.siteUrl}/`,
      `${config.mail.siteUrl}/whats-on`,
      `${config.mail.siteUrl}/legal`,
    ]);
    const db = await getDb();
    const [{ films }] = await db.query<{ films: number }>("select count(*)::int as films from movies");
    expect(before).toHaveLength(3 + films);

    await addMovie("t-sitemap-new");
    forgetCatalogueState();
    expect(await sitemapAddresses()).toContain(movieAddress("t-sitemap-new"));
    await db.query("delete from movies where id = 't-sitemap-new'");
    forgetCatalogueState();
    expect(await sitemapAddresses()).not.toContain(movieAddress("t-sitemap-new"));
  });

  it("is sitemaps.org XML, its addresses escaped", () => {
    const xml = sitemapXml(["https://tickets.example/", "https://tickets.example/movies/a?b=1&c=2"]);
    expect(xml.split("\n").slice(0, 2)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ]);
    expect([...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])).toEqual([
      "https://tickets.example/",
      "https://tickets.example/movies/a?b=1&amp;c=2",
    ]);
  });
});
