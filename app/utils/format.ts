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

/** "Captain Eleanor Whitfield" -> "Captain Eleanor...", "Commander Asha Rathore" -> "Commander Asha..." */
export function shortenCharacter(name: string, max = 15) {
  return name.length > max ? `${name.slice(0, max).trimEnd()}...` : name;
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
