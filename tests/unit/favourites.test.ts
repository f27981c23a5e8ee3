import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyPendingFavourite, signInToFavourite } from "~/http/favourites.server";
import { addFavourite, isFavourite, removeFavourite } from "~/models/favourites.server";
import { browseMovies, listMovies } from "~/models/movies.server";
import { loadSampleData } from "~/models/sample-data.server";
import { recordSignIn } from "~/models/users.server";
import { getDb } from "~/services/db.server";
import { latestFirst, sampleMovies } from "../sample-catalogue";
import { movieFilters } from "./fixtures";

const sample = sampleMovies;
const filters = movieFilters;

const ALICE = "uid-alice";
const BOB = "uid-bob";
const EMBER = "1029437"; // Action, Science Fiction, Thriller
const NIGHT_ORCHARD = "1010581"; // Mystery, Drama, Thriller
const MIDNIGHT = "1002456"; // Fantasy, Adventure, Family
const QUIET_BRIGADE = "968123"; // War, History, Drama

async function favouritesOf(uid: string) {
  const db = await getDb();
  const rows = await db.query<{ movie_id: string }>(
    "select movie_id from favourites where user_uid = $1 order by movie_id",
    [uid],
  );
  return rows.map((row) => row.movie_id);
}

beforeAll(async () => {
  await loadSampleData();
  for (const uid of [ALICE, BOB]) await recordSignIn({ uid, email: `${uid}@example.com`, name: uid, photoUrl: null });
});

beforeEach(async () => {
  const db = await getDb();
  await db.query("delete from favourites");
});

describe("adding and removing favourites", () => {
  it("adds once however often it is asked, and removes the same way", async () => {
    await addFavourite(ALICE, EMBER);
    await addFavourite(ALICE, EMBER);
    expect(await favouritesOf(ALICE)).toEqual([EMBER]);
    expect(await isFavourite(ALICE, EMBER)).toBe(true);
    await removeFavourite(ALICE, EMBER);
    await removeFavourite(ALICE, EMBER);
    expect(await favouritesOf(ALICE)).toEqual([]);
    expect(await isFavourite(ALICE, EMBER)).toBe(false);
  });

  it("keeps each customer's favourites apart", async () => {
    await addFavourite(ALICE, EMBER);
    await addFavourite(BOB, MIDNIGHT);
    await removeFavourite(BOB, EMBER);
    expect(await favouritesOf(ALICE)).toEqual([EMBER]);
    expect(await isFavourite(BOB, EMBER)).toBe(false);
    expect(await isFavourite(ALICE, MIDNIGHT)).toBe(false);
  });

  it("refuses a movie that does not exist, storing nothing", async () => {
    await expect(addFavourite(ALICE, "no-such-movie")).rejects.toThrow();
    expect(await favouritesOf(ALICE)).toEqual([]);
  });
});

