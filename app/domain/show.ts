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

/** A show's time reads "Almost full" when this share of its seats, or fewer, is still free. */
export const ALMOST_FULL_SHARE = 0.1;

/** How full a show is, as its time on the movie page says it. */
export type SeatAvailability = "available" | "almost-full" | "sold-out";

export const SEAT_AVAILABILITY_WORDS: Record<Exclude<SeatAvailability, "available">, string> = {
  "almost-full": "Almost full",
  "sold-out": "Sold out",
};

/**
 * A show with `freeSeats` of its `seats` free, counting only the seats anyone can book (standard and premium): sold
 * out exactly when the waitlist opens (app/domain/waitlist.ts's isSoldOut).
 */
export function seatAvailability({ freeSeats, seats }: { freeSeats: number; seats: number }): SeatAvailability {
  if (freeSeats <= 0) return "sold-out";
  return freeSeats <= seats * ALMOST_FULL_SHARE ? "almost-full" : "available";
}
