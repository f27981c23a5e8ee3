// Import from TMDB against the fake TMDB (tests/tmdb/fake-tmdb.ts), whose every request and answer is checked against
// TMDB's OpenAPI description: the client alone (a key or a token, a 404, a 429 with Retry-After, a timeout), then the
// whole site's import page with its TMDB settings pointed at the fake.
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tmdbClient, type TmdbSettings } from "~/services/tmdb.server";
import { TMDB_NOT_FOUND, TMDB_UNREACHABLE, tmdbRateLimitedMessage } from "~/http/tmdb-failures.server";
import { startFakeTmdb, type FakeTmdb } from "../tmdb/fake-tmdb";
import { LIGHTHOUSE_KEEPER } from "../tmdb/films";
import { postForm, signedInStaff, startSite, type Site } from "./site";
import { toastMessage } from "../../scripts/lib/site.mjs";

let fake: FakeTmdb;

beforeAll(async () => {
  fake = await startFakeTmdb();
});

afterEach(() => {
  expect(fake.problems).toEqual([]);
  fake.trouble.length = 0;
  fake.missingImages.clear();
});

afterAll(async () => {
  await fake.close();
});

const settings = (changes: Partial<TmdbSettings> = {}): TmdbSettings => ({
  apiKey: fake.apiKey,
  readAccessToken: null,
  region: "GB",
  apiUrl: fake.url,
  imageUrl: fake.url,
  timeoutMs: 2000,
  ...changes,
});