describe("listing a customer's favourites", () => {
  beforeEach(async () => {
    for (const id of [EMBER, NIGHT_ORCHARD, MIDNIGHT, QUIET_BRIGADE]) await addFavourite(ALICE, id);
    await addFavourite(BOB, "850777");
  });

  it("lists exactly their favourites, latest first, and counts them", async () => {
    const result = await listMovies(filters(), { favouritesOf: ALICE });
    expect(result.movies.map((m) => m.id)).toEqual([NIGHT_ORCHARD, EMBER, MIDNIGHT, QUIET_BRIGADE]);
    expect(result).toMatchObject({ matching: 4, total: 4, hasMore: false });
    const bob = await listMovies(filters(), { favouritesOf: BOB });
    expect(bob.movies.map((m) => m.id)).toEqual(["850777"]);
    expect(bob.total).toBe(1);
  });

  it("searches, filters by genre and sorts within their favourites only", async () => {
    const scope = { favouritesOf: ALICE };
    const night = await listMovies(filters({ search: "NIGHT" }), scope);
    expect(night.movies.map((m) => m.title)).toEqual(["The Night Orchard", "Midnight Cartography"]);
    expect(night).toMatchObject({ matching: 2, total: 4 });
    const drama = await listMovies(filters({ genre: "Drama", sort: "rating" }), scope);
    expect(drama.movies.map((m) => m.id)).toEqual([QUIET_BRIGADE, NIGHT_ORCHARD]);
    const byTitle = await listMovies(filters({ sort: "title" }), scope);
    expect(byTitle.movies.map((m) => m.title)).toEqual([
      "Ember Protocol",
      "Midnight Cartography",
      "The Night Orchard",
      "The Quiet Brigade",
    ]);
    // Another customer's favourite matches the search, but is not Alice's.
    expect((await listMovies(filters({ search: "Mars" }), scope)).movies).toEqual([]);
    expect((await listMovies(filters({ search: "Mars" }), { favouritesOf: BOB })).matching).toBe(1);
  });

  it("pages by 12, as the catalogue does", async () => {
    for (const movie of latestFirst) await addFavourite(BOB, movie.id);
    const first = await listMovies(filters(), { favouritesOf: BOB });
    expect(first.movies.map((m) => m.id)).toEqual(latestFirst.slice(0, 12).map((m) => m.id));
    expect(first).toMatchObject({ matching: sample.length, total: sample.length, hasMore: true });
    expect((await listMovies(filters({ page: 2 }), { favouritesOf: BOB })).hasMore).toBe(false);
  });

  it("counts nothing for a customer without favourites, and the catalogue without a scope", async () => {
    expect(await listMovies(filters(), { favouritesOf: "uid-nobody" })).toEqual({
      movies: [],
      matching: 0,
      total: 0,
      hasMore: false,
    });
    expect((await listMovies(filters())).total).toBe(sample.length);
  });

  it("applies the genre as the catalogue spells it, and an unknown one as all genres", async () => {
    const scope = { favouritesOf: ALICE };
    const drama = await browseMovies(filters({ genre: "drama" }), scope);
    expect(drama.filters.genre).toBe("Drama");
    expect(drama.movies.map((m) => m.id)).toEqual([NIGHT_ORCHARD, QUIET_BRIGADE]);
    const unknown = await browseMovies(filters({ genre: "Opera" }), scope);
    expect(unknown.filters.genre).toBe("all");
    expect(unknown).toMatchObject({ matching: 4, total: 4 });
  });
});

describe("a visitor's Favorite, kept while they sign in", () => {
  const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0];
  const moviePage = (id: string, cookie: string) =>
    new Request(`http://localhost/movies/${id}`, { headers: { Cookie: cookie } });
  const thrown = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (response: Response) => response,
    );

  it("sends them to sign in and keeps the choice in a short-lived, signed, httpOnly, Lax cookie", async () => {
    const post = new Request(`http://localhost/movies/${EMBER}/favourite`, { method: "POST" });
    const response = await signInToFavourite(post, EMBER, "add");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=%2Fmovies%2F${EMBER}`);
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^pending-favourite=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=900/);
  });

  it("applies it once they are back on that movie's page, and clears it", async () => {
    const cookie = cookieOf(await signInToFavourite(new Request("http://localhost/"), EMBER, "add"));
    const response = (await thrown(applyPendingFavourite(moviePage(EMBER, cookie), ALICE, EMBER))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/movies/${EMBER}`);
    expect(response.headers.get("Set-Cookie")).toMatch(/pending-favourite=[^;]*; Max-Age=0/);
    expect(response.headers.get("Set-Cookie")).toMatch(/toast=/);
    expect(await favouritesOf(ALICE)).toEqual([EMBER]);
  });

  it("does nothing on another movie's page, or with a cookie that was tampered with", async () => {
    const cookie = cookieOf(await signInToFavourite(new Request("http://localhost/"), EMBER, "add"));
    expect(await thrown(applyPendingFavourite(moviePage(MIDNIGHT, cookie), ALICE, MIDNIGHT))).toBeNull();
    const [name, value] = cookie.split("=");
    const forged = `${name}=${encodeURIComponent(btoa(JSON.stringify({ movieId: MIDNIGHT, intent: "add" })))}`;
    expect(await thrown(applyPendingFavourite(moviePage(MIDNIGHT, forged), ALICE, MIDNIGHT))).toBeNull();
    const edited = `${name}=${value.replace(/^./, (c) => (c === "e" ? "f" : "e"))}`;
    expect(await thrown(applyPendingFavourite(moviePage(EMBER, edited), ALICE, EMBER))).toBeNull();
    expect(await favouritesOf(ALICE)).toEqual([]);
  });
});
