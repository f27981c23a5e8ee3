import { sql, type Kysely, type NotNull } from "kysely";
import { config } from "~/config.server";
import { ANY, type StaffChangeListQuery } from "~/schemas/staff-changes";
import { pageWindow } from "~/schemas/list-query";
import { getDb, type Queryable } from "~/services/db.server";
import type { DB } from "~/services/db-schema";
import { typed } from "~/services/typed-db.server";
import { toCsv } from "~/utils/csv";
import { STAFF_CHANGE_KIND_LABELS, type StaffChange, type StaffChangeKind } from "~/domain/staff-changes";
import { formatSortableTime } from "~/utils/show-display";
import { cinemaDay } from "./cinema-day.server";

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
  const db = typed(tx);
  await db
    .deleteFrom("staff_changes")
    .where("at", "<", sql<Date>`now() - make_interval(days => ${config.staff.changesKeepDays})`)
    .execute();
  await db
    .insertInto("staff_changes")
    .values({
      staff_uid: staffUid,
      staff_name: sql<string>`coalesce((select coalesce(nullif(name, ''), email) from users where uid = ${staffUid}),
        ${THE_SITE})`,
      kind,
      subject,
      before: json(before),
      after: json(after),
    })
    .execute();
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** The record's lines the filters keep. */
function filtered(db: Kysely<DB>, query: StaffChangeListQuery) {
  let changes = db.selectFrom("staff_changes");
  if (query.staff !== ANY) changes = changes.where("staff_uid", "=", query.staff);
  if (query.kind !== ANY) changes = changes.where("kind", "=", query.kind);
  if (query.day) changes = changes.where(cinemaDay("at", config.timeZone), "=", query.day);
  return changes;
}

/** The filtered lines as a change, newest first. */
const selectChanges = (db: Kysely<DB>, query: StaffChangeListQuery) =>
  filtered(db, query)
    .select((eb) => [
      eb.cast<string>("id", "text").as("id"),
      "at",
      "staff_uid as staffUid",
      "staff_name as staffName",
      sql<StaffChangeKind>`kind`.as("kind"),
      "subject",
      "before",
      "after",
    ])
    .orderBy("at", "desc")
    .orderBy("id", "desc");

type Row = Omit<StaffChange, "at"> & { at: Date };
const toChange = (row: Row): StaffChange => ({ ...row, at: row.at.toISOString() });

/** A page of the record, newest first, with the people who appear in it for the person filter. */
export async function listStaffChanges(query: StaffChangeListQuery) {
  const db = typed(await getDb());
  const { total } = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const window = pageWindow(total, query.page);
  const rows = await selectChanges(db, query).limit(window.limit).offset(window.offset).execute();
  const people = await db
    .selectFrom("staff_changes")
    .distinctOn("staff_uid")
    .select(["staff_uid as uid", "staff_name as name"])
    .where("staff_uid", "is not", null)
    .orderBy("staff_uid")
    .orderBy("at", "desc")
    .$narrowType<{ uid: NotNull }>()
    .execute();
  return { changes: rows.map(toChange), total, page: window.page, pageCount: window.pageCount, people };
}

/** The whole filtered record as CSV, newest first. */
export async function exportStaffChangesCsv(query: StaffChangeListQuery) {
  const rows = await selectChanges(typed(await getDb()), query).execute();
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