describe("the TMDB client", () => {
  it("searches, lists the region's films and reads a film's details with an API key", async () => {
    const client = tmdbClient(settings());
    const found = await client.searchFilms("lighthouse");
    expect(found.ok && found.value.map((film) => [film.id, film.title, film.release_date])).toEqual([
      [1001, "The Lighthouse Keeper", "2026-11-20"],
    ]);
    const [nowPlaying, upcoming] = [await client.nowPlaying(), await client.upcoming()];
    expect(nowPlaying.ok && nowPlaying.value.map((film) => film.title)).toEqual(["The Lighthouse Keeper"]);
    expect(upcoming.ok && upcoming.value.map((film) => film.title)).toEqual(["Northern Lights"]);
    const details = await client.filmDetails(1001);
    expect(details.ok && details.value.credits.cast).toHaveLength(14);
    expect(fake.requests.at(-1)).toMatchObject({
      path: "/3/movie/1001",
      query: { api_key: fake.apiKey, append_to_response: "credits,videos,release_dates" },
      bearer: false,
    });
    expect(fake.requests.find((request) => request.path === "/3/movie/upcoming")?.query.region).toBe("GB");
  });

  it("sends a read access token as a Bearer token, not in the address", async () => {
    const client = tmdbClient(settings({ apiKey: null, readAccessToken: fake.readAccessToken }));
    expect((await client.filmDetails(1002)).ok).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ bearer: true });
    expect(fake.requests.at(-1)?.query.api_key).toBeUndefined();
  });

  it("asks nothing without a key, and takes a refused key as not configured", async () => {
    const before = fake.requests.length;
    expect(await tmdbClient(settings({ apiKey: null })).searchFilms("lighthouse")).toEqual({
      ok: false,
      reason: "not-configured",
    });
    expect(fake.requests).toHaveLength(before);
    expect(await tmdbClient(settings({ apiKey: "wrong" })).nowPlaying()).toEqual({
      ok: false,
      reason: "not-configured",
    });
  });

  it("says not found for an id TMDB does not have", async () => {
    expect(await tmdbClient(settings()).filmDetails(999999)).toEqual({ ok: false, reason: "not-found" });
  });

  it("waits a short Retry-After once, and gives up on a long one with the wait", async () => {
    const client = tmdbClient(settings());
    fake.trouble.push({ kind: "rate-limit", retryAfterSeconds: 1 });
    const started = Date.now();
    expect((await client.filmDetails(1001)).ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    fake.trouble.push({ kind: "rate-limit", retryAfterSeconds: 1 }, { kind: "rate-limit", retryAfterSeconds: 1 });
    expect(await client.filmDetails(1001)).toEqual({ ok: false, reason: "rate-limited", retryAfterSeconds: 1 });

    fake.trouble.push({ kind: "rate-limit", retryAfterSeconds: 90 });
    const refused = Date.now();
    expect(await client.searchFilms("north")).toEqual({ ok: false, reason: "rate-limited", retryAfterSeconds: 90 });
    expect(Date.now() - refused).toBeLessThan(1000);
  });

  it("stops waiting for an answer at its timeout", async () => {
    fake.trouble.push({ kind: "stall" });
    const started = Date.now();
    expect(await tmdbClient(settings({ timeoutMs: 500 })).filmDetails(1001)).toEqual({
      ok: false,
      reason: "unreachable",
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("downloads an image's bytes, and says not found for one TMDB no longer has", async () => {
    const client = tmdbClient(settings());
    const poster = await client.downloadImage(LIGHTHOUSE_KEEPER.poster_path);
    expect(poster.ok && poster.value).toEqual(await fake.imageBytes(LIGHTHOUSE_KEEPER.poster_path));
    expect(fake.requests.length).toBeGreaterThan(0);
    fake.missingImages.add("/gone.jpg");
    expect(await client.downloadImage("/gone.jpg")).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("the fake TMDB's checks", () => {
  it("finds a field or a parameter TMDB's OpenAPI description does not have", async () => {
    const misspelt = { ...LIGHTHOUSE_KEEPER, populartiy: 1 };
    const strict = await startFakeTmdb({ films: [{ film: misspelt, listing: "now_playing" }] });
    try {
      const client = tmdbClient(settings({ apiUrl: strict.url, imageUrl: strict.url }));
      await client.filmDetails(1001);
      expect(strict.problems).toEqual([
        expect.stringMatching(/^\/3\/movie\/\{movie_id\}: .*must NOT have additional properties populartiy/),
      ]);
      const unknown = await fetch(`${strict.url}/3/movie/now_playing?api_key=${strict.apiKey}&regoin=GB`);
      expect(unknown.status).toBe(400);
      expect(strict.problems[1]).toMatch(/Invalid query: .*regoin/);
    } finally {
      await strict.close();
    }
  });
});

describe("the import page", () => {
  let site: Site;
  let cookie: string;

  beforeAll(async () => {
    site = await startSite({
      env: { TMDB_API_KEY: fake.apiKey, TMDB_API_URL: fake.url, TMDB_IMAGE_URL: fake.url, TMDB_TIMEOUT_SECONDS: "1" },
    });
    cookie = await signedInStaff(site);
  });

  afterAll(async () => {
    expect(await site.stop()).toBe(0);
    fs.rmSync(site.dataDir, { recursive: true, force: true });
  });

  const page = async (path: string) =>
    fetch(site.url + path, { headers: { Cookie: cookie } }).then(async (response) => ({
      status: response.status,
      text: await response.text(),
    }));
  const importing = (reference: string) => postForm(site, "/admin/movies/import", { reference }, { Cookie: cookie });

  it("lists now playing and upcoming, finds a film by title, and shows TMDB's attribution", async () => {
    const { status, text } = await page("/admin/movies/import?q=lighthouse");
    expect(status).toBe(200);
    expect(text).toContain("Now playing in GB");
    expect(text).toContain("Upcoming in GB");
    expect(text).toContain("Northern Lights");
    expect(text).toContain("Found for “lighthouse”");
    expect(text).toContain("This product uses the TMDB API but is not endorsed or certified by TMDB.");
    // Pages never load a picture from TMDB's hosts.
    expect(text).not.toMatch(/image\.tmdb\.org|<img[^>]+127\.0\.0\.1/);
  });

  it("imports a film pasted by its address, downloading its images once", async () => {
    const before = fake.requests.length;
    const answer = await importing("https://www.themoviedb.org/movie/1001-the-lighthouse-keeper");
    expect(answer.status).toBe(302);
    // The film is saved, and its editor opens for staff to check it.
    expect(answer.headers.get("location")).toMatch(/^\/admin\/movies\/the-lighthouse-keeper-[0-9a-f]{6}$/);
    expect(toastMessage(answer.headers.get("set-cookie"))).toBe("The Lighthouse Keeper was imported from TMDB");
    const images = fake.requests.slice(before).filter((request) => request.path.startsWith("/t/p/"));
    // The poster, the backdrop and the first 12 of the cast: each once.
    expect(images).toHaveLength(14);
    expect(new Set(images.map((request) => request.path)).size).toBe(14);
  });

  it("says beside the field that TMDB has no such film, that it is busy, or that it did not answer", async () => {
    const notFound = await importing("999999");
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toContain(TMDB_NOT_FOUND);

    fake.trouble.push({ kind: "rate-limit", retryAfterSeconds: 120 });
    const busy = await importing("1001");
    expect(busy.status).toBe(503);
    expect(await busy.text()).toContain(tmdbRateLimitedMessage(120));

    fake.trouble.push({ kind: "stall" });
    const away = await importing("1001");
    expect(away.status).toBe(503);
    expect(await away.text()).toContain(TMDB_UNREACHABLE);
  });
});
