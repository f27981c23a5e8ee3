import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and while React takes the page over; true once the page's scripts run. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
