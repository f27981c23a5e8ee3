import { describe, expect, it } from "vitest";
import { testPostgresUrl, usePostgresDatabase } from "./postgres-database";

// The same migrations, seed and queries as on PGlite, against a real PostgreSQL server.
describe.skipIf(!testPostgresUrl)("on PostgreSQL", () => {
  const databaseUrl = usePostgresDatabase();

  it("migrates once when several instances start together", async () => {
    const { migrate, openDatabase } = await import("~/services/db.server");
    const url = databaseUrl();
    const instances = [openDatabase(url), openDatabase(url), openDatabase(url)];
    await Promise.all(instances.map((db) => migrate(db)));
    const rows = await instances[0].query<{ n: number }>("select count(*)::int as n from schema_migrations");
    const files = (await import("node:fs")).readdirSync("data/migrations").filter((f) => f.endsWith(".sql"));
    expect(rows[0].n).toBe(files.length);
    await Promise.all(instances.map((db) => db.close()));
  });

  it("seeds the catalogue and schedule once, however often it starts", async () => {
    const { getDb } = await import("~/services/db.server");
    const { loadSampleData, seedCatalogue, scheduleSampleShows } = await import("~/models/sample-data.server");
    const db = await getDb();
    await loadSampleData();
    const count = async () =>
      (
        await db.query<{ movies: number; shows: number }>(
          "select (select count(*)::int from movies) as movies, (select count(*)::int from shows) as shows",
        )
      )[0];
    const first = await count();
    await seedCatalogue(db);
    await scheduleSampleShows(db, "UTC");
    expect(await count()).toEqual(first);
    expect(first.movies).toBeGreaterThanOrEqual(16);
    expect(first.shows).toBeGreaterThan(0);
  });

  it("answers the catalogue queries as PGlite does", async () => {
    const { listMovies } = await import("~/models/movies.server");
    const { listShowDays } = await import("~/models/shows.server");
    const result = await listMovies({ search: "NIGHT", genre: "all", sort: "title", page: 1 });
    expect(result.movies.length).toBeGreaterThan(0);
    expect(result.movies.every((m) => m.title.toLowerCase().includes("night"))).toBe(true);
    const drama = await listMovies({ search: "", genre: "Drama", sort: "rating", page: 1 });
    const ratings = drama.movies.map((m) => m.voteAverage ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(await listShowDays(result.movies[0].id)).not.toHaveLength(0);
  });
});
