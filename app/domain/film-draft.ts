// What a film is made from, wherever it comes from: the staff form, the sample catalogue, an import.

/** A trailer on YouTube or Vimeo, played in the host's own player. */
export type LinkedTrailer = { kind: "youtube" | "vimeo"; id: string };
export type TrailerVideoType = "video/mp4" | "video/webm";
/** A trailer video staff uploaded, served by the site at its content's hash (decision 79). */
export type UploadedTrailer = { kind: "video"; hash: string; contentType: TrailerVideoType };
export type FilmTrailer = LinkedTrailer | UploadedTrailer;
/** A video file streamed into the database for a save, kept as the film's trailer when the save is. */
export type StreamedTrailerVideo = {
  uploadId: string;
  hash: string;
  contentType: TrailerVideoType;
  byteLength: number;
  chunkBytes: number;
};

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
  /** A video staff uploaded as the trailer in this save: it takes the place of `trailer`. */
  trailerVideo?: StreamedTrailerVideo | null;
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

export const TRAILER_HOSTS: Record<LinkedTrailer["kind"], string> = { youtube: "YouTube", vimeo: "Vimeo" };
/** Where the hosts' players are framed from: the only other origins a page may frame (the page's CSP). */
export const TRAILER_PLAYER_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/** The address a trailer plays at, on its own host: opened only when the visitor presses play. */
export function trailerUrl(trailer: LinkedTrailer) {
  return trailer.kind === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${trailer.id}?autoplay=1`
    : `https://player.vimeo.com/video/${trailer.id}?autoplay=1`;
}

/** Where the site serves an uploaded trailer: its address names its content, so it is cached for a year. */
export const trailerVideoUrl = (trailer: UploadedTrailer) =>
  `/videos/${trailer.hash}.${trailer.contentType === "video/mp4" ? "mp4" : "webm"}`;
