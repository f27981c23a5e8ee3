import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { FilmDraft } from "~/domain/film-draft";
import { editedFields, getFilmForEditing, saveFilm, setFilmRetired } from "~/models/films.server";
import { getMovie, listGenres, listMovies, listNowShowing } from "~/models/movies.server";
import { listStaffChanges } from "~/models/staff-changes.server";
import { staffChangeListSchema } from "~/schemas/staff-changes";
import { getDb } from "~/services/db.server";
import { addUser, movieFilters } from "./fixtures";

const picture = (width: number, height: number, colour = "#a33") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const draft = async (changes: Partial<FilmDraft> = {}): Promise<FilmDraft> => ({
  title: "The Last Reel",
  synopsis: "A projectionist keeps one cinema open.",
  tagline: "One more show.",
  runtimeMinutes: 104,
  releaseDate: "2027-03-05",
  originalLanguage: "en",
  genres: ["Drama", "Comedy"],
  cast: [{ name: "Ada Quill", character: "Nell", photo: await picture(200, 300, "#3a3") }],
  certificate: "12A",
  trailer: { kind: "youtube", id: "dQw4w9WgXcQ" },
  poster: await picture(600, 900),
  backdrop: await picture(1280, 720, "#33a"),
  tmdbId: null,
  voteAverage: null,
  voteCount: null,
  ...changes,
});

async function counts() {
  const db = await getDb();
  const [row] = await db.query<{ movies: number; artwork: number }>(
    "select (select count(*)::int from movies) as movies, (select count(*)::int from artwork) as artwork",
  );
  return row;
}

