import { config } from "~/config.server";
import type { RepeatRefusal } from "~/models/show-repeats.server";
import { TOO_MANY_TIMES } from "~/schemas/add-show";
import { REPEAT_NO_DAYS } from "~/schemas/show-repeat";
import { plural } from "~/utils/format";
import { formatLocalClock, formatLocalDay } from "~/utils/show-display";
import { scheduleProblemMessage } from "./show-failures.server";

/** What Add Shows says when a repeat's times are refused: every clash, so all can be fixed at once. */
export function repeatRefusalMessages(refusal: RepeatRefusal): string[] {
  if (refusal.reason === "no-days") return [REPEAT_NO_DAYS];
  if (refusal.reason === "too-many") return [TOO_MANY_TIMES];
  const { problems, count } = refusal;
  const clashing = new Set(problems.map((problem) => problem.time)).size;
  return [
    `Nothing was added: ${clashing} of the ${plural(count, "repeated time")} cannot be scheduled. Please change the repeat or the hall and try again.`,
    ...problems.map((problem) =>
      problem.reason === "ambiguous"
        ? `${formatLocalClock(problem.time, config.timeZone)} on ${formatLocalDay(problem.time)} happens twice in ${config.timeZone}: clocks go back that night. Add it with Add Time to choose which one.`
        : scheduleProblemMessage(problem),
    ),
  ];
}
