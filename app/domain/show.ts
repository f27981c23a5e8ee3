// Shows as pages show them.
import type { ShowFormat } from "./show-format";

/** A cinema day with shows of a movie, and how many. */
export type ShowDay = { day: string; shows: number };

export type Show = {
  id: string;
  movieId: string;
  hallId: string;
  hallName: string;
  startsAt: string;
  /** The price of the show's standard ticket (its first type on sale): its price "a seat". */
  priceCents: number;
} & ShowFormat;

/** A show's seat page with the show's time chosen, at its seat map: where every list of show times links. */
export const seatPagePath = (movieId: string, day: string, showId: string) =>
  `/movies/${movieId}/${day}?time=${showId}#seats`;
