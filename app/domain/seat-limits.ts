// How many seats one booking, or one place on a waitlist, may ask for. Apart from seat-map.ts, so the movie page's
// waitlist form does not load the seat map's rules in the browser.

export const MAX_SEATS_PER_BOOKING = 5;

/** How many seats one can wait for: as many as one booking may hold. */
export const WAITLIST_SEAT_COUNTS = Array.from({ length: MAX_SEATS_PER_BOOKING }, (_, index) => index + 1);