describe("saveFilm", { timeout: 60_000 }, () => {
  it("adds a film staff typed, with its artwork at hashed addresses and no vote average", async () => {
    const saved = await saveFilm(await draft(), { source: "staff" });
    expect(saved).toMatchObject({ ok: true, title: "The Last Reel" });
    const id = saved.ok ? saved.id : "";
    expect(id).toMatch(/^the-last-reel-[0-9a-f]{6}$/);
    const movie = await getMovie(id);
    expect(movie).toMatchObject({
      title: "The Last Reel",
      overview: "A projectionist keeps one cinema open.",
      runtime: 104,
      releaseDate: "2027-03-05",
      voteAverage: null,
      certificate: "12A",
      genres: [{ name: "Drama" }, { name: "Comedy" }],
      cast: [{ name: "Ada Quill", character: "Nell" }],
      videoTrailer: { kind: "youtube", id: "dQw4w9WgXcQ" },
    });
    expect(movie!.posterUrl).toMatch(/^\/images\/[0-9a-f]{64}\/300x450\.jpg$/);
    expect(movie!.backdropUrl).toMatch(/^\/images\/[0-9a-f]{64}\/1280x720\.jpg$/);
    expect(movie!.cast[0].photoUrl).toMatch(/^\/images\/[0-9a-f]{64}\/185x278\.jpg$/);
    expect((await listMovies(movieFilters({ search: "last reel" }))).movies.map((m) => m.id)).toEqual([id]);
  });

  it("keeps each picture without its metadata", async () => {
    const withExif = await sharp({ create: { width: 300, height: 450, channels: 3, background: "#555" } })
      .withExif({ IFD0: { Copyright: "Somebody", Artist: "Camera owner" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const saved = await saveFilm(await draft({ title: "Metadata", poster: withExif }), { source: "staff" });
    const db = await getDb();
    const hash = (await getMovie(saved.ok ? saved.id : ""))!.posterUrl.split("/")[2];
    const [row] = await db.query<{ image: Uint8Array }>("select image from artwork where hash = $1", [hash]);
    const kept = await sharp(row.image).metadata();
    expect(kept.exif).toBeUndefined();
    expect(kept.format).toBe("jpeg");
  });

  it("refuses a new film without a poster, and a bad picture, naming it; nothing is written", async () => {
    const before = await counts();
    expect(await saveFilm(await draft({ poster: null }), { source: "staff" })).toEqual({
      ok: false,
      reason: "poster-missing",
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450"><script>alert(1)</script></svg>',
    );
    expect(await saveFilm(await draft({ poster: svg }), { source: "staff" })).toEqual({
      ok: false,
      reason: "bad-artwork",
      field: "poster",
      problem: "svg",
    });
    expect(await saveFilm(await draft({ backdrop: Buffer.from("not a picture") }), { source: "staff" })).toEqual({
      ok: false,
      reason: "bad-artwork",
      field: "backdrop",
      problem: "not-a-picture",
    });
    const bomb = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const cast = [{ name: "Ada Quill", character: "Nell", photo: bomb }];
    expect(await saveFilm(await draft({ cast }), { source: "staff" })).toEqual({
      ok: false,
      reason: "bad-artwork",
      field: "cast.0.photo",
      problem: "too-many-pixels",
    });
    expect(await saveFilm(await draft({ certificate: "X9" }), { source: "staff" })).toEqual({
      ok: false,
      reason: "unknown-certificate",
    });
    expect(await counts()).toEqual(before);
  });

  it("remembers the fields staff changed by hand, and an import leaves those alone", async () => {
    const imported = await saveFilm(await draft({ title: "Harbour Lights", tmdbId: 4242, voteAverage: 7.4 }), {
      source: "import",
    });
    const id = imported.ok ? imported.id : "";
    expect(await editedFields(id)).toEqual([]);
    expect((await getMovie(id))!.voteAverage).toBe(7.4);

    const film = (await getFilmForEditing(id))!;
    await saveFilm(
      await draft({ title: "Harbour Lights (Director's Cut)", tmdbId: 4242, poster: null, backdrop: null, cast: [] }),
      { id, source: "staff" },
    );
    expect(await editedFields(id)).toEqual(["title", "cast"]);
    expect((await getFilmForEditing(id))!.posterUrl).toBe(film.posterUrl);

    await saveFilm(await draft({ title: "Harbour Lights", tagline: "Home at last.", tmdbId: 4242, voteAverage: 7.9 }), {
      source: "import",
    });
    const again = (await getFilmForEditing(id))!;
    expect(again).toMatchObject({ title: "Harbour Lights (Director's Cut)", tagline: "Home at last.", cast: [] });
    expect((await getMovie(id))!.voteAverage).toBe(7.9);
  });
});

const changesBy = async (uid: string) =>
  (await listStaffChanges({ ...staffChangeListSchema.parse({}), staff: uid })).changes
    .map(({ kind, subject, before, after }) => ({ kind, subject, before, after }))
    .reverse();

describe("the record of changes", { timeout: 60_000 }, () => {
  it("keeps who added a film, what they changed with its values before and after, and nothing for a save that changed nothing", async () => {
    await addUser("film-editor");
    const first = await draft({ title: "Lantern Keepers" });
    const saved = await saveFilm(first, { source: "staff", staffUid: "film-editor" });
    const id = saved.ok ? saved.id : "";
    await saveFilm(
      { ...first, runtimeMinutes: 111, synopsis: "Two keepers, one lamp.", poster: null, backdrop: null, cast: [] },
      {
        id,
        source: "staff",
        staffUid: "film-editor",
      },
    );
    await saveFilm(
      { ...first, runtimeMinutes: 111, synopsis: "Two keepers, one lamp.", poster: null, backdrop: null, cast: [] },
      {
        id,
        source: "staff",
        staffUid: "film-editor",
      },
    );
    // The sample catalogue and imports without staff write no line.
    await saveFilm(await draft({ title: "Nobody's Film" }), { source: "import" });
    await setFilmRetired(id, true, "film-editor");
    await setFilmRetired(id, false, "film-editor");
    expect(await changesBy("film-editor")).toEqual([
      {
        kind: "film-added",
        subject: "Lantern Keepers",
        before: null,
        after: { title: "Lantern Keepers", runtimeMinutes: 104, releaseDate: "2027-03-05" },
      },
      {
        kind: "film-changed",
        subject: "Lantern Keepers",
        before: { synopsis: "changed", runtimeMinutes: 104, cast: "changed" },
        after: { synopsis: "changed", runtimeMinutes: 111, cast: "changed" },
      },
      { kind: "film-retired", subject: "Lantern Keepers", before: null, after: null },
      { kind: "film-restored", subject: "Lantern Keepers", before: null, after: null },
    ]);
  });
});

describe("setFilmRetired", { timeout: 60_000 }, () => {
  it("takes a film off the customer pages and brings it back; its shows stay", async () => {
    await addUser("film-staff");
    const saved = await saveFilm(await draft({ title: "Quiet Harvest", genres: ["Harvest Noir"] }), {
      source: "staff",
    });
    const id = saved.ok ? saved.id : "";
    const db = await getDb();
    await db.query(
      `insert into shows (movie_id, hall_id, starts_at)
       select $1, id, now() + interval '3 days' from halls limit 1`,
      [id],
    );
    expect(await setFilmRetired(id, true, "film-staff")).toEqual({ ok: true, title: "Quiet Harvest" });
    expect(await getMovie(id)).toBeNull();
    expect((await listMovies(movieFilters({ search: "quiet harvest" }))).movies).toEqual([]);
    expect((await listNowShowing(1000)).map((m) => m.id)).not.toContain(id);
    expect(await listGenres()).not.toContain("Harvest Noir");
    expect(await db.query("select id from shows where movie_id = $1", [id])).toHaveLength(1);

    expect(await setFilmRetired(id, false, "film-staff")).toEqual({ ok: true, title: "Quiet Harvest" });
    expect((await getMovie(id))!.title).toBe("Quiet Harvest");
    expect(await listGenres()).toContain("Harvest Noir");
    expect(await setFilmRetired("no-such-film", true, "film-staff")).toEqual({ ok: false, reason: "not-found" });
  });
});
