import type { z } from "zod";

// What the staff lists (shows, bookings) share: their state lives in the URL, and anything odd in it falls back to
// a default instead of failing the page.

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const STAFF_LIST_PAGE_SIZE = 20;
export const MAX_LIST_PAGE = 10_000;

/** Reads a query string with its schema, whose every field catches an odd value with its default. */
export function parseQuery<Schema extends z.ZodType<unknown, z.ZodTypeDef, Record<string, unknown>>>(
  schema: Schema,
  params: URLSearchParams,
): z.output<Schema> {
  return schema.parse(Object.fromEntries(params));
}

/** The query string of a list's state, leaving out what equals the defaults so URLs stay short. */
export function listQuery<State extends Record<string, string | number>>(state: State, defaults: State) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(state)) {
    if (value !== defaults[name]) params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Which rows of `total` a page shows: the page asked for, or the last one when it asks past the end. */
export function pageWindow(total: number, requestedPage: number, pageSize = STAFF_LIST_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize, limit: pageSize };
}
