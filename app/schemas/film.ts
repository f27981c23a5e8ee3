import { z } from "zod";
import type { LinkedTrailer } from "~/domain/film-draft";
import { multiLine } from "./fields";

// A film as staff add or edit it (/admin/movies/new, /admin/movies/{id}). Its pictures come as files beside these
// fields and are checked by the server alone.

export const MAX_TITLE = 200;
export const MAX_SYNOPSIS = 2000;
export const MAX_TAGLINE = 200;
export const MIN_RUNTIME = 1;
export const MAX_RUNTIME = 600;
export const FIRST_RELEASE_YEAR = 1888;
export const LAST_RELEASE_YEAR = 2100;
export const MAX_GENRES = 20;
export const MAX_GENRE_NAME = 40;
/** The cast a film keeps, in billing order: what a movie page shows. */
export const MAX_CAST = 12;
const MAX_CAST_TEXT = 100;

export const TITLE_REQUIRED = "Please enter the film's title.";
export const RUNTIME_RANGE = `Please enter the runtime in minutes, from ${MIN_RUNTIME} to ${MAX_RUNTIME}.`;
export const RELEASE_DATE_INVALID = `Please enter the release date as a date from ${FIRST_RELEASE_YEAR} to ${LAST_RELEASE_YEAR}.`;
export const LANGUAGE_INVALID = "Please enter the original language as its two-letter code, such as en or fr.";
export const TRAILER_INVALID =
  "Please paste the address of the trailer on YouTube (youtube.com/watch?v=… or youtu.be/…) or Vimeo (vimeo.com/…).";
export const CAST_NAME_REQUIRED = "Please enter the name of the actor, or clear the character too.";

const TRAILER_ADDRESSES: { kind: LinkedTrailer["kind"]; pattern: RegExp }[] = [
  { kind: "youtube", pattern: /^https?:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:.*&)?v=([\w-]{11})(?:&.*)?$/ },
  { kind: "youtube", pattern: /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{11})(?:[?#].*)?$/ },
  { kind: "youtube", pattern: /^https?:\/\/youtu\.be\/([\w-]{11})(?:[?#].*)?$/ },
  { kind: "vimeo", pattern: /^https?:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d{1,12})(?:[/?#].*)?$/ },
];

/** The video a YouTube or Vimeo address names, or null for any other address. */
export function readTrailerAddress(address: string): LinkedTrailer | null {
  for (const { kind, pattern } of TRAILER_ADDRESSES) {
    const id = pattern.exec(address.trim())?.[1];
    if (id) return { kind, id };
  }
  return null;
}

/** The address staff see for a stored trailer. */
export const trailerAddress = (trailer: LinkedTrailer) =>
  trailer.kind === "youtube" ? `https://www.youtube.com/watch?v=${trailer.id}` : `https://vimeo.com/${trailer.id}`;

function isReleaseDate(text: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const date = new Date(`${text}T00:00:00Z`);
  return (
    year >= FIRST_RELEASE_YEAR &&
    year <= LAST_RELEASE_YEAR &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(text)
  );
}

const castText = z.string().trim().max(MAX_CAST_TEXT, `Please keep this to ${MAX_CAST_TEXT} characters.`).optional();

export const filmSchema = z
  .object({
    title: z
      .string({ required_error: TITLE_REQUIRED })
      .trim()
      .min(1, TITLE_REQUIRED)
      .max(MAX_TITLE, `Please keep the title to ${MAX_TITLE} characters.`)
      .describe("Title"),
    synopsis: multiLine(
      z.string().trim().max(MAX_SYNOPSIS, `Please keep the synopsis to ${MAX_SYNOPSIS} characters.`).default(""),
    ).describe("Synopsis"),
    tagline: z
      .string()
      .trim()
      .max(MAX_TAGLINE, `Please keep the tagline to ${MAX_TAGLINE} characters.`)
      .default("")
      .describe("Tagline"),
    runtimeMinutes: z
      .number({ required_error: RUNTIME_RANGE, invalid_type_error: RUNTIME_RANGE })
      .int(RUNTIME_RANGE)
      .min(MIN_RUNTIME, RUNTIME_RANGE)
      .max(MAX_RUNTIME, RUNTIME_RANGE)
      .describe("Runtime"),
    releaseDate: z
      .string({ required_error: RELEASE_DATE_INVALID })
      .trim()
      .refine(isReleaseDate, RELEASE_DATE_INVALID)
      .describe("Release date"),
    originalLanguage: z
      .string({ required_error: LANGUAGE_INVALID })
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, LANGUAGE_INVALID)
      .describe("Original language"),
    genres: z
      .array(z.string().trim().max(MAX_GENRE_NAME))
      .max(MAX_GENRES, `Please choose at most ${MAX_GENRES} genres.`)
      .default([])
      .describe("Genres"),
    newGenre: z
      .string()
      .trim()
      .max(MAX_GENRE_NAME, `Please keep a genre's name to ${MAX_GENRE_NAME} characters.`)
      .optional()
      .describe("New genre"),
    castName: z.array(castText).max(MAX_CAST).default([]).describe("Actor"),
    castCharacter: z.array(castText).max(MAX_CAST).default([]).describe("Character"),
    certificate: z.string().trim().max(8).optional().describe("Certificate"),
    trailer: z
      .string()
      .trim()
      .max(300, TRAILER_INVALID)
      .refine((address) => readTrailerAddress(address) !== null, TRAILER_INVALID)
      .optional()
      .describe("Trailer"),
    removeTrailerVideo: z.boolean().optional().describe("Remove the uploaded trailer"),
  })
  .superRefine((film, context) => {
    film.castCharacter.forEach((character, index) => {
      if (character && !film.castName[index])
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["castName", index], message: CAST_NAME_REQUIRED });
    });
  });

export type FilmForm = z.output<typeof filmSchema>;

/** The cast rows filled in, each with the index of its row (its photo's field is `castPhoto[index]`), in order. */
export function castRows(film: Pick<FilmForm, "castName" | "castCharacter">) {
  return film.castName.flatMap((name, index) =>
    name ? [{ index, name, character: film.castCharacter[index] ?? "" }] : [],
  );
}

/** The genres chosen, and the new one typed, each once. */
export const chosenGenres = (film: Pick<FilmForm, "genres" | "newGenre">) =>
  [...film.genres, ...(film.newGenre ? [film.newGenre] : [])].filter((name) => name !== "");
