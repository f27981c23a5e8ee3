// Formatters for prices and show times in the cinema's currency and zone. Building an Intl formatter costs far
// more than using one, so each is made once per setting.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 4900 cents -> "$49.00" in the cinema's currency. */
export function formatMoney(cents: number, currency: string) {
  return cached(`money ${currency}`, () => new Intl.NumberFormat("en-US", { style: "currency", currency })).format(
    cents / 100,
  );
}

const dateTime = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
  cached(`${timeZone} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat("en-US", { ...options, timeZone }));

/** A show's start in the cinema's time zone: "Tue, Nov 24, 6:45 PM". */
export function formatShowTime(iso: string, timeZone: string) {
  return dateTime(timeZone, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** The time of day in the cinema's zone: "6:45 PM". */
export function formatClockTime(iso: string, timeZone: string) {
  return dateTime(timeZone, { hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

/** A date in the cinema's zone: "Nov 22, 2026". */
export function formatDate(iso: string, timeZone: string) {
  return dateTime(timeZone, { month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));
}

/** A cinema day (YYYY-MM-DD) in words: "Tuesday, November 24". */
export function formatCinemaDay(day: string) {
  return dateTime("UTC", { weekday: "long", month: "long", day: "numeric" }).format(new Date(`${day}T12:00:00Z`));
}
