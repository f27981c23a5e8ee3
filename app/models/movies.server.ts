import { sql } from "kysely";
import type { Genre, Movie, MovieSummary } from "~/domain/movie";
import { ALL_GENRES, MOVIES_PAGE_SIZE, type MovieSort } from "~/schemas/movie-filter-options";
import type { MovieFilters } from "~/schemas/movie-filters";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

export const NOW_SHOWING_COUNT = 8;
export const RECOMMENDED_COUNT = 4;
export const CAST_SHOWN = 12;

/**
 * The films `m` on customer pages, with a `MovieSummary`'s columns; a retired film is on none (its shows and bookings
 * stay).
 */
const summaries = (db: Queryable) =>
  typed(db)
    .selectFrom("movies as m")
    .select([
      "m.id",
      "m.title",
      "m.backdrop_path as backdropUrl",
      sql<Genre[]>`m.genres`.as("genres"),
      sql<string>`to_char(m.release_date, 'YYYY-MM-DD')`.as("releaseDate"),
      "m.vote_average as voteAverage",
      "m.runtime",
      "m.certificate",
    ])
    .where("m.retired_at", "is", null);

// The cast is stored as the sample catalogue spells it.
type StoredCastMember = { name: string; profile_path: string | null; character: string; known_for_department: string };

const ORDER_BY: Record<MovieSort, string> = {
  latest: "m.release_date desc, m.id",
  rating: "m.vote_average desc nulls last, m.vote_count desc, m.id",
  title: "lower(m.title), m.id",
};

/** Which movies a list draws from: the whole catalogue, or one customer's favourites. */
export type MovieScope = { favouritesOf?: string };

/** The films `m` of a customer's favourites, when `owner` names one; otherwise every film. */
const inScope = (owner: string | null) =>
  sql<boolean>`(${owner}::text is null
    or exists (select 1 from favourites f where f.user_uid = ${owner} and f.movie_id = m.id))`;

/**
 * Movies of the scope matching the filters; page N holds the first N pages, so "Load More" grows the list.
 * `total` counts the whole scope.
 */
export async function listMovies(filters: MovieFilters, scope: MovieScope = {}) {
  const db = await getDb();
  const genre = filters.genre === ALL_GENRES ? null : filters.genre;
  const owner = scope.favouritesOf ?? null;
  const { search } = filters;
  const rows = await summaries(db)
    .select(sql<number>`count(*) over ()`.as("matching"))
    .where(inScope(owner))
    .where(sql<boolean>`(${search}::text = '' or strpos(lower(m.title), lower(${search}::text)) > 0)`)
    .where(
      sql<boolean>`(${genre}::text is null
        or m.genres @> jsonb_build_array(jsonb_build_object('name', ${genre}::text)))`,
    )
    .orderBy(sql.raw(ORDER_BY[filters.sort]))
    .limit(filters.page * MOVIES_PAGE_SIZE)
    .execute();
  const { total } = await typed(db)
    .selectFrom("movies as m")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("m.retired_at", "is", null)
    .where(inScope(owner))
    .executeTakeFirstOrThrow();
  const matching = rows[0]?.matching ?? 0;
  return {
    movies: rows.map(({ matching: _, ...movie }): MovieSummary => movie),
    matching,
    total,
    hasMore: matching > rows.length,
  };
}

export async function listGenres(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select distinct g->>'name' as name
    from movies m, jsonb_array_elements(m.genres) g where m.retired_at is null order by 1`.execute(
    typed(await getDb()),
  );
  return rows.map((r) => r.name);
}

/**
 * What a page of movies with filters shows: the filters as applied (a genre the catalogue does not have counts
 * as all genres, and one written in other letter case as the catalogue writes it), the genres to choose from
 * and the matching movies of the scope.
 */
export async function browseMovies(requested: MovieFilters, scope: MovieScope = {}) {
  const genres = await listGenres();
  const genre = genres.find((name) => name.toLowerCase() === requested.genre.toLowerCase()) ?? ALL_GENRES;
  const filters = { ...requested, genre };
  return { filters, genres, ...(await listMovies(filters, scope)) };
}

export async function listNowShowing(limit = NOW_SHOWING_COUNT) {
  return summaries(await getDb())
    .orderBy(sql.raw(ORDER_BY.latest))
    .limit(limit)
    .execute();
}

/** One movie with the first CAST_SHOWN cast members, the most any page shows. */
export async function getMovie(id: string): Promise<Movie | null> {
  if (id.includes("\u0000")) return null; // PostgreSQL text cannot hold NUL, so no movie has it
  const movie = await summaries(await getDb())
    .select((eb) => [
      "m.poster_path as posterUrl",
      "m.overview",
      "m.tagline",
      sql<StoredCastMember[]>`m.casts`.as("casts"),
      "m.original_language as originalLanguage",
      "m.vote_count as voteCount",
      sql<Movie["videoTrailer"]>`m.trailer`.as("videoTrailer"),
      eb
        .selectFrom("certificates as c")
        .select("c.description")
        .whereRef("c.code", "=", "m.certificate")
        .as("certificateDescription"),
    ])
    .where("m.id", "=", id)
    .executeTakeFirst();
  if (!movie) return null;
  const { casts, ...rest } = movie;
  return {
    ...rest,
    cast: casts.slice(0, CAST_SHOWN).map((member) => ({
      name: member.name,
      photoUrl: member.profile_path,
      character: member.character,
      department: member.known_for_department,
    })),
  };
}

/** Other movies, those sharing the most genres with this one first. */
export async function listRecommended(movie: Pick<Movie, "id" | "genres">, limit = RECOMMENDED_COUNT) {
  return summaries(await getDb())
    .where("m.id", "<>", movie.id)
    .orderBy(
      sql`(select count(*) from jsonb_array_elements(m.genres) g
           where g->>'name' = any(${movie.genres.map((g) => g.name)}::text[]))`,
      "desc",
    )
    .orderBy(sql.raw(ORDER_BY.latest))
    .limit(limit)
    .execute();
}
