import { Link } from "@remix-run/react";

/** In place of the card form when the booking can no longer be paid: why, and for a hold that ran out, a way back. */
export function HoldEnded({ message, chooseAgainUrl }: { message: string; chooseAgainUrl: string | null }) {
  return (
    <div className="hold-ended" role="alert">
      <p>{message}</p>
      {chooseAgainUrl ? (
        <Link to={chooseAgainUrl} className="button">
          Choose seats again
        </Link>
      ) : null}
    </div>
  );
}
