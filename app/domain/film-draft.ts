// What a film is made from, wherever it comes from: the staff form, the sample catalogue, an import.

export type FilmTrailer = { kind: "youtube" | "vimeo"; id: string };

export type FilmDraft = {
  title: string;
  synopsis: string;
  tagline: string;
  runtimeMinutes: number;
  /** YYYY-MM-DD */
  releaseDate: string;
  originalLanguage: string;
  genres: string[];
  /** In billing order. A photo of null keeps the photo the film already has for that name, if any. */
  cast: { name: string; character: string; photo: Uint8Array | null }[];
  certificate: string | null;
  trailer: FilmTrailer | null;
  /** The picture's bytes, or null to keep the film's own (a new film must have a poster). */
  poster: Uint8Array | null;
  /** The picture's bytes, or null to keep the film's own (a new film without one shows its poster). */
  backdrop: Uint8Array | null;
  tmdbId: number | null;
  voteAverage: number | null;
  /** How many votes that average is of (TMDB's); null for a film added by hand. */
  voteCount: number | null;
};

/** The fields of a film whose hand edits are remembered: an import later leaves those alone. */
export const FILM_FIELDS = [
  "title",
  "synopsis",
  "tagline",
  "runtimeMinutes",
  "releaseDate",
  "originalLanguage",
  "genres",
  "cast",
  "certificate",
  "trailer",
  "poster",
  "backdrop",
] as const;
export type FilmField = (typeof FILM_FIELDS)[number];

export const TRAILER_HOSTS: Record<FilmTrailer["kind"], string> = { youtube: "YouTube", vimeo: "Vimeo" };
/** Where the hosts' players are framed from: the only other origins a page may frame (the page's CSP). */
export const TRAILER_PLAYER_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/** The address a trailer plays at, on its own host: opened only when the visitor presses play. */
export function trailerUrl(trailer: FilmTrailer) {
  return trailer.kind === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${trailer.id}?autoplay=1`
    : `https://player.vimeo.com/video/${trailer.id}?autoplay=1`;
}
