import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { tmdbFailure, tmdbRateLimitedMessage } from "~/http/tmdb-failures.server";
import { certificateFor, draftFromTmdb, draftFromTmdbId, importFilm, trailerOf } from "~/models/tmdb-import.server";
import { TMDB_REFERENCE_INVALID, TMDB_REFERENCE_REQUIRED, tmdbIdOf, tmdbImportSchema } from "~/schemas/tmdb-import";
import { tmdbClient, type TmdbReleaseDates, type TmdbVideo } from "~/services/tmdb.server";
import { getDb } from "~/services/db.server";
import { LIGHTHOUSE_KEEPER, NORTHERN_LIGHTS } from "../tmdb/films";

const BBFC = ["U", "PG", "12A", "15", "18"];
const bytes = (text: string) => new TextEncoder().encode(text);
/** Every image of a film "downloaded": the bytes say which path they are. */
const imagesOf = (paths: string[]) => new Map(paths.map((path) => [path, bytes(path)]));
const lighthouseImages = imagesOf([
  LIGHTHOUSE_KEEPER.poster_path,
  LIGHTHOUSE_KEEPER.backdrop_path,
  ...LIGHTHOUSE_KEEPER.credits.cast.map((member) => member.profile_path),
]);
const released = (country: string, ...dates: [certification: string, type: number][]): TmdbReleaseDates => [
  {
    iso_3166_1: country,
    release_dates: dates.map(([certification, type]) => ({ certification, type, release_date: "2026-12-04" })),
  },
];

describe("a TMDB film as a draft", () => {
  it("keeps its details, the first 12 of its cast in billing order with photos, its pictures and its rating", () => {
    const draft = draftFromTmdb(LIGHTHOUSE_KEEPER, lighthouseImages, { country: "GB", keptCertificates: BBFC });
    expect(draft).toMatchObject({
      title: "The Lighthouse Keeper",
      synopsis: "A keeper on a far rock finds a stranger washed up after a storm.",
      tagline: "The light must not go out.",
      runtimeMinutes: 112,
      // The day it opens in the cinema's country, not its first release anywhere (2026-11-20, in the US).
      releaseDate: "2026-11-27",
      originalLanguage: "en",
      genres: ["Drama", "Thriller"],
      certificate: "12A",
      trailer: { kind: "youtube", id: "official01" },
      tmdbId: 1001,
      voteAverage: 7.5,
    });
    expect(draft.cast).toHaveLength(12);
    expect(draft.cast.map((member) => member.name)).toEqual(
      Array.from({ length: 12 }, (_, index) => `Lighthouse Actor ${index + 1}`),
    );
    expect(draft.cast[0]).toEqual({
      name: "Lighthouse Actor 1",
      character: "Character 1",
      photo: bytes("/lighthouse-actor-1.jpg"),
    });
    expect(draft.poster).toEqual(bytes("/lighthouse-poster.jpg"));
    expect(draft.backdrop).toEqual(bytes("/lighthouse-backdrop.jpg"));
  });

  it("has no rating without votes, and no certificate or local date without a release in the country", () => {
    const draft = draftFromTmdb(NORTHERN_LIGHTS, new Map(), { country: "GB", keptCertificates: BBFC });
    expect(draft).toMatchObject({
      voteAverage: null,
      certificate: null,
      releaseDate: "2027-01-15",
      tagline: "",
      trailer: { kind: "vimeo", id: "76979871" },
      poster: null,
      backdrop: null,
    });
    expect(draft.cast.map((member) => member.photo)).toEqual([null, null]);
  });

  it("reads TMDB's nulls as nothing: no tagline, no runtime, no pictures", () => {
    const draft = draftFromTmdb(
      { ...NORTHERN_LIGHTS, tagline: "", runtime: null, poster_path: null, backdrop_path: null },
      imagesOf([NORTHERN_LIGHTS.poster_path]),
      { country: "GB", keptCertificates: BBFC },
    );
    expect(draft).toMatchObject({ tagline: "", runtimeMinutes: 0, poster: null, backdrop: null });
  });
});

describe("the certificate for the cinema's country", () => {
  it("is the cinema release's, before a video release's", () => {
    expect(certificateFor(released("GB", ["15", 5], ["12A", 3]), "GB", BBFC)).toBe("12A");
    expect(certificateFor(released("GB", ["18", 4], ["15", 2]), "GB", BBFC)).toBe("15");
  });

  it("maps the BBFC's 12 to the 12A the site keeps, and any case to the kept code", () => {
    expect(certificateFor(released("GB", ["12", 5]), "GB", BBFC)).toBe("12A");
    expect(certificateFor(released("GB", ["12", 5]), "GB", [...BBFC, "12"])).toBe("12");
    expect(certificateFor(released("GB", ["pg", 3]), "GB", BBFC)).toBe("PG");
  });

  it("follows the scheme the cinema keeps and the country it is in", () => {
    const releases = [...released("GB", ["12A", 3]), ...released("US", ["PG-13", 3])];
    expect(certificateFor(releases, "US", ["G", "PG", "PG-13", "R", "NC-17"])).toBe("PG-13");
    expect(certificateFor(releases, "US", BBFC)).toBeNull();
  });

  it("passes over a blank or unknown certification to the next release's, else none", () => {
    expect(certificateFor(released("GB", ["", 3], ["X", 2], ["PG", 4]), "GB", BBFC)).toBe("PG");
    expect(certificateFor(released("GB", ["", 3]), "GB", BBFC)).toBeNull();
    expect(certificateFor([], "GB", BBFC)).toBeNull();
  });
});

