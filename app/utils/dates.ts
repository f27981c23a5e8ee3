const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) a moment falls on in the given time zone. */
export function cinemaDay(moment: Date, timeZone: string) {
  // A formatter costs far more to make than to use, and every page asks for today: one is kept per zone.
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(moment);
}

/** The calendar day (YYYY-MM-DD) it is now in the given time zone. */
export const cinemaToday = (timeZone: string, now = new Date()) => cinemaDay(now, timeZone);

export function addDays(day: string, count: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isValidDay(day: string) {
  if (!DAY_PATTERN.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

// Shows are sold for the years 2000 to 2099: wider than any cinema's records or plans, well inside what PostgreSQL
// and JavaScript's Date can hold (year 0 and five-digit years are not), and the same every day on every machine, so
// a URL that works today works tomorrow. A day outside it is no day of ours: a URL naming one is a 404, a form a
// message.
export const FIRST_SHOW_YEAR = 2000;
export const LAST_SHOW_YEAR = 2099;

/** A real calendar day in the years shows are sold. */
export function isShowDay(day: string) {
  const year = Number(day.slice(0, 4));
  return isValidDay(day) && year >= FIRST_SHOW_YEAR && year <= LAST_SHOW_YEAR;
}
