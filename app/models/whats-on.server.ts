import { sql } from "kysely";
import { config } from "~/config.server";
import type { SeatType } from "~/domain/hall-layout";
import type { Movie } from "~/domain/movie";
import type { ShowFormat } from "~/domain/show-format";
import { timeOfDayBounds } from "~/domain/time-of-day";
import type { WhatsOnFilters } from "~/schemas/whats-on";
import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { holdsSeatsSql } from "./booking-rules.server";
import { cinemaDay } from "./cinema-day.server";
import { standardTicketSql } from "./ticket-types.server";

/**
 * A show on What's On: its start, hall, format, its standard ticket's price (null when it sells no type), and how many
 * of its hall's seats anyone can book (standard and premium) and of its wheelchair spaces are still free.
 */
export type WhatsOnShow = ShowFormat & {
  id: string;
  startsAt: string;
  hallName: string;
  priceCents: number | null;
  seatsFree: number;
  wheelchairFree: number;
};
export type WhatsOnMovie = Pick<Movie, "id" | "title" | "posterUrl" | "backdropUrl" | "runtime" | "certificate"> & {
  shows: WhatsOnShow[];
};

type Row = Omit<WhatsOnShow, "startsAt"> &
  Pick<WhatsOnMovie, "title" | "posterUrl" | "backdropUrl" | "runtime" | "certificate"> & {
    startsAt: Date;
    movieId: string;
  };

// How many seats of these types in show s's hall (h) no paid booking or running hold occupies.
const freeSeats = (types: SeatType[]) => sql<number>`(select count(*)
  from jsonb_array_elements(h.layout -> 'lines') line
    cross join jsonb_array_elements(coalesce(line -> 'cells', '[]')) cell
  where cell ->> 'type' in (${sql.join(types.map((type) => sql.lit(type)))})
    and not exists (select 1 from booked_seats bs join bookings b on b.id = bs.booking_id
                    where bs.show_id = s.id and bs.seat = (line ->> 'row') || (cell ->> 'seat')
                      and ${sql.raw(holdsSeatsSql("b"))}))`;

// Minutes after midnight of a show's start on the cinema's clock.
const startMinute = (zone: string) => sql<number>`(extract(hour from s.starts_at at time zone ${zone}) * 60
  + extract(minute from s.starts_at at time zone ${zone}))`;

/**
 * The shows of a cinema day still to start, of every movie, that pass the filters (each ticked one narrows the list),
 * by movie title and then time: one query, the free seats and wheelchair spaces counted in it.
 */
export async function listWhatsOn(day: string, filters: WhatsOnFilters): Promise<WhatsOnMovie[]> {
  const { from, until } = timeOfDayBounds(filters.time);
  const zone = config.timeZone;
  const { format, subtitled, described, wheelchair } = filters;
  const { rows } = await sql<Row>`select * from (
       select s.id, s.starts_at as "startsAt", h.name as "hallName", s.projection, s.subtitled,
         s.audio_described as "audioDescribed", standard."priceCents",
         ${freeSeats(["standard", "premium"])} as "seatsFree", ${freeSeats(["wheelchair"])} as "wheelchairFree",
         m.id as "movieId", m.title, m.poster_path as "posterUrl", m.backdrop_path as "backdropUrl", m.runtime,
         m.certificate
       from shows s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id
         left join lateral (${sql.raw(standardTicketSql("s"))}) standard on true
       where s.starts_at > now() and s.cancelled_at is null and m.retired_at is null
         and ${cinemaDay("s.starts_at", zone)} = ${day}
         and ${startMinute(zone)} >= ${from} and ${startMinute(zone)} < ${until}
         and (${format} = '' or s.projection = ${format}) and (not ${subtitled} or s.subtitled)
         and (not ${described} or s.audio_described)
     ) shows
     where not ${wheelchair} or "wheelchairFree" > 0
     order by lower(title), "movieId", "startsAt", "hallName"`.execute(typed(await getDb()));
  const movies = new Map<string, WhatsOnMovie>();
  for (const { movieId, title, posterUrl, backdropUrl, runtime, certificate, startsAt, ...show } of rows) {
    const movie = movies.get(movieId) ?? {
      id: movieId,
      title,
      posterUrl,
      backdropUrl,
      runtime,
      certificate,
      shows: [],
    };
    movie.shows.push({ ...show, startsAt: new Date(startsAt).toISOString() });
    movies.set(movieId, movie);
  }
  return [...movies.values()];
}

/** The films with a show still to start from cinema day `from` through `until`, by title: this week's films, say. */
export async function listFilmsShowing(from: string, until: string): Promise<Pick<Movie, "id" | "title">[]> {
  return typed(await getDb())
    .selectFrom("movies as m")
    .select(["m.id", "m.title"])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("shows as s")
          .select("s.id")
          .whereRef("s.movie_id", "=", "m.id")
          .where("s.starts_at", ">", sql<Date>`now()`)
          .where("s.cancelled_at", "is", null)
          .where(cinemaDay("s.starts_at", config.timeZone), ">=", from)
          .where(cinemaDay("s.starts_at", config.timeZone), "<=", until),
      ),
    )
    .orderBy(sql`lower(m.title)`)
    .orderBy("m.id")
    .execute();
}
