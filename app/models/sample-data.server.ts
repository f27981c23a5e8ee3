import { sql } from "kysely";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { config } from "~/config.server";
import type { FilmDraft } from "~/domain/film-draft";
import type { TypeExtras } from "~/domain/hall";
import { layoutSeats } from "~/domain/hall-layout";
import { parseLayout } from "~/domain/hall-layout-text";
import { sampleDaySchedule } from "~/domain/sample-schedule";
import { getDb, type Database } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { logger } from "~/services/logger.server";
import { addDays, cinemaToday } from "~/utils/dates";
import { existingFilmIds, saveFilm } from "./films.server";
import sampleFilms from "./sample-films.json";
import { minorUnitDigits } from "~/utils/money";

const SAMPLE_DIR = path.resolve("data");
const PUBLIC_DIR = path.resolve("public");
export const SAMPLE_SCHEDULE_DAYS = 14;
// A long-running site keeps two weeks of upcoming sample shows: this often it looks whether the cinema's day has
// turned, which costs no query, and schedules the new last day within seconds of midnight.
const DAY_CHECK_EVERY_MS = 10 * 1000;

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await fs.readFile(path.join(SAMPLE_DIR, file), "utf8")) as T;
}

// The sample films keep the field names of the movie database they imitate. They are part of the build, so nothing
// reads them at run time, and come in through saveFilm as any film does (decision 65).
type SampleFilm = (typeof sampleFilms)[number];

/** A sample picture, drawn as SVG: made a JPEG here, as staff's uploads may not be SVG. */
async function samplePicture(address: string) {
  const svg = await fs.readFile(path.join(PUBLIC_DIR, address));
  return sharp(svg).jpeg({ quality: 90 }).toBuffer();
}

async function sampleDraft(film: SampleFilm): Promise<FilmDraft> {
  return {
    title: film.title,
    synopsis: film.overview,
    tagline: film.tagline,
    runtimeMinutes: film.runtime,
    releaseDate: film.release_date,
    originalLanguage: film.original_language ?? "",
    genres: film.genres.map((genre) => genre.name),
    cast: await Promise.all(
      film.casts.map(async (member) => ({
        name: member.name,
        character: member.character,
        photo: await samplePicture(member.profile_path),
      })),
    ),
    certificate: film.certificate,
    trailer: null,
    poster: await samplePicture(film.poster_path),
    backdrop: await samplePicture(film.backdrop_path),
    tmdbId: null,
    voteAverage: film.vote_average,
    voteCount: film.vote_count,
  };
}

/** Saves the sample films the catalogue does not have yet, as an import would: running it twice changes nothing. */
async function seedSampleFilms(db: Database) {
  const existing = await existingFilmIds(
    sampleFilms.map((film) => film.id),
    db,
  );
  const missing = sampleFilms.filter((sample) => !existing.has(sample.id));
  const drafts = await Promise.all(missing.map(sampleDraft));
  for (const [index, film] of missing.entries()) {
    const saved = await saveFilm(drafts[index], { id: film.id, source: "import", db });
    if (!saved.ok) throw new Error(`The sample film ${film.title} was refused: ${JSON.stringify(saved)}`);
  }
}

type SampleTrailer = {
  id: string;
  movie_id: string;
  title: string;
  description: string;
  duration: string;
  views: string;
  image: string;
  video_url: string;
  captions_url: string;
};

type SampleHall = { name: string; layout: string; extras: TypeExtras };

