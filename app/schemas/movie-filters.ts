import { z } from "zod";

export const MOVIE_SORTS = ["latest", "rating", "title"] as const;
export type MovieSort = (typeof MOVIE_SORTS)[number];
export const SORT_LABELS: Record<MovieSort, string> = {
  latest: "Latest",
  rating: "Top Rated",
  title: "Title (A-Z)",
};
export const ALL_GENRES = "all";
export const MOVIES_PAGE_SIZE = 12;
export const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 100;

// Filters come from the URL, so anything odd falls back to a default instead of failing the page.
export const movieFiltersSchema = z.object({
  search: z
    .string()
    .catch("")
    .transform((s) => s.trim().slice(0, MAX_SEARCH_LENGTH)),
  genre: z.string().trim().min(1).max(60).catch(ALL_GENRES),
  sort: z.enum(MOVIE_SORTS).catch("latest"),
  page: z.coerce.number().int().min(1).catch(1).transform((n) => Math.min(n, MAX_PAGE)),
});

export type MovieFilters = z.infer<typeof movieFiltersSchema>;

export function parseMovieFilters(params: URLSearchParams): MovieFilters {
  return movieFiltersSchema.parse({
    search: params.get("search") ?? "",
    genre: params.get("genre") ?? ALL_GENRES,
    sort: params.get("sort") ?? "latest",
    page: params.get("page") ?? 1,
  });
}

/** The query string for a set of filters, leaving defaults out so URLs stay short. */
export function movieFiltersQuery(filters: Partial<MovieFilters>) {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.genre && filters.genre !== ALL_GENRES) params.set("genre", filters.genre);
  if (filters.sort && filters.sort !== "latest") params.set("sort", filters.sort);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
