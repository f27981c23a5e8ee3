import { config } from "~/config.server";
import { TAKINGS_METHOD_LABELS, type TakingsMethod } from "~/domain/counter";
import { getDb, type Queryable } from "~/services/db.server";
import { toCsv } from "~/utils/csv";
import { formatAmount } from "~/utils/money";
import { cinemaDaySql } from "./shows.server";
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

const TODAY_SQL = `${cinemaDaySql("now()", "$1")}::date`;

/**
 * Today's takings day, share-locked for a counter sale or refund in the caller's transaction; null when a manager
 * has closed it. Closing takes the row's update lock: a sale under way finishes first, one that comes after finds the
 * day closed.
 */
export async function lockOpenTakingsDay(tx: Queryable): Promise<string | null> {
  await tx.query(`insert into takings_days (day) values (${TODAY_SQL}) on conflict (day) do nothing`, [
    config.timeZone,
  ]);
  const [row] = await tx.query<{ day: string; closed: boolean }>(
    `select to_char(day, 'YYYY-MM-DD') as day, closed_at is not null as closed
     from takings_days where day = ${TODAY_SQL} for share`,
    [config.timeZone],
  );
  return row.closed ? null : row.day;
}

/** The figures of a day as they stand now, by staff member and method; online last. */
async function liveTakings(db: Queryable, day: string): Promise<TakingsRow[]> {
  const rows = await db.query<Omit<TakingsRow, "netCents">>(
    `with movements (staff_uid, method, sales, sales_cents, refunds, refunds_cents) as (
       select staff_uid, method, 1, amount_cents, 0, 0 from counter_payments where takings_day = $1::date
       union all
       select refunded_by_staff_uid, method, 0, 0, 1, amount_cents from counter_payments
         where refund_takings_day = $1::date
       union all
       select null, 'online', 1, amount_cents, 0, 0 from payments where (created_at at time zone $2)::date = $1::date
       union all
       select null, 'online', 0, 0, 1, coalesce(refunded_cents, amount_cents) from payments
         where refunded_at is not null and refund_status is distinct from 'failed'
           and (refunded_at at time zone $2)::date = $1::date)
     select (select ${userNameSql("u")} from users u where u.uid = m.staff_uid) as staff, m.method,
       sum(sales)::int as sales, sum(sales_cents)::int as "salesCents",
       sum(refunds)::int as refunds, sum(refunds_cents)::int as "refundsCents"
     from movements m group by m.staff_uid, m.method
     order by m.staff_uid is null, staff, m.method`,
    [day, config.timeZone],
  );
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
  const [closed] = await db.query<{ at: Date; by: string; rows: TakingsRow[] }>(
    `select t.closed_at as at, ${userNameSql("u")} as by, t.figures as rows
     from takings_days t join users u on u.uid = t.closed_by_staff_uid where t.day = $1::date and t.closed_at is not null`,
    [day],
  );
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
    await tx.query("insert into takings_days (day) values ($1::date) on conflict (day) do nothing", [day]);
    const [row] = await tx.query<{ closed: boolean; future: boolean }>(
      `select closed_at is not null as closed, day > ${TODAY_SQL} as future
       from takings_days where day = $2::date for update`,
      [config.timeZone, day],
    );
    if (row.future) return { ok: false as const, reason: "not-over" as const };
    if (row.closed) return { ok: false as const, reason: "already-closed" as const };
    const rows = await liveTakings(tx, day);
    await tx.query(
      "update takings_days set closed_at = now(), closed_by_staff_uid = $2, figures = $3 where day = $1::date",
      [day, staffUid, JSON.stringify(rows)],
    );
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
