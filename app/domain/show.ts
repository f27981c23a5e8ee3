// Shows as pages show them.

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
};
