import type { Trailer } from "~/domain/movie";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

const trailerQuery = (db: Queryable) =>
  typed(db)
    .selectFrom("trailers")
    .select([
      "id",
      "title",
      "description",
      "duration",
      "views",
      "image as imageUrl",
      "video_url as videoUrl",
      "captions_url as captionsUrl",
    ]);

export async function listTrailers(): Promise<Trailer[]> {
  return trailerQuery(await getDb())
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function getTrailerForMovie(movieId: string): Promise<Trailer | null> {
  const trailer = await trailerQuery(await getDb())
    .where("movie_id", "=", movieId)
    .orderBy("position")
    .limit(1)
    .executeTakeFirst();
  return trailer ?? null;
}
