import { sql, type Expression } from "kysely";

/**
 * A time's cinema day (YYYY-MM-DD) in SQL, for a typed query (decision 64): of the column named `column` in the zone
 * `zone`. It is compared with the day a URL or form names as text: a day that is no date at all ("0000-01-01",
 * "2024-02-30") then matches nothing, where casting it to a date would fail.
 */
export const cinemaDay = (column: string, zone: Expression<string> | string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone ${zone}, 'YYYY-MM-DD')`;
