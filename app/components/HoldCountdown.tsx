import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatClockTime } from "~/utils/show-display";

function timeLeft(deadline: number, now: number) {
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * "Held until 7:42 PM" from the server; with JavaScript it also counts down, and at the deadline asks the server
 * again, which then shows the booking as expired.
 */
export function HoldCountdown({ holdExpiresAt, timeZone }: { holdExpiresAt: string; timeZone: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const deadline = Date.parse(holdExpiresAt);
  const [now, setNow] = useState(() => Date.now());
  const expired = now >= deadline;

  useEffect(() => {
    if (expired) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expired]);

  const askedServer = useRef(false);
  useEffect(() => {
    if (!expired || askedServer.current) return;
    askedServer.current = true;
    revalidator.revalidate();
  }, [expired, revalidator]);

  return (
    <p className="hold">
      Held until <time dateTime={holdExpiresAt}>{formatClockTime(holdExpiresAt, timeZone)}</time>
      {hydrated && !expired ? (
        <>
          {" · "}
          <span className="hold-left" role="timer" aria-label="Time left to pay">
            {timeLeft(deadline, now)} left
          </span>
        </>
      ) : null}
    </p>
  );
}