/** Inserts the sample films, trailers and halls that are not there yet; running it twice changes nothing. */
export async function seedCatalogue(db: Database) {
  await seedSampleFilms(db);
  const trailers = await readJson<SampleTrailer[]>("trailers.json");
  const halls = await readJson<SampleHall[]>("halls.json");
  await db.transaction(async (tx) => {
    const typedTx = typed(tx);
    for (const hall of halls) {
      const parsed = parseLayout(hall.layout);
      if (!parsed.ok) throw new Error(`The sample hall ${hall.name} is not a hall: ${parsed.problems.join(" ")}`);
      await typedTx
        .insertInto("halls")
        .values({
          name: hall.name,
          layout: JSON.stringify(parsed.layout),
          seat_count: layoutSeats(parsed.layout).length,
          type_extras: JSON.stringify(hall.extras),
        })
        .onConflict((conflict) => conflict.column("name").doNothing())
        .execute();
    }
    for (const [position, t] of trailers.entries()) {
      await typedTx
        .insertInto("trailers")
        .values({
          id: t.id,
          movie_id: t.movie_id,
          title: t.title,
          description: t.description,
          duration: t.duration,
          views: t.views,
          image: t.image,
          video_url: t.video_url,
          captions_url: t.captions_url,
          position,
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    }
  });
}

/**
 * Makes sure every cinema day from today on for SAMPLE_SCHEDULE_DAYS has its sample shows.
 * Each day is generated once, so it is cheap to call at every start.
 */
export async function scheduleSampleShows(db: Database, timeZone: string, today = cinemaToday(timeZone)) {
  const days = Array.from({ length: SAMPLE_SCHEDULE_DAYS }, (_, i) => addDays(today, i));
  await db.transaction(async (tx) => {
    const typedTx = typed(tx);
    const fresh = await typedTx
      .insertInto("sample_schedule_days")
      .columns(["day"])
      .expression(sql`select unnest(${days}::date[])`)
      .onConflict((conflict) => conflict.doNothing())
      .returning(sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"))
      .execute();
    if (fresh.length === 0) return;
    const movies = await typedTx.selectFrom("movies").select(["id", "runtime"]).orderBy("id").execute();
    // The halls are locked as staff adding shows lock them, so the overlap check below is not raced.
    const halls = await typedTx
      .selectFrom("halls")
      .select("id")
      .where("in_use", "=", true)
      .orderBy("name")
      .orderBy("id")
      .forUpdate()
      .execute();
    const rows = fresh.flatMap(({ day }) =>
      sampleDaySchedule(day, movies, halls, config.cleaningMinutes).map(({ price, ...show }) => ({
        day,
        ...show,
        priceCents: price * 10 ** minorUnitDigits(config.currency),
      })),
    );
    // A show staff added on a day before it was generated keeps its place: sample shows that overlap it are left out.
    // Each sells the price list's first type on sale at its sample price, and every other type at its list price but
    // never above that.
    await sql`with new as (
         select m as movie_id, h::uuid as hall_id, (d::date + t::time) at time zone ${timeZone} as starts_at,
           p as price_cents, pr as projection, st as subtitled, ad as audio_described
         from unnest(${rows.map((r) => r.movieId)}::text[], ${rows.map((r) => r.hallId)}::text[],
           ${rows.map((r) => r.day)}::text[], ${rows.map((r) => r.time)}::text[],
           cast(${rows.map((r) => r.priceCents)} as integer[]), ${rows.map((r) => r.format.projection)}::text[],
           ${rows.map((r) => r.format.subtitled)}::boolean[], ${rows.map((r) => r.format.audioDescribed)}::boolean[])
           as s(m, h, d, t, p, pr, st, ad)
       ),
       added as (
         insert into shows (movie_id, hall_id, starts_at, projection, subtitled, audio_described)
         select new.movie_id, new.hall_id, new.starts_at, new.projection, new.subtitled, new.audio_described
         from new join movies nm on nm.id = new.movie_id
         where not exists (
           select 1 from shows old join movies om on om.id = old.movie_id
           where old.hall_id = new.hall_id and old.cancelled_at is null
             and old.starts_at < new.starts_at + make_interval(mins => nm.runtime + ${config.cleaningMinutes})
             and new.starts_at < old.starts_at + make_interval(mins => om.runtime + ${config.cleaningMinutes})
         )
         returning id, hall_id, starts_at
       ),
       on_sale as (
         select id, price_cents, row_number() over (order by position, id) as place
         from ticket_types where retired_at is null
       )
       insert into show_prices (show_id, ticket_type_id, price_cents)
       select added.id, on_sale.id,
         case when on_sale.place = 1 then new.price_cents else least(on_sale.price_cents, new.price_cents) end
       from added join new on new.hall_id = added.hall_id and new.starts_at = added.starts_at cross join on_sale`.execute(
      typedTx,
    );
  });
}

/** Loads the sample catalogue and two weeks of sample shows into the app's database. */
export async function loadSampleData() {
  const db = await getDb();
  await seedCatalogue(db);
  await scheduleSampleShows(db, config.timeZone);
}

/**
 * The embedded default's sample data: loaded at start, and the schedule topped up on a timer so a site that
 * runs for weeks keeps two weeks of shows, without any request waiting for it. Answers a function that stops it.
 */
export async function keepSampleScheduleFilled() {
  await loadSampleData();
  let scheduledFor = cinemaToday(config.timeZone);
  let topping = false;
  const timer = setInterval(() => {
    const today = cinemaToday(config.timeZone);
    if (today === scheduledFor || topping) return;
    topping = true;
    getDb()
      .then((db) => scheduleSampleShows(db, config.timeZone, today))
      .then(() => (scheduledFor = today))
      .catch((error) => logger.error({ err: error }, "Topping up the sample schedule failed"))
      .finally(() => (topping = false));
  }, DAY_CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
