import { config } from "~/config.server";
import { ANY, type StaffChangeListQuery } from "~/schemas/staff-changes";
import { pageWindow } from "~/schemas/list-query";
import { getDb, type Queryable } from "~/services/db.server";
import { toCsv } from "~/utils/csv";
import { STAFF_CHANGE_KIND_LABELS, type StaffChange, type StaffChangeKind } from "~/domain/staff-changes";
import { formatSortableTime } from "~/utils/show-display";

// The record of who changed what (decision 70). Every staff change writes its line here inside its own transaction,
// so a change and its record stand or fall together. Lines older than STAFF_CHANGES_KEEP_DAYS go as new ones come.

/** Who made a change: a staff member's uid, or null for the site itself (grant-admin, ADMIN_EMAILS). */
export type StaffChangeInput = {
  staffUid: string | null;
  kind: StaffChangeKind;
  /** What was changed, in words staff know it by: a show, a code, a hall, a person's email. */
  subject: string;
  before?: unknown;
  after?: unknown;
};

const THE_SITE = "The site (grant-admin or ADMIN_EMAILS)";

/** Writes one change in the caller's transaction, naming the staff member as they are called now. */
export async function recordStaffChange(tx: Queryable, { staffUid, kind, subject, before, after }: StaffChangeInput) {
  await tx.query("delete from staff_changes where at < now() - make_interval(days => $1)", [
    config.staff.changesKeepDays,
  ]);
  await tx.query(
    `insert into staff_changes (staff_uid, staff_name, kind, subject, before, after)
     values ($1, coalesce((select coalesce(nullif(name, ''), email) from users where uid = $1), $2), $3, $4, $5, $6)`,
    [staffUid, THE_SITE, kind, subject, json(before), json(after)],
  );
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

function filters(query: StaffChangeListQuery) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.staff !== ANY) {
    params.push(query.staff);
    where.push(`staff_uid = $${params.length}`);
  }
  if (query.kind !== ANY) {
    params.push(query.kind);
    where.push(`kind = $${params.length}`);
  }
  if (query.day) {
    params.push(query.day, config.timeZone);
    where.push(`to_char(at at time zone $${params.length}, 'YYYY-MM-DD') = $${params.length - 1}`);
  }
  return { where: where.length ? `where ${where.join(" and ")}` : "", params };
}

const COLUMNS = `id::text as id, at, staff_uid as "staffUid", staff_name as "staffName", kind, subject, before, after`;

type Row = Omit<StaffChange, "at"> & { at: Date };
const toChange = (row: Row): StaffChange => ({ ...row, at: row.at.toISOString() });

/** A page of the record, newest first, with the people who appear in it for the person filter. */
export async function listStaffChanges(query: StaffChangeListQuery) {
  const db = await getDb();
  const { where, params } = filters(query);
  const [{ total }] = await db.query<{ total: number }>(
    `select count(*)::int as total from staff_changes ${where}`,
    params,
  );
  const window = pageWindow(total, query.page);
  const rows = await db.query<Row>(
    `select ${COLUMNS} from staff_changes ${where} order by at desc, id desc
     limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, window.limit, window.offset],
  );
  const people = await db.query<{ uid: string; name: string }>(
    `select distinct on (staff_uid) staff_uid as uid, staff_name as name from staff_changes
     where staff_uid is not null order by staff_uid, at desc`,
  );
  return { changes: rows.map(toChange), total, page: window.page, pageCount: window.pageCount, people };
}

/** The whole filtered record as CSV, newest first. */
export async function exportStaffChangesCsv(query: StaffChangeListQuery) {
  const db = await getDb();
  const { where, params } = filters(query);
  const rows = await db.query<Row>(`select ${COLUMNS} from staff_changes ${where} order by at desc, id desc`, params);
  return toCsv([
    ["When", "Who", "What", "Subject", "Before", "After"],
    ...rows.map((row) => [
      formatSortableTime(row.at.toISOString(), config.timeZone),
      row.staffName,
      STAFF_CHANGE_KIND_LABELS[row.kind] ?? row.kind,
      row.subject,
      describeValues(row.before),
      describeValues(row.after),
    ]),
  ]);
}

/** Values as "name: value" pairs, for the page and the CSV alike. */
export function describeValues(values: unknown): string {
  if (values === null || values === undefined) return "";
  if (typeof values !== "object") return String(values);
  return Object.entries(values as Record<string, unknown>)
    .map(([name, value]) => `${name}: ${typeof value === "object" && value !== null ? JSON.stringify(value) : value}`)
    .join("; ");
}
