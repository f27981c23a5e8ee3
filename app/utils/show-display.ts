import { addDays } from "./dates";
import { parseShowTime, repeatedTimeZoneName, resolveShowTime } from "./wall-clock";

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
  weekday: { weekday: "short" },
  clock: { hour: "numeric", minute: "2-digit" },
  date: { month: "short", day: "numeric", year: "numeric" },
  longDay: { weekday: "long", month: "long", day: "numeric" },
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

/** A time followed by the zone's name for it where the clocks show that time twice: "1:30 AM EDT". */
function named(text: string, moment: Date, timeZone: string) {
  const name = repeatedTimeZoneName(moment, timeZone);
  return name ? `${text} ${name}` : text;
}

/** A show's start in the cinema's time zone: "Tue, Nov 24, 6:45 PM" ("Sun, Nov 7, 1:30 AM EST" if repeated). */
export function formatShowTime(iso: string, timeZone: string) {
  return named(format("showTime", iso, timeZone), new Date(iso), timeZone);
}

/** The time of day in the cinema's zone: "6:45 PM" ("1:30 AM EDT" if repeated). */
export function formatClockTime(iso: string, timeZone: string) {
  return named(format("clock", iso, timeZone), new Date(iso), timeZone);
}

/** A date in the cinema's zone: "Nov 22, 2026". */
export function formatDate(iso: string, timeZone: string) {
  return format("date", iso, timeZone);
}

/** A cinema day (YYYY-MM-DD) in words: "Tuesday, November 24". */
export function formatCinemaDay(day: string) {
  return format("longDay", `${day}T12:00:00Z`, "UTC");
}

/** A cinema day named for a tab of show times: "Today", "Tomorrow", else "Wed, Nov 25". */
export function showDayLabel(day: string, today: string) {
  if (day === today) return "Today";
  if (day === addDays(today, 1)) return "Tomorrow";
  return format("day", `${day}T12:00:00Z`, "UTC");
}

/**
 * A day of a strip of show days: its name ("Tomorrow", "Wed, Nov 25") and the two short lines a phone shows in its
 * place, so a week fits one row ("Today" or "Wed" over "25").
 */
export function showDayTab(day: string, today: string) {
  const weekday = day === today ? "Today" : format("weekday", `${day}T12:00:00Z`, "UTC");
  return { day, label: showDayLabel(day, today), weekday, date: String(Number(day.slice(8))) };
}

/** A moment as a spreadsheet sorts it, in the cinema's time zone: "2026-11-24 18:45". */
export function formatSortableTime(iso: string, timeZone: string) {
  return format("sortable", iso, timeZone).replace(", ", " ");
}

// The Add Shows form's times are `datetime-local` values already meant in the cinema's zone ("2026-11-24T18:45"):
// read as UTC and shown in UTC, they keep their wall-clock time. One of a repeated time's two occurrences carries
// its offset ("2027-11-07T01:30-04:00") and is shown with the zone's name for it.
function formatLocal(style: keyof typeof STYLES, value: string, timeZone: string) {
  const parts = parseShowTime(value);
  if (!parts) return value;
  const text = format(style, `${parts.local}:00Z`, "UTC");
  const resolved = parts.offset ? resolveShowTime(value, timeZone) : null;
  return resolved?.ok ? named(text, resolved.startsAt, timeZone) : text;
}

/** "2026-11-24T18:45" -> "Tue, Nov 24, 6:45 PM", or with the year "Tue, Nov 24, 2026, 6:45 PM" */
export function formatLocalShowTime(value: string, timeZone: string, { withYear = false } = {}) {
  return formatLocal(withYear ? "showTimeWithYear" : "showTime", value, timeZone);
}

/** "2026-11-24T18:45" -> "Tue, Nov 24" */
export function formatLocalDay(value: string) {
  return format("day", `${value.slice(0, 10)}T12:00:00Z`, "UTC");
}

/** "2026-11-24T18:45" -> "6:45 PM", "2027-11-07T01:30-04:00" -> "1:30 AM EDT" in New York */
export function formatLocalClock(value: string, timeZone: string) {
  return formatLocal("clock", value, timeZone);
}
