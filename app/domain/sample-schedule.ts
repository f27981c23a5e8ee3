// How the embedded default lays out its sample shows: a pure function of the day, the movies and the halls, so the
// schedule is the same on every machine and the end-to-end tests can tell which show plays in which hall.
import { stableHash } from "~/utils/stable-hash";
import type { Projection, ShowFormat } from "./show-format";

// Each sample hall's day: the first show at 10:00, the next as soon as the hall is clean (on a quarter hour), the last
// starting by 23:00.
const FIRST_SHOW_MINUTE = 10 * 60;
const LAST_START_MINUTE = 23 * 60;
const START_STEP_MINUTES = 15;
// Sample prices in whole units of the currency (dollars, yen), as the product brief gives them.
export const SAMPLE_PRICE_MIN = 49;
export const SAMPLE_PRICE_MAX = 81;

// Sample formats, so What's On's filters find something every day: most shows 2D, a quarter 3D, one in eight IMAX;
// one in four subtitled, one in six audio-described.
const SAMPLE_PROJECTIONS: Projection[] = ["2D", "2D", "2D", "2D", "2D", "3D", "3D", "IMAX"];
const SUBTITLED_ONE_IN = 4;
const AUDIO_DESCRIBED_ONE_IN = 6;

/**
 * A sample show: its movie, its hall, its wall-clock start in the cinema's zone ("19:15"), its price in whole units
 * and its format.
 */
export type SampleShow = { movieId: string; hallId: string; time: string; price: number; format: ShowFormat };

function sampleFormat(movieId: string, day: string, time: string): ShowFormat {
  const roll = stableHash(`${movieId} ${day} ${time} format`);
  const rest = Math.floor(roll / SAMPLE_PROJECTIONS.length);
  return {
    projection: SAMPLE_PROJECTIONS[roll % SAMPLE_PROJECTIONS.length],
    subtitled: rest % SUBTITLED_ONE_IN === 0,
    audioDescribed: Math.floor(rest / SUBTITLED_ONE_IN) % AUDIO_DESCRIBED_ONE_IN === 0,
  };
}

/**
 * The sample shows of one cinema day: the hall that is free soonest takes the next movie of the catalogue (starting
 * at a place that changes with the day), so every movie plays every day when the halls have room for them all, and
 * no two shows of a hall overlap. `movies` in the order of their ids, `halls` in the order of their names.
 */
export function sampleDaySchedule(
  day: string,
  movies: { id: string; runtime: number }[],
  halls: { id: string }[],
  cleaningMinutes: number,
): SampleShow[] {
  if (movies.length === 0 || halls.length === 0) return [];
  const first = stableHash(day) % movies.length;
  const order = [...movies.slice(first), ...movies.slice(0, first)];
  const freeAt = halls.map(() => FIRST_SHOW_MINUTE);
  const shows: SampleShow[] = [];
  for (let next = 0; ; next++) {
    const hall = freeAt.indexOf(Math.min(...freeAt));
    const start = Math.ceil(freeAt[hall] / START_STEP_MINUTES) * START_STEP_MINUTES;
    if (start > LAST_START_MINUTE) return shows;
    const movie = order[next % order.length];
    const time = `${String(Math.floor(start / 60)).padStart(2, "0")}:${String(start % 60).padStart(2, "0")}`;
    const price = SAMPLE_PRICE_MIN + (stableHash(movie.id + day + time) % (SAMPLE_PRICE_MAX - SAMPLE_PRICE_MIN + 1));
    shows.push({ movieId: movie.id, hallId: halls[hall].id, time, price, format: sampleFormat(movie.id, day, time) });
    freeAt[hall] = start + movie.runtime + cleaningMinutes;
  }
}
