import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

// Both are idempotent: adding a favourite twice or removing one that is not there changes nothing.

export async function addFavourite(userUid: string, movieId: string) {
  await typed(await getDb())
    .insertInto("favourites")
    .values({ user_uid: userUid, movie_id: movieId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeFavourite(userUid: string, movieId: string) {
  await typed(await getDb())
    .deleteFrom("favourites")
    .where("user_uid", "=", userUid)
    .where("movie_id", "=", movieId)
    .execute();
}

export async function isFavourite(userUid: string, movieId: string) {
  const found = await typed(await getDb())
    .selectFrom("favourites")
    .select("movie_id")
    .where("user_uid", "=", userUid)
    .where("movie_id", "=", movieId)
    .executeTakeFirst();
  return found !== undefined;
}
