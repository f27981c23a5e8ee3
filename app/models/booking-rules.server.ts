import { sql } from "kysely";
import { config } from "~/config.server";
import type { BookingStatus } from "~/domain/booking";

// The rules of a booking's state in SQL, each beside the TypeScript rule of ~/domain/booking it answers alike
// (tests/unit/booking-rules.test.ts asks both of a table of bookings). The TypeScript decides from a `BookingState`,
// which `bookingStateSql` reads with the booking; the SQL decides from the stored columns, in statements that count
// or change many bookings at once, or change one on condition that it still may be.
// `b` names the bookings row in the statement, `s` its show's row.

const is = (b: string, status: BookingStatus) => `${b}.status = '${status}'`;

/** A pending booking whose hold has run out, its seats not yet let go: its status as people see it is expired. */
export const lapsedHoldSql = (b: string) => `(${is(b, "pending")} and ${b}.hold_expires_at <= now())`;

/** A pending booking whose hold still runs. TypeScript: a `BookingState` whose status is "pending". */
export const runningHoldSql = (b: string) => `(${is(b, "pending")} and ${b}.hold_expires_at > now())`;

/** A booking's `BookingStatus` as people see it: a pending booking whose hold has run out is expired. */
export const bookingStatusSql = (b: string) => `case when ${lapsedHoldSql(b)} then 'expired' else ${b}.status end`;

/** The show has started. */
export const showStartedSql = (s: string) => `(${s}.starts_at <= now())`;

/** The last moment for a cancellation with a full refund has passed. */
export const pastCancelCutoffSql = (s: string) =>
  `(${s}.starts_at - make_interval(mins => ${config.bookings.cancelCutoffMinutes}) <= now())`;

/** The booking's ticket was let in at the door. */
export const checkedInSql = (b: string) => `exists (select 1 from check_ins c where c.booking_id = ${b}.id)`;

/** The columns of a `BookingState`, read by the database's clock: the one clock every rule on stored times uses. */
export const bookingStateSql = (b: string, s: string) =>
  `${bookingStatusSql(b)} as status, ${showStartedSql(s)} as "showStarted",
   ${pastCancelCutoffSql(s)} as "pastCancelCutoff", ${checkedInSql(b)} as "checkedIn"`;

/** The same columns for a typed query's `select` (decision 64). */
export const bookingStateColumns = (b: string, s: string) => [
  sql.raw<BookingStatus>(bookingStatusSql(b)).as("status"),
  sql.raw<boolean>(showStartedSql(s)).as("showStarted"),
  sql.raw<boolean>(pastCancelCutoffSql(s)).as("pastCancelCutoff"),
  sql.raw<boolean>(checkedInSql(b)).as("checkedIn"),
];

/** The booking holds its seats, so nobody else may have them: paid, or a hold still running. TypeScript: `holdsSeats`. */
export const holdsSeatsSql = (b: string) => `(${is(b, "paid")} or ${runningHoldSql(b)})`;

/** The booking can be paid now: a running hold of a show that has not started. TypeScript: `canPay`. */
export const canPaySql = (b: string, s: string) => `(${runningHoldSql(b)} and not ${showStartedSql(s)})`;

/**
 * The booking can be cancelled by its customer now: a running hold, or a paid booking before the refund cut-off whose
 * ticket was not let in. TypeScript: `canCancel`.
 */
export const canCancelSql = (b: string, s: string) =>
  `(${runningHoldSql(b)} or (${is(b, "paid")} and not ${checkedInSql(b)} and not ${pastCancelCutoffSql(s)}))`;
