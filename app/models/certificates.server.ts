import { sql } from "kysely";
import { recordStaffChange } from "./staff-changes.server";
import type { Certificate } from "~/domain/age-ratings";
import { getDb, isForeignKeyViolation } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

// Age ratings (decision 43): the cinema's certificates, kept as data, and which one each film has.

/** The certificates of the cinema's scheme, in their order (U first). */
export async function listCertificates(): Promise<Certificate[]> {
  return typed(await getDb())
    .selectFrom("certificates")
    .select(["code", "description", "min_age as minAge", "accompanied_under as accompaniedUnder"])
    .orderBy("position")
    .execute();
}

export type RatedMovie = {
  id: string;
  title: string;
  releaseDate: string;
  certificate: string | null;
  retired: boolean;
};

/** Every film with its certificate, by title, retired ones too: the list staff rate and edit them from. */
export async function listMovieRatings(): Promise<RatedMovie[]> {
  return typed(await getDb())
    .selectFrom("movies")
    .select([
      "id",
      "title",
      sql<string>`to_char(release_date, 'YYYY-MM-DD')`.as("releaseDate"),
      "certificate",
      sql<boolean>`retired_at is not null`.as("retired"),
    ])
    .orderBy(sql`lower(title)`)
    .orderBy("id")
    .execute();
}

export type RatingFailure = "movie-not-found" | "unknown-certificate";

/**
 * Gives a film a certificate, or none (`null`). Tickets already sold or held stay as they are; from now on the tickets
 * step offers, and accepts, only what the certificate allows.
 */
export async function rateMovie(
  staffUid: string,
  movieId: string,
  code: string | null,
): Promise<{ ok: true; title: string } | { ok: false; reason: RatingFailure }> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const movie = await typed(tx)
        .updateTable("movies as m")
        .set({ certificate: code })
        .from("movies as old")
        .where("m.id", "=", movieId)
        .whereRef("old.id", "=", "m.id")
        .returning(["m.title", "old.certificate as before"])
        .executeTakeFirst();
      if (!movie) return { ok: false as const, reason: "movie-not-found" as const };
      await recordStaffChange(tx, {
        staffUid,
        kind: "certificate-changed",
        subject: movie.title,
        before: { certificate: movie.before ?? "not rated" },
        after: { certificate: code ?? "not rated" },
      });
      return { ok: true as const, title: movie.title };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return { ok: false, reason: "unknown-certificate" };
    throw error;
  }
}
