// Apart from the zod schema (show-date.ts) so that the date strip does not load zod into the browser.
export const SELECT_DATE_MESSAGE = "Please select a date first!";
export const NO_SHOWS_ON_DAY = "There are no shows on that date. Please pick another date.";
