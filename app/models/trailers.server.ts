import type { Trailer } from "~/domain/movie";
import { getDb } from "~/services/db.server";

const COLUMNS = `id, title, description, duration, views, image as "imageUrl", video_url as "videoUrl",
  captions_url as "captionsUrl"`;

export async function listTrailers() {
  const db = await getDb();
  return db.query<Trailer>(`select ${COLUMNS} from trailers order by position, id`);
}

export async function getTrailerForMovie(movieId: string) {
  const db = await getDb();
  const [trailer] = await db.query<Trailer>(
    `select ${COLUMNS} from trailers where movie_id = $1 order by position limit 1`,
    [movieId],
  );
  return trailer ?? null;
}
