import { useHoldClock } from "~/hooks/use-hold-clock";
import { formatTimeLeft } from "~/utils/format";
import { formatClockTime } from "~/utils/show-display";

/**
 * "Held until 7:42 PM" from the server; with JavaScript it also counts down, and at the deadline asks the server
 * again, which then shows the booking as expired.
 */
export function HoldCountdown({ holdExpiresAt, timeZone }: { holdExpiresAt: string; timeZone: string }) {
  const { secondsLeft, expired } = useHoldClock(holdExpiresAt);
  return (
    <p className="hold">
      Held until <time dateTime={holdExpiresAt}>{formatClockTime(holdExpiresAt, timeZone)}</time>
      {secondsLeft !== null && !expired ? (
        <>
          {" · "}
          <span className="hold-left" role="timer" aria-label="Time left to pay">
            {formatTimeLeft(secondsLeft)} left
          </span>
        </>
      ) : null}
    </p>
  );
}
