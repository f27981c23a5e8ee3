import { sql, type Kysely } from "kysely";
import { randomBytes } from "node:crypto";
import type { ArtworkKind } from "~/domain/artwork";
import { FILM_FIELDS, type FilmDraft, type FilmField, type FilmTrailer } from "~/domain/film-draft";
import type { Genre } from "~/domain/movie";
import { getDb, isForeignKeyViolation, type Database, type Queryable } from "~/services/db.server";
import type { DB } from "~/services/db-schema";
import { typed } from "~/services/typed-db.server";
import { checkArtwork, storeArtwork, type ArtworkProblem, type CheckedArtwork } from "./artwork.server";
import { recordStaffChange } from "./staff-changes.server";
import { keepTrailerVideo } from "./trailer-videos.server";

// The one way films come in and change (decision 65): staff's form, the sample catalogue and an import all save a
// FilmDraft here. Staff's changes are remembered per field, and an import leaves those fields alone.

/** Who is saving: staff by hand (their changes are remembered), or an import or the sample catalogue. */
export type FilmSource = "staff" | "import";

/** Where a picture of the draft is: the poster, the backdrop, or the photo of the cast member at an index. */
export type ArtworkField = "poster" | "backdrop" | `cast.${number}.photo`;

export type SaveFilmFailure =
  | { reason: "not-found" }
  | { reason: "poster-missing" }
  | { reason: "unknown-certificate" }
  | { reason: "bad-artwork"; field: ArtworkField; problem: ArtworkProblem };

export type SaveFilmResult = { ok: true; id: string; title: string } | ({ ok: false } & SaveFilmFailure);

// A film's row as saving reads and writes it; casts keep the sample catalogue's spelling.
type StoredCastMember = { name: string; profile_path: string | null; character: string; known_for_department: string };
type StoredFilm = {
  title: string;
  overview: string;
  tagline: string;
  runtime: number;
  release_date: string;
  original_language: string | null;
  genres: Genre[];
  casts: StoredCastMember[];
  certificate: string | null;
  trailer: FilmTrailer | null;
  poster_path: string;
  backdrop_path: string | null;
  vote_average: number | null;
  tmdb_id: number | null;
  edited_fields: FilmField[];
};

type WrittenFilm = Omit<StoredFilm, "vote_average" | "tmdb_id" | "edited_fields">;

const COLUMN_OF: Record<FilmField, keyof WrittenFilm> = {
  title: "title",
  synopsis: "overview",
  tagline: "tagline",
  runtimeMinutes: "runtime",
  releaseDate: "release_date",
  originalLanguage: "original_language",
  genres: "genres",
  cast: "casts",
  certificate: "certificate",
  trailer: "trailer",
  poster: "poster_path",
  backdrop: "backdrop_path",
};

/** The columns of a stored film, its JSON as saving writes it. */
const storedColumns = (db: Kysely<DB>) =>
  db
    .selectFrom("movies")
    .select([
      "id",
      "title",
      "overview",
      "tagline",
      "runtime",
      sql<string>`to_char(release_date, 'YYYY-MM-DD')`.as("release_date"),
      "original_language",
      sql<Genre[]>`genres`.as("genres"),
      sql<StoredCastMember[]>`casts`.as("casts"),
      "certificate",
      sql<FilmTrailer | null>`trailer`.as("trailer"),
      "poster_path",
      "backdrop_path",
      "vote_average",
      "tmdb_id",
      sql<FilmField[]>`edited_fields`.as("edited_fields"),
    ]);

type CheckedPictures = {
  poster: CheckedArtwork | null;
  backdrop: CheckedArtwork | null;
  photos: (CheckedArtwork | null)[];
};

async function checkPictures(draft: FilmDraft): Promise<CheckedPictures | SaveFilmFailure> {
  const check = async (bytes: Uint8Array | null, field: ArtworkField) => {
    if (!bytes) return null;
    const checked = await checkArtwork(bytes);
    if (!checked.ok) throw { reason: "bad-artwork", field, problem: checked.problem } satisfies SaveFilmFailure;
    return checked.artwork;
  };
  try {
    return {
      poster: await check(draft.poster, "poster"),
      backdrop: await check(draft.backdrop, "backdrop"),
      photos: await Promise.all(draft.cast.map((member, index) => check(member.photo, `cast.${index}.photo`))),
    };
  } catch (failure) {
    if (failure && typeof failure === "object" && "reason" in failure) return failure as SaveFilmFailure;
    throw failure;
  }
}

/** The catalogue's genres, by name in lower case: a genre typed in other letter case is the same genre. */
async function knownGenres(tx: Queryable) {
  // A genre's id is a JSON number, read as one.
  const { rows } = await sql<Genre>`select distinct g->'id' as id, g->>'name' as name
    from movies, jsonb_array_elements(genres) g`.execute(typed(tx));
  return new Map(rows.map((genre) => [genre.name.toLowerCase(), genre]));
}

