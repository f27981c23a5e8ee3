// The sample catalogue (data/*.json) that the test servers and databases load, as the tests read it.
import fs from "node:fs";
import { sampleDaySchedule } from "../app/domain/sample-schedule";

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

export const sampleMovies: SampleMovie[] = JSON.parse(fs.readFileSync("app/models/sample-films.json", "utf8"));
export const sampleTrailers: SampleTrailer[] = JSON.parse(fs.readFileSync("data/trailers.json", "utf8"));
export const latestFirst = [...sampleMovies].sort((a, b) => b.release_date.localeCompare(a.release_date));
export const movieById = (id: string) => sampleMovies.find((m) => m.id === id)!;

// The sample halls and schedule the embedded default makes (app/domain/sample-schedule.ts), worked out the same way
// the server does, so tests know which show plays in which hall.
const sampleHalls: { name: string }[] = JSON.parse(fs.readFileSync("data/halls.json", "utf8"));
const HALLS_BY_NAME = sampleHalls.map((hall) => ({ id: hall.name })).sort((a, b) => a.id.localeCompare(b.id));
const MOVIES_BY_ID = [...sampleMovies].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const CLEANING_MINUTES = 15;

/** The sample movies whose first show of the day plays in a hall, so a test choosing the first time books there. */
export function moviesFirstIn(hallName: string, day: string) {
  const shows = sampleDaySchedule(day, MOVIES_BY_ID, HALLS_BY_NAME, CLEANING_MINUTES).sort((a, b) =>
    a.time.localeCompare(b.time),
  );
  return MOVIES_BY_ID.filter((movie) => shows.find((show) => show.movieId === movie.id)?.hallId === hallName);
}
