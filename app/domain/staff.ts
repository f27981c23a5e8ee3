// What the staff pages show, as plain types for their components.

/** A movie Add Shows can schedule. */
export type MovieChoice = { id: string; title: string; posterPath: string; runtime: number; releaseYear: string };

/** Something that happened, for the recent activity list. Shows added at once (one Create Show) are one entry. */
export type Activity = { at: string; title: string } & (
  | { kind: "booked"; customer: string; seats: number }
  | { kind: "paid"; customer: string; amountCents: number }
  | { kind: "cancelled"; customer: string; refundedCents: number | null }
  | { kind: "shows-added"; shows: number }
);
