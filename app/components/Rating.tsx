import { formatRating, formatVoteCount } from "~/utils/format";

/**
 * The average vote out of 10, with the vote count when given. The star and number are for the eye; a screen
 * reader gets the same in words (a span may not carry an aria-label of its own).
 */
export function Rating({ average, voteCount }: { average: number | null; voteCount?: number }) {
  // A film added by hand has no votes to average: it shows none rather than 0.0 (decision 66).
  if (average === null) return null;
  const rating = formatRating(average);
  const votes = voteCount === undefined ? null : formatVoteCount(voteCount);
  return (
    <p className="rating">
      <span className="visually-hidden">
        Rated {rating} out of 10{votes === null ? "" : ` from ${votes} votes`}
      </span>
      <span aria-hidden="true">
        <span className="rating-star">★</span> {rating}
        {votes === null ? "" : ` User Rating (${votes} votes)`}
      </span>
    </p>
  );
}
