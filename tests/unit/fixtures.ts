// Rows the model tests make for themselves in their in-memory database.
import { randomUUID } from "node:crypto";
import type { MovieFilters } from "~/schemas/movie-filters";
import { getDb } from "~/services/db.server";

/** The default movie filters, with some changed. */
export const movieFilters = (changes: Partial<MovieFilters> = {}): MovieFilters => ({
  search: "",
  genre: "all",
  sort: "latest",
  page: 1,
  ...changes,
});

/** A user as sign-in mirrors one; answers the uid. */
export async function addUser(uid = `user-${randomUUID()}`) {
  const db = await getDb();
  await db.query("insert into users (uid, email, name) values ($1, $2, 'Test')", [uid, `${uid}@example.com`]);
  return uid;
}

/** A movie of the tests' own, outside the sample catalogue. */
export async function addMovie(id: string, title: string, runtime = 100) {
  const db = await getDb();
  await db.query(
    `insert into movies (id, title, poster_path, backdrop_path, release_date, runtime)
     values ($1, $2, '/p.svg', '/b.svg', '2020-01-01', $3)`,
    [id, title, runtime],
  );
}

/** A show of a movie; answers its id. */
export async function addShow(movieId: string, startsAt: string, priceCents = 5000) {
  const db = await getDb();
  const [{ id }] = await db.query<{ id: string }>(
    "insert into shows (movie_id, starts_at, price_cents) values ($1, $2, $3) returning id",
    [movieId, startsAt, priceCents],
  );
  return id;
}
