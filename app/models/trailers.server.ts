import { sql } from "kysely";
import { trailerVideoUrl, type FilmTrailer } from "~/domain/film-draft";
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

/**
 * The trailers the home page lists: the sample clips, in their order, each film's giving way to the video staff
 * uploaded for it (what its movie page plays), and films with an uploaded video and no clip first. Retired films'
 * are not listed.
 */
export async function listTrailers(): Promise<Trailer[]> {
  const rows = await typed(await getDb())
    .selectFrom("movies as m")
    .leftJoin("trailers as t", "t.movie_id", "m.id")
    .select([
      "t.id",
      "t.title",
      "t.description",
      "t.duration",
      "t.views",
      "t.image",
      "t.video_url",
      "t.captions_url",
      "m.id as movie_id",
      "m.title as film_title",
      "m.tagline",
      "m.backdrop_path",
      sql<FilmTrailer | null>`m.trailer`.as("film_trailer"),
    ])
    .where("m.retired_at", "is", null)
    .where(sql<boolean>`(t.id is not null or m.trailer->>'kind' = 'video')`)
    .orderBy(sql`t.position nulls first`)
    .orderBy("t.id")
    .orderBy("m.id")
    .execute();
  const listed = new Set<string>();
  return rows.flatMap((row): Trailer[] => {
    const uploaded = row.film_trailer?.kind === "video" ? row.film_trailer : null;
    if (uploaded) {
      if (listed.has(row.movie_id)) return [];
      listed.add(row.movie_id);
      return [
        {
          id: `film-${row.movie_id}`,
          title: `${row.film_title}: trailer`,
          description: row.tagline,
          duration: null,
          views: null,
          imageUrl: row.backdrop_path ?? "",
          videoUrl: trailerVideoUrl(uploaded),
          captionsUrl: null,
        },
      ];
    }
    return [
      {
        id: row.id!,
        title: row.title!,
        description: row.description!,
        duration: row.duration,
        views: row.views,
        imageUrl: row.image!,
        videoUrl: row.video_url!,
        captionsUrl: row.captions_url,
      },
    ];
  });
}

export async function getTrailerForMovie(movieId: string): Promise<Trailer | null> {
  const trailer = await trailerQuery(await getDb())
    .where("movie_id", "=", movieId)
    .orderBy("position")
    .limit(1)
    .executeTakeFirst();
  return trailer ?? null;
}
