import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A hold's deadline as the browser counts it down: the seconds left, ticking once a second once the page's scripts
 * run (null before, so the server's HTML shows no count). At the deadline it asks the server once for the page
 * again, which decides whether the hold has really ended.
 */
export function useHoldClock(holdExpiresAt: string) {
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

  return { secondsLeft: hydrated ? Math.max(0, (deadline - now) / 1000) : null, expired };
}
