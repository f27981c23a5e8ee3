import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * At the top of the checkout, in place of the hold and the card form, when the booking can no longer be paid: why,
 * and for a hold that ran out, a way back to the same seats.
 */
export function HoldEnded({ message, chooseAgainUrl }: { message: string; chooseAgainUrl: string | null }) {
  const ended = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The card form the customer was typing in has just gone (focus fell back to the page): the focus, and with it
    // the view, follow to why, so the form never vanishes unexplained.
    if (document.activeElement === document.body) ended.current?.focus();
  }, []);
  return (
    <div ref={ended} tabIndex={-1} className="hold-ended" role="alert">
      <p>{message}</p>
      {chooseAgainUrl ? (
        <Link to={chooseAgainUrl} className="button">
          Choose seats again
        </Link>
      ) : null}
    </div>
  );
}
