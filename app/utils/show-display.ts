// Building an Intl formatter costs far more than using one, so each is made once per style and time zone.
const STYLES = {
  showTime: { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
  showTimeWithYear: {
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  },
  day: { weekday: "short", month: "short", day: "numeric" },
  clock: { hour: "numeric", minute: "2-digit" },
  date: { month: "short", day: "numeric", year: "numeric" },
  longDay: { weekday: "long", month: "long", day: "numeric" },
  clock24: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  sortable: { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(style: keyof typeof STYLES, iso: string, timeZone: string) {
  const key = `${style} ${timeZone}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(style === "sortable" ? "en-CA" : "en-US", { ...STYLES[style], timeZone });
    formats.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** 4900 cents -> "$49.00" in the cinema's currency. */
export function formatMoney(cents: number, currency: string) {
  let formatter = moneyFormats.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    moneyFormats.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/** A show's start in the cinema's time zone: "Tue, Nov 24, 6:45 PM". */
export function formatShowTime(iso: string, timeZone: string) {
  return format("showTime", iso, timeZone);
}

/** The time of day in the cinema's zone: "6:45 PM". */
export function formatClockTime(iso: string, timeZone: string) {
  return format("clock", iso, timeZone);
}

/** A date in the cinema's zone: "Nov 22, 2026". */
export function formatDate(iso: string, timeZone: string) {
  return format("date", iso, timeZone);
}

/** A cinema day (YYYY-MM-DD) in words: "Tuesday, November 24". */
export function formatCinemaDay(day: string) {
  return format("longDay", `${day}T12:00:00Z`, "UTC");
}

/** A moment's time of day on the 24-hour clock in the cinema's time zone: "19:31". */
export function formatClock24(iso: string, timeZone: string) {
  return format("clock24", iso, timeZone);
}

/** A moment as a spreadsheet sorts it, in the cinema's time zone: "2026-11-24 18:45". */
export function formatSortableTime(iso: string, timeZone: string) {
  return format("sortable", iso, timeZone).replace(", ", " ");
}

// The Add Shows form's times are `datetime-local` values already meant in the cinema's zone ("2026-11-24T18:45"):
// read as UTC and shown in UTC, they keep their wall-clock time.
const wallClock = (local: string) => `${local}:00Z`;

/** "2026-11-24T18:45" -> "Tue, Nov 24, 6:45 PM", or with the year "Tue, Nov 24, 2026, 6:45 PM" */
export function formatLocalShowTime(local: string, { withYear = false } = {}) {
  return format(withYear ? "showTimeWithYear" : "showTime", wallClock(local), "UTC");
}

/** "2026-11-24T18:45" -> "Tue, Nov 24" */
export function formatLocalDay(local: string) {
  return format("day", wallClock(local), "UTC");
}

/** "2026-11-24T18:45" -> "6:45 PM" */
export function formatLocalClock(local: string) {
  return format("clock", wallClock(local), "UTC");
}
