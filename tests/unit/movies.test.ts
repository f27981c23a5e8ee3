import { beforeAll, describe, expect, it } from "vitest";
import { getMovie, listGenres, listMovies, listNowShowing, listRecommended } from "~/models/movies.server";
import { loadSampleData } from "~/models/sample-data.server";
import { getDb } from "~/services/db.server";
import { sampleMovies } from "../sample-catalogue";
import { movieFilters } from "./fixtures";

beforeAll(loadSampleData);

const sample = sampleMovies;
const titlesWith = (text: string) => sample.filter((m) => m.title.toLowerCase().includes(text)).map((m) => m.title);
const filters = movieFilters;

function expectOrdered<T>(values: T[], inOrder: (a: T, b: T) => boolean) {
  for (let i = 1; i < values.length; i++)
    expect(inOrder(values[i - 1], values[i]), `${values[i - 1]} before ${values[i]}`).toBe(true);
}

describe("listMovies", () => {
  it("searches titles case-insensitively by substring", async () => {
    const expected = titlesWith("night");
    expect(expected.length).toBeGreaterThan(1); // "The Night Orchard" and "Midnight Cartography"
    for (const search of ["night", "NIGHT", "nIgHt"]) {
      const result = await listMovies(filters({ search }));
      expect(result.movies.map((m) => m.title).sort()).toEqual([...expected].sort());
      expect(result.matching).toBe(expected.length);
      expect(result.total).toBe(sample.length);
    }
  });

  it("matches % and _ literally, not as patterns", async () => {
    const db = await getDb();
    await db.query(
      `insert into movies (id, title, poster_path, backdrop_path, release_date, runtime)
       values ('t-pct', '100% Pure_Fun', '/p.svg', '/b.svg', '2000-01-01', 90)`,
    );
    try {
      for (const search of ["%", "_", "0% p", "e_f"]) {
        const result = await listMovies(filters({ search }));
        expect(
          result.movies.map((m) => m.title),
          search,
        ).toEqual(["100% Pure_Fun"]);
      }
    } finally {
      await db.query("delete from movies where id = 't-pct'");
    }
  });

  it("finds nothing for an unknown title, and still counts the catalogue", async () => {
    expect(await listMovies(filters({ search: "zzzz" }))).toEqual({
      movies: [],
      matching: 0,
      total: sample.length,
      hasMore: false,
    });
  });

  it("matches a genre anywhere in a movie's genres", async () => {
    const result = await listMovies(filters({ genre: "Drama", page: 10 }));
    const expected = sample.filter((m) => m.genres.some((g) => g.name === "Drama"));
    expect(result.movies.map((m) => m.id).sort()).toEqual(expected.map((m) => m.id).sort());
    expect(expected.some((m) => m.genres[0].name !== "Drama")).toBe(true);
    expect((await listMovies(filters({ genre: "drama" }))).matching).toBe(0);
  });

  it("combines search and genre", async () => {
    const result = await listMovies(filters({ search: "night", genre: "Fantasy" }));
    expect(result.movies.map((m) => m.title)).toEqual(["Midnight Cartography"]);
  });

  it("sorts by latest release, by rating and by title", async () => {
    const all = { page: 10 };
    const latest = (await listMovies(filters({ ...all, sort: "latest" }))).movies;
    expectOrdered(
      latest.map((m) => m.releaseDate),
      (a, b) => a >= b,
    );
    const rating = (await listMovies(filters({ ...all, sort: "rating" }))).movies;
    expectOrdered(
      rating.map((m) => m.voteAverage ?? -1), // films without a vote average last
      (a, b) => a >= b,
    );
    const title = (await listMovies(filters({ ...all, sort: "title" }))).movies;
    expectOrdered(
      title.map((m) => m.title.toLowerCase()),
      (a, b) => a <= b,
    );
    for (const list of [latest, rating, title]) expect(list).toHaveLength(sample.length);
    expect(latest[0].title).toBe([...sample].sort((a, b) => b.release_date.localeCompare(a.release_date))[0].title);
  });

  it("pages by 12, each page holding the ones before so Load More grows the list", async () => {
    const first = await listMovies(filters());
    expect(first.movies).toHaveLength(12);
    expect(first).toMatchObject({ matching: 20, total: 20, hasMore: true });
    const second = await listMovies(filters({ page: 2 }));
    expect(second.movies).toHaveLength(20);
    expect(second.movies.slice(0, 12)).toEqual(first.movies);
    expect(second.hasMore).toBe(false);
    expect((await listMovies(filters({ page: 100 }))).movies).toHaveLength(20);
  });

  it("returns the fields a card shows", async () => {
    const [movie] = (await listMovies(filters({ search: "Ember Protocol" }))).movies;
    expect(movie).toMatchObject({ id: "1029437", releaseDate: "2025-11-21", runtime: 142, voteAverage: 7.812 });
    expect(movie.genres.map((g) => g.name)).toEqual(["Action", "Science Fiction", "Thriller"]);
  });
});

describe("other catalogue reads", () => {
  it("lists each genre once, sorted", async () => {
    const genres = await listGenres();
    expect(genres).toEqual([...new Set(sample.flatMap((m) => m.genres.map((g) => g.name)))].sort());
  });

  it("shows the 8 latest movies as now showing", async () => {
    const movies = await listNowShowing();
    expect(movies).toHaveLength(8);
    expectOrdered(
      movies.map((m) => m.releaseDate),
      (a, b) => a >= b,
    );
  });

  it("reads one movie with everything the detail page shows", async () => {
    const movie = await getMovie("998731");
    expect(movie).toMatchObject({ title: "Le Dernier Funambule", originalLanguage: "fr", voteCount: 987 });
    expect(movie?.cast[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), character: expect.any(String) }),
    );
    expect((await getMovie("921458"))?.originalLanguage).toBeNull();
    expect((await getMovie("1029437"))?.cast).toHaveLength(12); // of 14
    expect(await getMovie("no-such-movie")).toBeNull();
    expect(await getMovie("10\u000029437")).toBeNull();
  });

  it("recommends 4 other movies, those sharing the most genres first", async () => {
    const movie = (await getMovie("1010581"))!; // Mystery, Drama, Thriller
    const recommended = await listRecommended(movie);
    expect(recommended).toHaveLength(4);
    expect(recommended.map((m) => m.id)).not.toContain(movie.id);
    const shared = (m: { genres: { name: string }[] }) =>
      m.genres.filter((g) => movie.genres.some((own) => own.name === g.name)).length;
    expectOrdered(recommended.map(shared), (a, b) => a >= b);
    expect(shared(recommended[0])).toBe(Math.max(...sample.filter((m) => m.id !== movie.id).map(shared)));
  });
});
