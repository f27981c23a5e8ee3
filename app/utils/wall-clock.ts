import { isShowDay, isValidDay } from "./dates";
import { shortMemory } from "./short-memory";

// A show time staff type is a wall-clock time in the cinema's zone, as a datetime-local input gives it
// ("2027-11-07T01:30"). On the nights the clocks change such a time names no moment (skipped when they go forward)
// or two (repeated when they go back). A repeated one is written with the UTC offset staff chose
// ("2027-11-07T01:30-04:00"), so a listed time always says which moment it is. This module is the one place that
// turns wall-clock times into moments and back.

const SHOW_TIME = /^(\d{4}-\d{2}-\d{2})T((?:[01]\d|2[0-3]):[0-5]\d)([+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;
const MINUTE = 60_000;
const DAY = 86_400_000;

export type ShowTimeParts = { day: string; local: string; offset: string | null };

/** The parts of a show time as the Add Shows form writes it, or null if it is none or its day does not exist. */
export function parseShowTime(value: string): ShowTimeParts | null {
  const match = SHOW_TIME.exec(value);
  if (!match || !isValidDay(match[1])) return null;
  return { day: match[1], local: `${match[1]}T${match[2]}`, offset: match[3] ?? null };
}

// Building an Intl formatter costs far more than using one, so each is made once per zone.
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const nameFormats = new Map<string, Intl.DateTimeFormat>();

function formatterFor(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, style: "longOffset" | "short") {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style });
    cache.set(timeZone, formatter);
  }
  return formatter;
}

function timeZoneName(moment: number, timeZone: string, style: "longOffset" | "short") {
  const cache = style === "short" ? nameFormats : offsetFormats;
  const parts = formatterFor(cache, timeZone, style).formatToParts(moment);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? "";
}

// A zone's offset changes on a whole minute, and pages show the same few times over and over: each minute's offset
// is asked of Intl once.
const knownOffsets = shortMemory<string, number>({ lifetimeMs: Infinity, maxEntries: 10_000 });

/** The zone's offset from UTC at a moment, in minutes: -240 in New York in summer. */
function offsetMinutes(moment: number, timeZone: string) {
  const key = `${timeZone} ${Math.floor(moment / MINUTE)}`;
  let offset = knownOffsets.get(key);
  if (offset === undefined) {
    offset = readOffsetMinutes(moment, timeZone);
    knownOffsets.set(key, offset);
  }
  return offset;
}

function readOffsetMinutes(moment: number, timeZone: string) {
  const match = /([+-])(\d\d):(\d\d)/.exec(timeZoneName(moment, timeZone, "longOffset")); // "GMT-04:00", or "GMT"
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** -240 -> "-04:00" */
function formatOffset(minutes: number) {
  const size = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(size / 60)).padStart(2, "0")}:${String(size % 60).padStart(2, "0")}`;
}

/** The moments a wall-clock time ("2027-11-07T01:30") names in a zone, earliest first: none, one or two. */
function momentsOf(local: string, timeZone: string) {
  const asUtc = Date.parse(`${local}:00Z`);
  // A clock change near this time has the offsets of the day before and the day after on either side of it.
  const offsets = new Set([offsetMinutes(asUtc - DAY, timeZone), offsetMinutes(asUtc + DAY, timeZone)]);
  return [...offsets]
    .map((offset) => ({ moment: asUtc - offset * MINUTE, offset }))
    .filter(({ moment, offset }) => offsetMinutes(moment, timeZone) === offset)
    .sort((a, b) => a.moment - b.moment);
}

export type ResolvedShowTime =
  | { ok: true; startsAt: Date }
  | { ok: false; reason: "nonexistent" | "invalid" }
  | { ok: false; reason: "ambiguous"; choices: string[] };

/**
 * The moment a show time names in the cinema's zone. A time the clocks skip is "nonexistent"; one they repeat is
 * "ambiguous" until it carries the offset of one of its two occurrences, which are offered as `choices`, the first
 * first. An offset anywhere else is "invalid" (the form only ever writes one for a repeated time), and so is a day
 * outside the years shows are sold.
 */
export function resolveShowTime(value: string, timeZone: string): ResolvedShowTime {
  const parts = parseShowTime(value);
  if (!parts || !isShowDay(parts.day)) return { ok: false, reason: "invalid" };
  const moments = momentsOf(parts.local, timeZone);
  if (parts.offset !== null) {
    const chosen = moments.length === 2 ? moments.find((m) => formatOffset(m.offset) === parts.offset) : undefined;
    return chosen ? { ok: true, startsAt: new Date(chosen.moment) } : { ok: false, reason: "invalid" };
  }
  if (moments.length === 0) return { ok: false, reason: "nonexistent" };
  if (moments.length === 1) return { ok: true, startsAt: new Date(moments[0].moment) };
  return { ok: false, reason: "ambiguous", choices: moments.map((m) => `${parts.local}${formatOffset(m.offset)}`) };
}

/** The wall-clock time ("2027-11-07T01:30") and offset of a moment in a zone. */
function wallClockAt(moment: Date, timeZone: string) {
  const offset = offsetMinutes(moment.getTime(), timeZone);
  return { local: new Date(moment.getTime() + offset * MINUTE).toISOString().slice(0, 16), offset };
}

const isRepeated = (local: string, timeZone: string) => momentsOf(local, timeZone).length === 2;

/** A moment as the Add Shows form writes it in the cinema's zone, with the offset only where the time is repeated. */
export function localShowTime(moment: Date, timeZone: string) {
  const { local, offset } = wallClockAt(moment, timeZone);
  return isRepeated(local, timeZone) ? `${local}${formatOffset(offset)}` : local;
}

/** A moment as ISO 8601 with the zone's offset then, to the second: "2026-12-08T19:30:00-05:00" in New York. */
export function zonedIsoTime(moment: Date, timeZone: string) {
  const offset = offsetMinutes(moment.getTime(), timeZone);
  const local = new Date(moment.getTime() + offset * MINUTE).toISOString().slice(0, 19);
  return `${local}${formatOffset(offset)}`;
}

/** The zone's name for its time at a moment ("EDT") where the wall-clock time then is repeated, else null. */
export function repeatedTimeZoneName(moment: Date, timeZone: string) {
  return isRepeated(wallClockAt(moment, timeZone).local, timeZone)
    ? timeZoneName(moment.getTime(), timeZone, "short")
    : null;
}
