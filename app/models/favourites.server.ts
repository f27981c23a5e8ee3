import { getDb } from "~/services/db.server";

// Both are idempotent: adding a favourite twice or removing one that is not there changes nothing.

export async function addFavourite(userUid: string, movieId: string) {
  const db = await getDb();
  await db.query("insert into favourites (user_uid, movie_id) values ($1, $2) on conflict do nothing", [
    userUid,
    movieId,
  ]);
}

export async function removeFavourite(userUid: string, movieId: string) {
  const db = await getDb();
  await db.query("delete from favourites where user_uid = $1 and movie_id = $2", [userUid, movieId]);
}

export async function isFavourite(userUid: string, movieId: string) {
  const db = await getDb();
  const rows = await db.query("select 1 from favourites where user_uid = $1 and movie_id = $2", [userUid, movieId]);
  return rows.length > 0;
}
