import { getDb } from "~/services/db.server";

export type Trailer = {
  id: string;
  title: string;
  description: string;
  duration: string;
  views: string;
  imageUrl: string;
  videoUrl: string;
  captionsUrl: string;
};

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