async function genresOf(tx: Queryable, names: string[]): Promise<Genre[]> {
  const known = await knownGenres(tx);
  let nextId = Math.max(0, ...[...known.values()].map((genre) => genre.id)) + 1;
  const genres: Genre[] = [];
  for (const name of names) {
    const key = name.trim().toLowerCase();
    if (!key || genres.some((genre) => genre.name.toLowerCase() === key)) continue;
    const genre = known.get(key) ?? { id: nextId++, name: name.trim() };
    known.set(key, genre);
    genres.push(genre);
  }
  return genres;
}

/** A value as JSON with its objects' keys in order: jsonb gives them back sorted, so compare them so. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, part: unknown) =>
    part && typeof part === "object" && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => a.localeCompare(b)))
      : part,
  );
}

/** A new film's address: its title in lower-case words and a few random letters, so two films may share a title. */
function newFilmId(title: string) {
  const words = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40)
    .replace(/-$/, "");
  return `${words || "film"}-${randomBytes(3).toString("hex")}`;
}

async function readStored(tx: Queryable, id: string | null, tmdbId: number | null) {
  const stored = storedColumns(typed(tx));
  const row = await (id !== null ? stored.where("id", "=", id) : stored.where("tmdb_id", "=", tmdbId))
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Saves a film from a draft: a new one (`id` null, or an id no film has yet: the sample catalogue keeps its own), or
 * the film with that id, or for an import with no id the film with the draft's TMDB id. Pictures are checked first,
 * so a bad one changes nothing. Staff saving marks each field whose value they changed as edited by hand; an import
 * saving a film that exists changes only the fields nobody edited. A picture left null keeps the film's own. `db` is
 * the site's database unless the sample catalogue seeds another.
 */
export async function saveFilm(
  draft: FilmDraft,
  {
    id = null,
    source,
    db: database,
    staffUid,
  }: { id?: string | null; source: FilmSource; db?: Database; staffUid?: string },
): Promise<SaveFilmResult> {
  const pictures = await checkPictures(draft);
  if ("reason" in pictures) return { ok: false, ...pictures };
  const db = database ?? (await getDb());
  try {
    return await db.transaction(async (tx): Promise<SaveFilmResult> => {
      const stored = await readStored(tx, id, id === null ? draft.tmdbId : null);
      if (!stored && id !== null && source === "staff") return { ok: false, reason: "not-found" };
      if (!stored && !pictures.poster) return { ok: false, reason: "poster-missing" };
      const picture = async (checked: CheckedArtwork | null, kind: ArtworkKind) =>
        checked ? storeArtwork(tx, checked, kind) : null;
      const posterPath = (await picture(pictures.poster, "poster")) ?? stored!.poster_path;
      const photos = await Promise.all(pictures.photos.map((checked) => picture(checked, "photo")));
      const casts: StoredCastMember[] = draft.cast.map((member, index) => ({
        name: member.name,
        character: member.character,
        profile_path: photos[index] ?? stored?.casts.find((old) => old.name === member.name)?.profile_path ?? null,
        known_for_department: "Acting",
      }));
      const wanted: WrittenFilm = {
        title: draft.title,
        overview: draft.synopsis,
        tagline: draft.tagline,
        runtime: draft.runtimeMinutes,
        release_date: draft.releaseDate,
        original_language: draft.originalLanguage || null,
        genres: await genresOf(tx, draft.genres),
        casts,
        certificate: draft.certificate,
        trailer: draft.trailerVideo ? await keepTrailerVideo(tx, draft.trailerVideo) : draft.trailer,
        poster_path: posterPath,
        backdrop_path: (await picture(pictures.backdrop, "backdrop")) ?? stored?.backdrop_path ?? null,
      };
      const changed = FILM_FIELDS.filter(
        (field) => !stored || canonical(stored[COLUMN_OF[field]]) !== canonical(wanted[COLUMN_OF[field]]),
      );
      const edited = new Set<FilmField>(stored?.edited_fields ?? []);
      if (source === "staff") for (const field of changed) edited.add(field);
      const kept = (field: FilmField) => stored && source === "import" && edited.has(field);
      const row = Object.fromEntries(
        FILM_FIELDS.map((field) => [
          COLUMN_OF[field],
          kept(field) ? stored![COLUMN_OF[field]] : wanted[COLUMN_OF[field]],
        ]),
      ) as WrittenFilm;
      const written = {
        title: row.title,
        overview: row.overview,
        tagline: row.tagline,
        runtime: row.runtime,
        release_date: row.release_date,
        original_language: row.original_language,
        genres: JSON.stringify(row.genres),
        casts: JSON.stringify(row.casts),
        certificate: row.certificate,
        trailer: row.trailer === null ? null : JSON.stringify(row.trailer),
        poster_path: row.poster_path,
        backdrop_path: row.backdrop_path ?? row.poster_path,
        vote_average: source === "import" ? draft.voteAverage : (stored?.vote_average ?? null),
        tmdb_id: draft.tmdbId ?? stored?.tmdb_id ?? null,
        edited_fields: [...edited],
      };
      const voteCount = source === "import" ? draft.voteCount : null;
      const db = typed(tx);
      if (staffUid) await recordFilmChange(tx, staffUid, stored, row);
      if (!stored) {
        const newId = id ?? newFilmId(draft.title);
        await db
          .insertInto("movies")
          .values({ ...written, vote_count: voteCount ?? 0, id: newId })
          .execute();
        return { ok: true, id: newId, title: row.title };
      }
      await db
        .updateTable("movies")
        .set({ ...written, vote_count: voteCount ?? sql<number>`vote_count` })
        .where("id", "=", stored.id)
        .execute();
      return { ok: true, id: stored.id, title: row.title };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return { ok: false, reason: "unknown-certificate" };
    throw error;
  }
}

/** Fields the record of changes shows by value; the others (synopsis, genres, cast, trailer, pictures) by name. */
const FIELDS_SHOWN_BY_VALUE = new Set<FilmField>([
  "title",
  "runtimeMinutes",
  "releaseDate",
  "originalLanguage",
  "certificate",
]);

/**
 * Writes a staff member's save of a film in the record of changes (decision 70), in the save's transaction: a film
 * added, or the fields that changed with what they were and became. A save that changed nothing is not a change.
 */
async function recordFilmChange(tx: Queryable, staffUid: string, stored: StoredFilm | null, row: WrittenFilm) {
  const changed = FILM_FIELDS.filter(
    (field) => !stored || canonical(stored[COLUMN_OF[field]]) !== canonical(row[COLUMN_OF[field]]),
  );
  if (stored && changed.length === 0) return;
  const described = (film: StoredFilm | WrittenFilm) =>
    Object.fromEntries(
      changed.map((field) => [field, FIELDS_SHOWN_BY_VALUE.has(field) ? film[COLUMN_OF[field]] : "changed"]),
    );
  await recordStaffChange(tx, {
    staffUid,
    kind: stored ? "film-changed" : "film-added",
    subject: row.title,
    before: stored ? described(stored) : null,
    after: stored ? described(row) : { title: row.title, runtimeMinutes: row.runtime, releaseDate: row.release_date },
  });
}

/** The fields of a film staff changed by hand, in FILM_FIELDS' order; null when no film has the id. */
export async function editedFields(id: string): Promise<FilmField[] | null> {
  const db = await getDb();
  const row = await typed(db).selectFrom("movies").select("edited_fields").where("id", "=", id).executeTakeFirst();
  return row ? FILM_FIELDS.filter((field) => row.edited_fields.includes(field)) : null;
}

/** Which films exist of some ids: the sample catalogue saves only those that do not. */
export async function existingFilmIds(ids: string[], db: Queryable) {
  const rows = await typed(db)
    .selectFrom("movies")
    .select("id")
    .where(sql<boolean>`id = any(${ids}::text[])`)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** A film as staff edit it. */
export type FilmForEditing = {
  id: string;
  title: string;
  synopsis: string;
  tagline: string;
  runtimeMinutes: number;
  releaseDate: string;
  originalLanguage: string;
  genres: string[];
  cast: { name: string; character: string; photoUrl: string | null }[];
  certificate: string | null;
  trailer: FilmTrailer | null;
  posterUrl: string;
  backdropUrl: string;
  retired: boolean;
};

export async function getFilmForEditing(id: string): Promise<FilmForEditing | null> {
  if (id.includes("\u0000")) return null;
  const db = await getDb();
  const row = await storedColumns(typed(db))
    .select(sql<boolean>`retired_at is not null`.as("retired"))
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    synopsis: row.overview,
    tagline: row.tagline,
    runtimeMinutes: row.runtime,
    releaseDate: row.release_date,
    originalLanguage: row.original_language ?? "",
    genres: row.genres.map((genre) => genre.name),
    cast: row.casts.map((member) => ({
      name: member.name,
      character: member.character,
      photoUrl: member.profile_path,
    })),
    certificate: row.certificate,
    trailer: row.trailer,
    posterUrl: row.poster_path ?? "",
    backdropUrl: row.backdrop_path ?? "",
    retired: row.retired,
  };
}

/**
 * Retires a film (it leaves the customer pages and Add Shows; its shows and their bookings stay) or brings it back.
 */
export async function setFilmRetired(id: string, retired: boolean, staffUid: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await typed(tx)
      .updateTable("movies")
      .set({ retired_at: retired ? sql<Date>`coalesce(retired_at, now())` : null })
      .where("id", "=", id)
      .returning("title")
      .executeTakeFirst();
    if (!row) return { ok: false as const, reason: "not-found" as const };
    await recordStaffChange(tx, { staffUid, kind: retired ? "film-retired" : "film-restored", subject: row.title });
    return { ok: true as const, title: row.title };
  });
}
