/** A film as staff add it, by hand or from TMDB, before it is stored. */
export type FilmDraft = {
  title: string;
  synopsis: string;
  tagline: string;
  runtimeMinutes: number;
  releaseDate: string /* YYYY-MM-DD */;
  originalLanguage: string;
  genres: string[];
  cast: { name: string; character: string; photo: Uint8Array | null }[];
  certificate: string | null;
  trailer: { kind: "youtube" | "vimeo"; id: string } | null;
  poster: Uint8Array | null;
  backdrop: Uint8Array | null;
  tmdbId: number | null;
  voteAverage: number | null;
};
