// The sample catalogue (data/*.json) that the test servers and databases load, as the tests read it.
import fs from "node:fs";

export type SampleMovie = {
  id: string;
  title: string;
  release_date: string;
  vote_average: number;
  runtime: number;
  genres: { name: string }[];
  casts: { name: string; character: string }[];
};
export type SampleTrailer = { id: string; movie_id: string; title: string; video_url: string };

export const sampleMovies: SampleMovie[] = JSON.parse(fs.readFileSync("data/movies.json", "utf8"));
export const sampleTrailers: SampleTrailer[] = JSON.parse(fs.readFileSync("data/trailers.json", "utf8"));
export const latestFirst = [...sampleMovies].sort((a, b) => b.release_date.localeCompare(a.release_date));
export const movieById = (id: string) => sampleMovies.find((m) => m.id === id)!;
