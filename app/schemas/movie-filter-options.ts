// The movie filters' choices and URLs, apart from their zod schema (movie-filters.ts) so that the
// filter form does not load zod into the browser.

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

/** The filters of the movie list as its URL gives them, once parsed (movie-filters.ts checks its schema gives these). */
export type MovieFilters = { search: string; genre: string; sort: MovieSort; page: number };

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
