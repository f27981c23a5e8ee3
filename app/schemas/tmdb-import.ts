import { z } from "zod";
import { searchField } from "~/schemas/fields";

/** Where a TMDB account gets its API key and Read Access Token. */
export const TMDB_KEY_ADDRESS = "https://www.themoviedb.org/settings/api";

export const TMDB_REFERENCE_REQUIRED = "Please paste a TMDB film id or its address.";
export const TMDB_REFERENCE_INVALID =
  "Please paste a TMDB film id, such as 550, or its address, such as https://www.themoviedb.org/movie/550-fight-club.";

/** Longer than any TMDB film address (its slug included). */
const MAX_REFERENCE = 300;
export const MAX_TMDB_SEARCH = 100;

/** A film's TMDB id from the id itself or its themoviedb.org address; null for anything else. */
export function tmdbIdOf(reference: string): number | null {
  const text = reference.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) || null;
  const address = /^(?:https?:\/\/)?(?:www\.)?themoviedb\.org\/movie\/(\d{1,9})(?:[-/?#].*)?$/i.exec(text);
  return address ? Number(address[1]) || null : null;
}

/** The import form: a search result's Import button, or an id or address pasted. */
export const tmdbImportSchema = z.object({
  reference: z
    .string({ required_error: TMDB_REFERENCE_REQUIRED })
    .trim()
    .min(1, TMDB_REFERENCE_REQUIRED)
    .max(MAX_REFERENCE, TMDB_REFERENCE_INVALID)
    .transform((reference, context) => {
      const id = tmdbIdOf(reference);
      if (id === null) context.addIssue({ code: "custom", message: TMDB_REFERENCE_INVALID });
      return id ?? z.NEVER;
    })
    .describe("TMDB id or address"),
});

/** The import page's search, from the URL (`?q=`). */
export const tmdbSearchSchema = z.object({ q: searchField(MAX_TMDB_SEARCH) });
