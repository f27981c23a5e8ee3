import { z } from "zod";
import { hasControlCharacter, pageField, searchField } from "./fields";
import { ALL_GENRES, MAX_SEARCH_LENGTH, MOVIE_SORTS, type MovieFilters } from "./movie-filter-options";

export type { MovieFilters };

const MAX_PAGE = 100;

// Filters come from the URL, so anything odd falls back to a default instead of failing the page.
export const movieFiltersSchema = z.object({
  search: searchField(MAX_SEARCH_LENGTH),
  genre: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .refine((genre) => !hasControlCharacter(genre))
    .catch(ALL_GENRES),
  sort: z.enum(MOVIE_SORTS).catch("latest"),
  page: pageField(MAX_PAGE),
}) satisfies z.ZodType<MovieFilters, z.ZodTypeDef, unknown>;

export function parseMovieFilters(params: URLSearchParams): MovieFilters {
  return movieFiltersSchema.parse({
    search: params.get("search") ?? "",
    genre: params.get("genre") ?? ALL_GENRES,
    sort: params.get("sort") ?? "latest",
    page: params.get("page") ?? 1,
  });
}
