// Import from TMDB: without a key the page says how to get one; with one (a site of this spec's own, its TMDB settings
// pointed at the fake TMDB of tests/tmdb/) staff search, see the region's films, import one, and are told why not.
import fs from "node:fs";
import path from "node:path";
import { startSite } from "../../scripts/lib/site.mjs";
import { startFakeTmdb, type FakeTmdb } from "../tmdb/fake-tmdb";
import { expect, test } from "./fixtures";
import { open } from "./steps";

const ATTRIBUTION = "This product uses the TMDB API but is not endorsed or certified by TMDB.";

test("without a TMDB key the import page says how to get one", async ({ staffPage: page }) => {
  await open(page, "/admin");
  await page.getByRole("link", { name: "Import from TMDB" }).click();
  await expect(page).toHaveURL(/\/admin\/movies\/import$/);
  await expect(page.getByRole("heading", { name: "Import from TMDB", level: 1 })).toBeVisible();
  await expect(page.getByText("Import from TMDB is off: the site has no TMDB API key.")).toBeVisible();
  await expect(page.getByRole("link", { name: "your TMDB account's API settings" })).toHaveAttribute(
    "href",
    "https://www.themoviedb.org/settings/api",
  );
  await expect(page.getByText(ATTRIBUTION)).toBeVisible();
  await expect(page.getByRole("button", { name: "Import" })).toHaveCount(0);
});

type TmdbSite = { url: string; fake: FakeTmdb };

/** The e2e server's own Auth emulator, which npm start wrote down in its data folder: accounts work on both sites. */
const e2eEmulatorHost = () =>
  JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "identity", "emulator.json"), "utf8")).host;

const withTmdb = test.extend<object, { tmdbSite: TmdbSite }>({
  tmdbSite: [
    // Playwright reads a fixture's dependencies from its first parameter's destructuring: `{}` says none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeTmdb();
      const site = await startSite({
        identity: { host: e2eEmulatorHost(), dataDir: process.env.E2E_DATA_DIR! },
        env: { TMDB_API_KEY: fake.apiKey, TMDB_API_URL: fake.url, TMDB_IMAGE_URL: fake.url, TRUST_PROXY: "true" },
      });
      await use({ url: site.url, fake });
      await site.stop();
      fs.rmSync(site.dataDir, { recursive: true, force: true });
      await fake.close();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ tmdbSite }, use) => use(tmdbSite.url),
});

withTmdb(
  "staff find a film on TMDB and import it; a wrong id is refused beside its field",
  async ({ staffPage: page, tmdbSite: { fake } }) => {
    test.setTimeout(60_000);
    const fromTmdbHosts: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(fake.url) || /tmdb\.org/.test(request.url())) fromTmdbHosts.push(request.url());
    });
    await open(page, "/admin/movies/import");
    await expect(
      page.getByRole("region", { name: "Now playing in GB" }).getByText("The Lighthouse Keeper (2026)"),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Upcoming in GB" }).getByText("Northern Lights (2027)"),
    ).toBeVisible();
    await expect(page.getByText(ATTRIBUTION)).toBeVisible();

    await page.getByLabel("Title").fill("lighthouse");
    await page.getByRole("button", { name: "Search" }).click();
    const found = page.getByRole("region", { name: "Found for “lighthouse”" });
    await expect(found.getByText("The Lighthouse Keeper (2026)")).toBeVisible();
    const before = fake.requests.length;
    await found.getByRole("button", { name: "Import The Lighthouse Keeper" }).click();
    await expect(page.getByText("The Lighthouse Keeper was imported from TMDB")).toBeVisible();
    const imported = fake.requests.slice(before);
    expect(imported.filter((request) => request.path === "/3/movie/1001")).toHaveLength(1);
    expect(imported.filter((request) => request.path.startsWith("/t/p/"))).toHaveLength(14);
    // The film is saved and its editor opens, for staff to check it before scheduling it.
    await expect(page).toHaveURL(/\/admin\/movies\/[\w-]+$/);
    await expect(page.getByRole("heading", { name: "Edit The Lighthouse Keeper" })).toBeVisible();

    await open(page, "/admin/movies/import");
    await page.getByLabel("TMDB id or address").fill("https://www.themoviedb.org/movie/999999-no-such-film");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByLabel("TMDB id or address")).toHaveAccessibleDescription(
      "TMDB has no film with that id. Please check the id or address and try again.",
    );
    await page.getByLabel("TMDB id or address").fill("https://www.themoviedb.org/tv/1399");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByLabel("TMDB id or address")).toHaveAccessibleDescription(
      "Please paste a TMDB film id, such as 550, or its address, such as https://www.themoviedb.org/movie/550-fight-club.",
    );

    expect(fromTmdbHosts).toEqual([]);
    expect(fake.problems).toEqual([]);
  },
);
