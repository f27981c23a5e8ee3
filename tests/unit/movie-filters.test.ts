import { describe, expect, it } from "vitest";
import { MAX_SEARCH_LENGTH, movieFiltersQuery } from "~/schemas/movie-filter-options";
import { parseMovieFilters } from "~/schemas/movie-filters";

const parse = (query: string) => parseMovieFilters(new URLSearchParams(query));
const DEFAULTS = { search: "", genre: "all", sort: "latest", page: 1 };

describe("movie filters from the URL", () => {
  it("defaults to every movie, latest first, page 1", () => {
    expect(parse("")).toEqual(DEFAULTS);
  });

  it("keeps valid values", () => {
    expect(parse("search=night&genre=Drama&sort=rating&page=2")).toEqual({
      search: "night",
      genre: "Drama",
      sort: "rating",
      page: 2,
    });
    expect(parse("sort=title").sort).toBe("title");
  });

  it("falls back to latest for an unknown sort", () => {
    expect(parse("sort=zzz").sort).toBe("latest");
    expect(parse("sort=").sort).toBe("latest");
  });

  it("falls back to all genres for an empty or absurd genre", () => {
    expect(parse("genre=").genre).toBe("all");
    expect(parse("genre=%20%20").genre).toBe("all");
    expect(parse(`genre=${"x".repeat(61)}`).genre).toBe("all");
  });

  it.each([
    ["-1", 1],
    ["0", 1],
    ["abc", 1],
    ["1.5", 1],
    ["", 1],
    ["3", 3],
    ["1000000000", 100],
    ["1e9", 100],
  ])("reads page=%s as page %i", (page, expected) => {
    expect(parse(`page=${page}`).page).toBe(expected);
  });

  it(`trims the search and cuts it at ${MAX_SEARCH_LENGTH} characters`, () => {
    expect(parse("search=%20%20night%20").search).toBe("night");
    expect(parse(`search=${"a".repeat(5000)}`).search).toBe("a".repeat(MAX_SEARCH_LENGTH));
  });

  it("drops control characters from the search", () => {
    expect(parse("search=a%00b%0Ac%7F").search).toBe("abc");
    expect(parse("search=%00").search).toBe("");
  });

  it("keeps markup in the search as plain text", () => {
    expect(parse(`search=${encodeURIComponent("<b>x</b>")}`).search).toBe("<b>x</b>");
    expect(parse(`search=${encodeURIComponent("<script>alert(1)</script>")}`).search).toBe("<script>alert(1)</script>");
  });

  it("uses the first value when a parameter repeats", () => {
    expect(parse("sort=title&sort=rating").sort).toBe("title");
  });
});

describe("movie filters to the URL", () => {
  it("leaves defaults out", () => {
    expect(movieFiltersQuery(DEFAULTS as never)).toBe("");
    expect(movieFiltersQuery({})).toBe("");
  });

  it("writes every non-default filter, encoded", () => {
    expect(movieFiltersQuery({ search: "a&b <c>", genre: "Science Fiction", sort: "title", page: 3 })).toBe(
      "?search=a%26b+%3Cc%3E&genre=Science+Fiction&sort=title&page=3",
    );
  });

  it("round-trips through the parser", () => {
    const filters = { search: "100% _x_", genre: "Drama", sort: "rating", page: 2 } as const;
    expect(parse(movieFiltersQuery(filters).slice(1))).toEqual(filters);
  });
});
