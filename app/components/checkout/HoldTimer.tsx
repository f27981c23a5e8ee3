import { useHoldClock } from "~/hooks/use-hold-clock";
import { formatTimeLeft } from "~/utils/format";
import { formatClockTime } from "~/utils/show-display";

// The last minute is said once, politely: the count itself is a timer, which screen readers leave alone.
const WARNING_SECONDS = 60;

/**
 * The top of the checkout: until when the seats are held, in the cinema's zone; with JavaScript the time left,
 * counting down, and a warning when less than a minute is left.
 */
export function HoldTimer({ holdExpiresAt, timeZone }: { holdExpiresAt: string; timeZone: string }) {
  const { secondsLeft, expired } = useHoldClock(holdExpiresAt);
  const heldUntil = formatClockTime(holdExpiresAt, timeZone);
  return (
    <div className="hold-timer">
      <p className="hold-timer-until">
        Seats held until <time dateTime={holdExpiresAt}>{heldUntil}</time>
      </p>
      {secondsLeft !== null && !expired ? (
        <p className="hold-timer-left">
          <span role="timer" aria-label="Time left to pay">
            {formatTimeLeft(secondsLeft)}
          </span>{" "}
          left
        </p>
      ) : null}
      <p className="hold-timer-warning" aria-live="polite">
        {secondsLeft !== null && secondsLeft <= WARNING_SECONDS
          ? `Less than a minute left: pay by ${heldUntil} to keep your seats.`
          : null}
      </p>
    </div>
  );
}
