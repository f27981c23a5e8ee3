import { sql, type NotNull } from "kysely";
import { config } from "~/config.server";
import { TAKINGS_METHOD_LABELS, type TakingsMethod } from "~/domain/counter";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { toCsv } from "~/utils/csv";
import { formatAmount } from "~/utils/money";
import { recordStaffChange } from "./staff-changes.server";
import { userNameSql } from "./users.server";

// The takings of a cinema day (decision 71): what each staff member took at the counter by cash and by the counter's
// card terminal, what came in online, the refunds of each, and the cash that should be in the drawer. A manager
// closes the day; from then on its figures are the ones it was closed with, and the counter takes no more sales or
// refunds that day.

/** One staff member's takings by one method, or the day's online takings (`staff` null). */
export type TakingsRow = {
  staff: string | null;
  method: TakingsMethod;
  sales: number;
  salesCents: number;
  refunds: number;
  refundsCents: number;
  netCents: number;
};

export type TakingsReport = {
  day: string;
  rows: TakingsRow[];
  /** Cash taken less cash refunded: what the drawer should hold beyond its float. */
  drawerCents: number;
  /** Everything taken less everything refunded, by every method. */
  netCents: number;
  closed: { at: string; by: string } | null;
};

/** Today in the cinema's zone, as a date. */
const today = () => sql<Date>`(now() at time zone ${config.timeZone})::date`;

/**
 * Today's takings day, share-locked for a counter sale or refund in the caller's transaction; null when a manager
 * has closed it. Closing takes the row's update lock: a sale under way finishes first, one that comes after finds the
 * day closed.
 */
export async function lockOpenTakingsDay(tx: Queryable): Promise<string | null> {
  const db = typed(tx);
  await db
    .insertInto("takings_days")
    .values({ day: today() })
    .onConflict((conflict) => conflict.column("day").doNothing())
    .execute();
  const row = await db
    .selectFrom("takings_days")
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), sql<boolean>`closed_at is not null`.as("closed")])
    .where("day", "=", today())
    .forShare()
    .executeTakeFirstOrThrow();
  return row.closed ? null : row.day;
}

/** The figures of a day as they stand now, by staff member and method; online last. */
async function liveTakings(db: Queryable, day: string): Promise<TakingsRow[]> {
  const { rows } = await sql<Omit<TakingsRow, "netCents">>`with movements (staff_uid, method, sales, sales_cents,
         refunds, refunds_cents) as (
       select staff_uid, method, 1, amount_cents, 0, 0 from counter_payments where takings_day = ${day}::date
       union all
       select refunded_by_staff_uid, method, 0, 0, 1, amount_cents from counter_payments
         where refund_takings_day = ${day}::date
       union all
       select null, 'online', 1, amount_cents, 0, 0 from payments
         where (created_at at time zone ${config.timeZone})::date = ${day}::date
       union all
       select null, 'online', 0, 0, 1, coalesce(refunded_cents, amount_cents) from payments
         where refunded_at is not null and refund_status is distinct from 'failed'
           and (refunded_at at time zone ${config.timeZone})::date = ${day}::date)
     select (select ${sql.raw(userNameSql("u"))} from users u where u.uid = m.staff_uid) as staff, m.method,
       sum(sales) as sales, sum(sales_cents) as "salesCents", sum(refunds) as refunds,
       sum(refunds_cents) as "refundsCents"
     from movements m group by m.staff_uid, m.method
     order by m.staff_uid is null, staff, m.method`.execute(typed(db));
  return rows.map((row) => ({ ...row, netCents: row.salesCents - row.refundsCents }));
}

/** The report of a day's rows: the drawer's cash and the net of everything. */
export function summarizeTakings(rows: TakingsRow[]) {
  const sum = (list: TakingsRow[]) => list.reduce((total, row) => total + row.netCents, 0);
  return { drawerCents: sum(rows.filter((row) => row.method === "cash")), netCents: sum(rows) };
}

/** A day's takings: the figures it was closed with, or as they stand now while it is open. */
export async function takingsReport(day: string): Promise<TakingsReport> {
  const db = await getDb();
  const closed = await typed(db)
    .selectFrom("takings_days as t")
    .innerJoin("users as u", "u.uid", "t.closed_by_staff_uid")
    .select(["t.closed_at as at", sql.raw<string>(userNameSql("u")).as("by"), sql<TakingsRow[]>`t.figures`.as("rows")])
    .where("t.day", "=", sql<Date>`${day}::date`)
    .where("t.closed_at", "is not", null)
    .$narrowType<{ at: NotNull }>()
    .executeTakeFirst();
  const rows = closed ? closed.rows : await liveTakings(db, day);
  return {
    day,
    rows,
    ...summarizeTakings(rows),
    closed: closed ? { at: new Date(closed.at).toISOString(), by: closed.by } : null,
  };
}

export type CloseDayFailure = "already-closed" | "not-over";

/**
 * Closes a day's takings, keeping its figures as they stand: a day to come cannot be closed; today can, after which
 * the counter sells nothing more today. Under the day's update lock, so counter sales and refunds under way are in
 * the figures and none comes after them.
 */
export async function closeTakingsDay(
  staffUid: string,
  day: string,
): Promise<{ ok: true } | { ok: false; reason: CloseDayFailure }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const db = typed(tx);
    const date = sql<Date>`${day}::date`;
    await db
      .insertInto("takings_days")
      .values({ day: date })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
    const row = await db
      .selectFrom("takings_days")
      .select([sql<boolean>`closed_at is not null`.as("closed"), sql<boolean>`day > ${today()}`.as("future")])
      .where("day", "=", date)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.future) return { ok: false as const, reason: "not-over" as const };
    if (row.closed) return { ok: false as const, reason: "already-closed" as const };
    const rows = await liveTakings(tx, day);
    await db
      .updateTable("takings_days")
      .set({ closed_at: sql<Date>`now()`, closed_by_staff_uid: staffUid, figures: JSON.stringify(rows) })
      .where("day", "=", date)
      .execute();
    await recordStaffChange(tx, { staffUid, kind: "takings-closed", subject: day, before: null, after: rows });
    return { ok: true as const };
  });
}

/** A day's takings as a CSV file: a row per staff member and method, online last, then the drawer and the total. */
export function takingsCsv(report: TakingsReport) {
  const { currency } = config;
  const amount = (cents: number) => formatAmount(cents, currency);
  const status = report.closed ? `Closed by ${report.closed.by}` : "Open";
  return toCsv([
    [
      "Day",
      "Staff Member",
      "Paid By",
      "Sales",
      `Taken (${currency})`,
      "Refunds",
      `Refunded (${currency})`,
      `Net (${currency})`,
      "Status",
    ],
    ...report.rows.map((row) => [
      report.day,
      row.staff ?? "",
      TAKINGS_METHOD_LABELS[row.method],
      String(row.sales),
      amount(row.salesCents),
      String(row.refunds),
      amount(row.refundsCents),
      amount(row.netCents),
      status,
    ]),
    [report.day, "", "Cash in the drawer", "", "", "", "", amount(report.drawerCents), status],
    [report.day, "", "All", "", "", "", "", amount(report.netCents), status],
  ]);
}
