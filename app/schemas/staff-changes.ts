import { z } from "zod";
import { STAFF_CHANGE_KINDS } from "~/domain/staff-changes";
import { pageField, withoutControlCharacters } from "./fields";
import { MAX_LIST_PAGE } from "./list-query";

export const ANY = "all";

/** The record of changes' filters in the URL: a person, a kind, a cinema day, and the page; anything else is "all". */
export const staffChangeListSchema = z.object({
  staff: z.string().transform(withoutControlCharacters).pipe(z.string().min(1).max(128)).catch(ANY),
  kind: z.enum([ANY, ...STAFF_CHANGE_KINDS] as [string, ...string[]]).catch(ANY),
  day: z
    .string()
    .regex(/^20\d\d-\d\d-\d\d$/)
    .catch(""),
  page: pageField(MAX_LIST_PAGE),
});
export type StaffChangeListQuery = z.infer<typeof staffChangeListSchema>;
