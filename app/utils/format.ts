/** 125 -> "2h 5m" */
export function formatRuntime(minutes: number) {
  const safe = Math.max(0, Math.round(minutes));
  return `${Math.floor(safe / 60)}h ${safe % 60}m`;
}

/** 987 -> "987", 1234 -> "1.2k", 15876 -> "15.9k" */
export function formatVoteCount(count: number) {
  return count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count);
}

export function formatRating(average: number) {
  return average.toFixed(1);
}

export function releaseYear(releaseDate: string) {
  return releaseDate.slice(0, 4);
}

/**
 * Text cut to `max` characters plus dots: ("Captain Eleanor Whitfield", 15) -> "Captain Eleanor...",
 * ("Commander Asha Rathore", 15) -> "Commander Asha...". With `wholeWords` a word that does not fit is left out
 * rather than cut.
 */
export function shortenText(text: string, max: number, { wholeWords = false } = {}) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const kept = wholeWords && /\S/.test(text[max]) ? cut.replace(/\S*$/, "") : cut;
  return `${(kept.trim() ? kept : cut).trimEnd()}...`;
}

export function genreLine(genres: { name: string }[], count = 2) {
  return genres
    .slice(0, count)
    .map((g) => g.name)
    .join(" | ");
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

/** "fr" -> "FRENCH"; a movie without a language reads "ENGLISH". */
export function languageBadge(language: string | null) {
  if (!language) return "ENGLISH";
  try {
    return (languageNames.of(language) ?? language).toUpperCase();
  } catch {
    return language.toUpperCase();
  }
}

/** Parts of a cinema day for the date strip: "2026-11-24" -> { weekday: "Tue", day: "24", month: "Nov" }. */
export function dayParts(day: string) {
  const date = new Date(`${day}T12:00:00Z`);
  return { weekday: weekdayFormat.format(date), day: dayFormat.format(date), month: monthFormat.format(date) };
}

// Building an Intl formatter costs far more than using one, so each is made once.
const weekdayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
const dayFormat = new Intl.DateTimeFormat("en-US", { day: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/** (1, "seat") -> "1 seat", (3, "seat") -> "3 seats" */
export function plural(count: number, noun: string) {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** 120 -> "2 hours", 90 -> "90 minutes", 1440 -> "1 day": a span of minutes in the largest whole unit. */
export function describeMinutes(minutes: number) {
  if (minutes > 0 && minutes % 1440 === 0) return plural(minutes / 1440, "day");
  if (minutes > 0 && minutes % 60 === 0) return plural(minutes / 60, "hour");
  return plural(minutes, "minute");
}

/** The time left on a clock counting down, from seconds: 599 -> "9:59", 42 -> "0:42"; never below "0:00". */
export function formatTimeLeft(seconds: number) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
