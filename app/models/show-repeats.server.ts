import { MAX_SHOW_TIMES } from "~/schemas/add-show";
import type { RepeatRule } from "~/schemas/show-repeat";
import { getDb } from "~/services/db.server";
import { addDays } from "~/utils/dates";
import { resolveTimes, scheduleProblems, type ScheduleProblem } from "./show-scheduling.server";

// Add Shows' repeat: a time of day on each chosen day between two dates, added to the list all or none.

/**
 * The show times a repeat names, as the form writes them ("2026-11-01T19:30"): the wall-clock time in the cinema's
 * zone on each day, so a show at 19:30 stays at 19:30 across a clock change. At most `limit` of them.
 */
export function repeatedShowTimes({ clock, from, until, weekdays }: RepeatRule, limit = MAX_SHOW_TIMES + 1) {
  const times: string[] = [];
  for (let day = from; day <= until && times.length < limit; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekdays.length === 0 || weekdays.includes(weekday)) times.push(`${day}T${clock}`);
  }
  return times;
}

export type RepeatRefusal =
  | { ok: false; reason: "no-days" }
  | { ok: false; reason: "too-many" }
  | { ok: false; reason: "clashes"; count: number; problems: ScheduleProblem[] };

/**
 * Adds a repeat's times to the list of a show being prepared, all or none: with a movie and a hall chosen, each is
 * checked against the hall's shows and the listed times, and one problem refuses them all, naming every one. A time
 * already listed is not added twice.
 */
export async function addRepeatedTimes(
  { movieId, hallId }: { movieId?: string; hallId?: string },
  times: string[],
  rule: RepeatRule,
): Promise<{ ok: true; times: string[]; added: number } | RepeatRefusal> {
  const repeated = repeatedShowTimes(rule);
  if (repeated.length === 0) return { ok: false, reason: "no-days" };
  const added = repeated.filter((time) => !times.includes(time));
  if (times.length + added.length > MAX_SHOW_TIMES) return { ok: false, reason: "too-many" };
  const { candidates, problems: unresolved } = resolveTimes([...times, ...added]);
  const isNew = (time: string) => added.includes(time);
  const db = await getDb();
  const clashes = [...unresolved, ...(await scheduleProblems(db, movieId ?? null, hallId ?? null, candidates))].filter(
    (problem) => isNew(problem.time) || (problem.reason === "overlap-listed" && isNew(problem.other)),
  );
  if (clashes.length > 0) return { ok: false, reason: "clashes", count: added.length, problems: clashes };
  // Listed times that name no moment can only come from a form not ours; Create Show refuses them.
  return { ok: true, times: [...candidates, ...unresolved].map((listed) => listed.time), added: added.length };
}
