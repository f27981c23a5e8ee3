import { config } from "~/config.server";
import type { CancelFailure, MoveFailure, Unconfirmed } from "~/models/show-changes.server";
import type { ScheduleProblem } from "~/models/show-scheduling.server";
import { TIME_INVALID } from "~/schemas/add-show";
import { SHOW_NOT_FOUND } from "~/schemas/show-list";
import { describeMinutes, formatRuntime, plural } from "~/utils/format";
import { formatMoney } from "~/utils/money";
import { formatLocalClock, formatLocalDay, formatLocalShowTime } from "~/utils/show-display";

// What staff are told when a show cannot be scheduled (Add Shows, Move Show), cancelled or moved.

const cleaning = () => describeMinutes(config.cleaningMinutes);

/** Why a show time cannot be scheduled, in the words of the form it was typed in. */
export function scheduleProblemMessage(problem: ScheduleProblem) {
  const { timeZone } = config;
  if (problem.reason === "invalid") return TIME_INVALID;
  const when = formatLocalShowTime(problem.time, timeZone, {
    withYear: problem.reason === "past" || problem.reason === "too-far",
  });
  const clockOnDay = `${formatLocalClock(problem.time, timeZone)} on ${formatLocalDay(problem.time)}`;
  switch (problem.reason) {
    case "nonexistent":
      return `${clockOnDay} does not exist in ${timeZone}: clocks go forward that night. Please pick another time.`;
    case "ambiguous":
      return `${clockOnDay} happens twice in ${timeZone}: clocks go back that night. Please choose which one.`;
    case "past":
      return `${when} has already passed. Please pick a time in the future.`;
    case "too-far":
      return `${when} is more than a year ahead. Please check the date.`;
    case "duplicate":
      return `${problem.hallName} already has a show at ${when} (${problem.title}).`;
    case "overlap":
      return `${when} overlaps the show of ${problem.title} at ${formatLocalShowTime(problem.other, timeZone)} in ${problem.hallName} (it runs ${formatRuntime(problem.runtime)}, then ${cleaning()} to clean).`;
    case "overlap-listed":
      return `${when} overlaps ${formatLocalShowTime(problem.other, timeZone)}, also on the list (${problem.title} runs ${formatRuntime(problem.runtime)}, then ${cleaning()} to clean).`;
  }
}

export const NO_HALL = "That hall is not in use any more. Please select another.";
const STARTED = "This show has already started, so it can no longer be cancelled or moved.";
const ALREADY_CANCELLED = "This show is cancelled.";

/** What staff confirm before a show's paid bookings are cancelled or moved. */
export function changeQuestion(change: "cancel" | "move", { paidBookings, paidCents }: Omit<Unconfirmed, "reason">) {
  const what = change === "cancel" ? "Cancel it and refund them?" : "Move it and mail them the new time?";
  return `This show has ${plural(paidBookings, "paid booking")} (${formatMoney(paidCents, config.currency)}). ${what}`;
}

/** Why a show could not be cancelled. */
export function cancelFailureMessage(failure: CancelFailure) {
  switch (failure.reason) {
    case "unconfirmed":
      return changeQuestion("cancel", failure);
    case "not-found":
      return SHOW_NOT_FOUND;
    case "started":
      return STARTED;
    case "cancelled":
      return ALREADY_CANCELLED;
    case "refund-unavailable":
      return "The payment provider did not take a refund, so nothing was cancelled or refunded. Please try again in a moment.";
  }
}

/** Why a show could not be moved, and the field the message belongs to (none: the whole form). */
export function moveFailureMessage(failure: MoveFailure): { message: string; field?: "hallId" | "time" } {
  switch (failure.reason) {
    case "not-found":
      return { message: SHOW_NOT_FOUND };
    case "started":
      return { message: STARTED };
    case "cancelled":
      return { message: ALREADY_CANCELLED };
    case "unchanged":
      return { message: "That is the show's hall and time already. Please pick a new time or hall.", field: "time" };
    case "no-hall":
      return { message: NO_HALL, field: "hallId" };
    case "unconfirmed":
      return { message: changeQuestion("move", failure) };
    case "seats-missing":
      return {
        message: `${failure.hallName} has no seat ${failure.seats.join(", ")}, which ${failure.seats.length === 1 ? "is" : "are"} sold or held for this show. Please pick a hall that has them.`,
        field: "hallId",
      };
    default:
      return { message: scheduleProblemMessage(failure), field: "time" };
  }
}