describe("the trailer", () => {
  const video = (type: string, official: boolean, key: string, site = "YouTube"): TmdbVideo => ({
    site,
    key,
    type,
    official,
  });

  it("is the official YouTube or Vimeo Trailer first, then any Trailer, then a Teaser", () => {
    expect(trailerOf([video("Trailer", false, "fan"), video("Trailer", true, "official")])).toEqual({
      kind: "youtube",
      id: "official",
    });
    expect(trailerOf([video("Teaser", true, "teaser"), video("Trailer", false, "fan")])).toEqual({
      kind: "youtube",
      id: "fan",
    });
    expect(trailerOf([video("Clip", true, "clip"), video("Teaser", false, "teaser", "Vimeo")])).toEqual({
      kind: "vimeo",
      id: "teaser",
    });
  });

  it("is none when no video plays on YouTube or Vimeo", () => {
    expect(trailerOf([video("Trailer", true, "dm1", "Dailymotion"), video("Featurette", true, "f")])).toBeNull();
    expect(trailerOf([])).toBeNull();
  });
});

describe("a TMDB id or address pasted", () => {
  it("gives the film's id", () => {
    expect(tmdbIdOf("550")).toBe(550);
    expect(tmdbIdOf(" https://www.themoviedb.org/movie/550-fight-club?language=en-GB ")).toBe(550);
    expect(tmdbIdOf("themoviedb.org/movie/1001")).toBe(1001);
    expect(tmdbIdOf("http://themoviedb.org/movie/1001/cast")).toBe(1001);
  });

  it("refuses what is not a film's id or address, with a message saying what to paste", () => {
    for (const reference of ["https://www.themoviedb.org/tv/1399", "Fight Club", "0", "https://example.com/movie/550"])
      expect(tmdbImportSchema.safeParse({ reference }).error?.issues[0].message).toBe(TMDB_REFERENCE_INVALID);
    expect(tmdbImportSchema.safeParse({ reference: " " }).error?.issues[0].message).toBe(TMDB_REFERENCE_REQUIRED);
    expect(tmdbImportSchema.parse({ reference: "https://www.themoviedb.org/movie/1002-nordlys" })).toEqual({
      reference: 1002,
    });
  });
});

describe("importing a draft", () => {
  const draft = draftFromTmdb(LIGHTHOUSE_KEEPER, lighthouseImages, { country: "GB", keptCertificates: BBFC });

  it("saves a draft with what a film for sale needs, once, under its TMDB id", async () => {
    const picture = await sharp({ create: { width: 600, height: 900, channels: 3, background: "#335577" } })
      .jpeg()
      .toBuffer();
    const withPictures = {
      ...draft,
      poster: picture,
      backdrop: picture,
      cast: draft.cast.map((member) => ({ ...member, photo: picture })),
    };
    const imported = await importFilm(withPictures);
    expect(imported).toMatchObject({ ok: true, title: draft.title });
    expect(await importFilm(withPictures)).toEqual(imported);
    const db = await getDb();
    const rows = await db.query<{ title: string }>("select title from movies where tmdb_id = $1", [draft.tmdbId]);
    expect(rows).toEqual([{ title: draft.title }]);
  });

  it("refuses a draft whose pictures are not pictures, saving nothing", async () => {
    const refused = await importFilm({ ...draft, tmdbId: 999_001 });
    expect(refused).toMatchObject({ ok: false, reason: "not-saved", title: draft.title });
    if (refused.ok) return;
    expect(tmdbFailure(refused).message).toMatch(new RegExp(`^${draft.title} could not be imported: `));
    const db = await getDb();
    expect(await db.query("select 1 from movies where tmdb_id = 999001")).toEqual([]);
  });

  it("refuses one TMDB has no runtime or release date for yet, and says which", async () => {
    const result = await importFilm({ ...draft, runtimeMinutes: 0, releaseDate: "" });
    expect(result).toEqual({
      ok: false,
      reason: "incomplete",
      title: draft.title,
      missing: ["runtime", "release date"],
    });
    if (result.ok) return;
    expect(tmdbFailure(result).message).toBe(
      "TMDB does not give the runtime and release date of The Lighthouse Keeper yet, so it cannot be imported. Please try again when it does.",
    );
  });

  it("maps the certificate to those the site keeps in its database", async () => {
    const client = tmdbClient({ ...config.tmdb, apiKey: "unused" });
    const stub = {
      ...client,
      filmDetails: async () => ({ ok: true as const, value: LIGHTHOUSE_KEEPER }),
      downloadImage: async (path: string) => ({ ok: true as const, value: bytes(path) }),
    };
    const result = await draftFromTmdbId(1001, stub);
    expect(result.ok && result.value.certificate).toBe("12A");
  });
});

describe("what staff are told when TMDB cannot answer", () => {
  it("says when to try again after a 429", () => {
    expect(tmdbRateLimitedMessage(30)).toBe("TMDB is busy and asked us to slow down. Please try again in 30 seconds.");
    expect(tmdbRateLimitedMessage(60)).toBe("TMDB is busy and asked us to slow down. Please try again in 1 minute.");
    expect(tmdbRateLimitedMessage(300)).toBe("TMDB is busy and asked us to slow down. Please try again in 5 minutes.");
    expect(tmdbRateLimitedMessage(null)).toBe("TMDB is busy and asked us to slow down. Please try again in a minute.");
  });

  it("says where to get a key when none is set", () => {
    expect(tmdbFailure({ reason: "not-configured" }).message).toContain("https://www.themoviedb.org/settings/api");
  });
});
