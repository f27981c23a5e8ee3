import type { FilmTrailer } from "./film-draft";

// The catalogue as pages show it: plain types, shared by the models that read it and the components that draw it.

export type Genre = { id: number; name: string };
/** A cast member; `photoUrl` is null for one added without a photo. */
export type CastMember = { name: string; photoUrl: string | null; character: string; department: string };

/** What a movie card and the home hero show; kept small because it is sent to the browser too. */
export type MovieSummary = {
  id: string;
  title: string;
  backdropUrl: string;
  genres: Genre[];
  releaseDate: string;
  /** The average of TMDB's votes for an imported film; null for a film added by hand (decision 66). */
  voteAverage: number | null;
  runtime: number;
  /** The film's age rating (12A, 15, ...), or null when staff have not rated it. */
  certificate: string | null;
};

export type Movie = MovieSummary & {
  /** The trailer staff set: on YouTube or Vimeo, played on its host only when the visitor presses play, or a video they
   * uploaded, which the site serves. */
  videoTrailer: FilmTrailer | null;
  posterUrl: string;
  overview: string;
  tagline: string;
  cast: CastMember[];
  originalLanguage: string | null;
  voteCount: number;
  /** What the film's certificate means ("Suitable only for 15 years and over"). */
  certificateDescription: string | null;
};

/** What a trailer's player shows: the video, the picture before it plays, and its captions when it has them. */
export type TrailerClip = { title: string; videoUrl: string; imageUrl: string; captionsUrl: string | null };

/** A trailer the home page lists; a film's uploaded video has no duration or views to show. */
export type Trailer = TrailerClip & {
  id: string;
  description: string;
  duration: string | null;
  views: string | null;
};
