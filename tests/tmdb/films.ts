// The films the fake TMDB knows, as its details request answers them with credits, videos and release dates appended:
// every field as TMDB's OpenAPI description types it (tests/tmdb/fake-tmdb.ts checks each answer against it).

export type FakeFilm = {
  id: number;
  title: string;
  original_title: string;
  original_language: string;
  overview: string;
  tagline: string;
  runtime: number;
  release_date: string;
  genres: { id: number; name: string }[];
  poster_path: string;
  backdrop_path: string;
  vote_average: number;
  vote_count: number;
  popularity: number;
  adult: boolean;
  video: boolean;
  status: string;
  credits: {
    cast: { id: number; name: string; character: string; profile_path: string; order: number; cast_id: number }[];
  };
  videos: { results: { name: string; key: string; site: string; type: string; official: boolean; id: string }[] };
  release_dates: {
    results: { iso_3166_1: string; release_dates: { certification: string; type: number; release_date: string }[] }[];
  };
};

/** Where a film is listed: in cinemas now, or coming. */
export type FakeListing = "now_playing" | "upcoming";

const castOf = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({
    id: 9000 + index,
    name: `${prefix} Actor ${index + 1}`,
    character: `Character ${index + 1}`,
    profile_path: `/${prefix.toLowerCase()}-actor-${index + 1}.jpg`,
    // TMDB's billing order, listed here out of it: the import keeps the order, not the list's.
    order: index,
    cast_id: index + 1,
  })).reverse();

/** Now playing: 14 of cast, a GB release rated 12A in cinemas and 12 on video, several videos. */
export const LIGHTHOUSE_KEEPER: FakeFilm = {
  id: 1001,
  title: "The Lighthouse Keeper",
  original_title: "The Lighthouse Keeper",
  original_language: "en",
  overview: "A keeper on a far rock finds a stranger washed up after a storm.",
  tagline: "The light must not go out.",
  runtime: 112,
  release_date: "2026-11-20",
  genres: [
    { id: 18, name: "Drama" },
    { id: 53, name: "Thriller" },
  ],
  poster_path: "/lighthouse-poster.jpg",
  backdrop_path: "/lighthouse-backdrop.jpg",
  vote_average: 7.46,
  vote_count: 812,
  popularity: 120.5,
  adult: false,
  video: false,
  status: "Released",
  credits: { cast: castOf(14, "Lighthouse") },
  videos: {
    results: [
      { name: "Behind the scenes", key: "bts0001", site: "YouTube", type: "Featurette", official: true, id: "v1" },
      { name: "Teaser", key: "teaser0001", site: "YouTube", type: "Teaser", official: true, id: "v2" },
      { name: "Fan trailer", key: "fan0001", site: "YouTube", type: "Trailer", official: false, id: "v3" },
      { name: "Official Trailer", key: "official01", site: "YouTube", type: "Trailer", official: true, id: "v4" },
    ],
  },
  release_dates: {
    results: [
      {
        iso_3166_1: "US",
        release_dates: [{ certification: "PG-13", type: 3, release_date: "2026-11-20T00:00:00.000Z" }],
      },
      {
        iso_3166_1: "GB",
        release_dates: [
          { certification: "12", type: 5, release_date: "2027-02-01T00:00:00.000Z" },
          { certification: "12A", type: 3, release_date: "2026-11-27T00:00:00.000Z" },
        ],
      },
    ],
  },
};

/** Upcoming: no votes yet, a Vimeo trailer, no certificate for GB yet. */
export const NORTHERN_LIGHTS: FakeFilm = {
  id: 1002,
  title: "Northern Lights",
  original_title: "Nordlys",
  original_language: "no",
  overview: "Two sisters drive north to see the aurora their mother never did.",
  tagline: "",
  runtime: 98,
  release_date: "2027-01-15",
  genres: [{ id: 18, name: "Drama" }],
  poster_path: "/northern-poster.jpg",
  backdrop_path: "/northern-backdrop.jpg",
  vote_average: 0,
  vote_count: 0,
  popularity: 12.25,
  adult: false,
  video: false,
  status: "Post Production",
  credits: { cast: castOf(2, "Northern") },
  videos: {
    results: [{ name: "Trailer", key: "76979871", site: "Vimeo", type: "Trailer", official: true, id: "v5" }],
  },
  release_dates: {
    results: [
      { iso_3166_1: "NO", release_dates: [{ certification: "9", type: 3, release_date: "2027-01-15T00:00:00.000Z" }] },
    ],
  },
};

export const FAKE_FILMS: { film: FakeFilm; listing: FakeListing }[] = [
  { film: LIGHTHOUSE_KEEPER, listing: "now_playing" },
  { film: NORTHERN_LIGHTS, listing: "upcoming" },
];
