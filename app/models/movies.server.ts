import type { Movie, MovieSummary } from "~/domain/movie";
import { ALL_GENRES, MOVIES_PAGE_SIZE, type MovieSort } from "~/schemas/movie-filter-options";
import type { MovieFilters } from "~/schemas/movie-filters";
import { getDb } from "~/services/db.server";

export const NOW_SHOWING_COUNT = 8;
export const RECOMMENDED_COUNT = 4;
export const CAST_SHOWN = 12;

const SUMMARY_COLUMNS = `m.id, m.title, m.backdrop_path as "backdropUrl", m.genres,
  to_char(m.release_date, 'YYYY-MM-DD') as "releaseDate", m.vote_average as "voteAverage", m.runtime, m.certificate`;

// The cast is stored as the sample catalogue spells it.
type StoredCastMember = { name: string; profile_path: string | null; character: string; known_for_department: string };

const ORDER_BY: Record<MovieSort, string> = {
  latest: "m.release_date desc, m.id",
  rating: "m.vote_average desc nulls last, m.vote_count desc, m.id",
  title: "lower(m.title), m.id",
};

/** Which movies a list draws from: the whole catalogue, or one customer's favourites. */
export type MovieScope = { favouritesOf?: string };

// A retired film is on no customer page (its shows and bookings stay).
const NOT_RETIRED = "m.retired_at is null";
// $1 is the customer whose favourites the list is limited to, or null for the whole catalogue.
const IN_SCOPE = `${NOT_RETIRED} and ($1::text is null or exists (select 1 from favourites f where f.user_uid = $1 and f.movie_id = m.id))`;

/**
 * Movies of the scope matching the filters; page N holds the first N pages, so "Load More" grows the list.
 * `total` counts the whole scope.
 */
export async function listMovies(filters: MovieFilters, scope: MovieScope = {}) {
  const db = await getDb();
  const genre = filters.genre === ALL_GENRES ? null : filters.genre;
  const owner = scope.favouritesOf ?? null;
  const rows = await db.query<MovieSummary & { matching: number }>(
    `select ${SUMMARY_COLUMNS}, count(*) over ()::int as matching
     from movies m
     where ${IN_SCOPE}
       and ($2::text = '' or strpos(lower(m.title), lower($2::text)) > 0)
       and ($3::text is null or m.genres @> jsonb_build_array(jsonb_build_object('name', $3::text)))
     order by ${ORDER_BY[filters.sort]}
     limit $4`,
    [owner, filters.search, genre, filters.page * MOVIES_PAGE_SIZE],
  );
  const [{ total }] = await db.query<{ total: number }>(
    `select count(*)::int as total from movies m where ${IN_SCOPE}`,
    [owner],
  );
  const matching = rows[0]?.matching ?? 0;
  return {
    movies: rows.map(({ matching: _, ...movie }) => movie as MovieSummary),
    matching,
    total,
    hasMore: matching > rows.length,
  };
}

export async function listGenres(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.query<{ name: string }>(
    `select distinct g->>'name' as name from movies m, jsonb_array_elements(m.genres) g where ${NOT_RETIRED} order by 1`,
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
  const db = await getDb();
  return db.query<MovieSummary>(
    `select ${SUMMARY_COLUMNS} from movies m where ${NOT_RETIRED} order by ${ORDER_BY.latest} limit $1`,
    [limit],
  );
}

/** One movie with the first CAST_SHOWN cast members, the most any page shows. */
export async function getMovie(id: string): Promise<Movie | null> {
  if (id.includes("\u0000")) return null; // PostgreSQL text cannot hold NUL, so no movie has it
  const db = await getDb();
  const [movie] = await db.query<Omit<Movie, "cast"> & { casts: StoredCastMember[] }>(
    `select ${SUMMARY_COLUMNS}, m.poster_path as "posterUrl", m.overview, m.tagline, m.casts,
       m.original_language as "originalLanguage", m.vote_count as "voteCount", m.trailer as "videoTrailer",
       (select c.description from certificates c where c.code = m.certificate) as "certificateDescription"
     from movies m where m.id = $1 and ${NOT_RETIRED}`,
    [id],
  );
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
  const db = await getDb();
  return db.query<MovieSummary>(
    `select ${SUMMARY_COLUMNS}
     from movies m
     where m.id <> $1 and ${NOT_RETIRED}
     order by (select count(*) from jsonb_array_elements(m.genres) g
               where g->>'name' = any($2::text[])) desc, ${ORDER_BY.latest}
     limit $3`,
    [movie.id, movie.genres.map((g) => g.name), limit],
  );
}
