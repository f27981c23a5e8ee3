import { config } from "~/config.server";
import type { SeatType } from "~/domain/hall-layout";
import type { Movie } from "~/domain/movie";
import type { ShowFormat } from "~/domain/show-format";
import { timeOfDayBounds } from "~/domain/time-of-day";
import type { WhatsOnFilters } from "~/schemas/whats-on";
import { getDb } from "~/services/db.server";
import { holdsSeatsSql } from "./booking-rules.server";
import { cinemaDaySql } from "./shows.server";
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
const freeSeatsSql = (types: SeatType[]) => `(select count(*)::int
  from jsonb_array_elements(h.layout -> 'lines') line
    cross join jsonb_array_elements(coalesce(line -> 'cells', '[]')) cell
  where cell ->> 'type' in (${types.map((type) => `'${type}'`).join(", ")})
    and not exists (select 1 from booked_seats bs join bookings b on b.id = bs.booking_id
                    where bs.show_id = s.id and bs.seat = (line ->> 'row') || (cell ->> 'seat') and ${holdsSeatsSql("b")}))`;

// Minutes after midnight of a show's start on the cinema's clock ($2 the zone).
const START_MINUTE_SQL = `(extract(hour from s.starts_at at time zone $2)::int * 60
  + extract(minute from s.starts_at at time zone $2)::int)`;

/**
 * The shows of a cinema day still to start, of every movie, that pass the filters (each ticked one narrows the list),
 * by movie title and then time: one query, the free seats and wheelchair spaces counted in it.
 */
export async function listWhatsOn(day: string, filters: WhatsOnFilters): Promise<WhatsOnMovie[]> {
  const db = await getDb();
  const { from, until } = timeOfDayBounds(filters.time);
  const rows = await db.query<Row>(
    `select * from (
       select s.id, s.starts_at as "startsAt", h.name as "hallName", s.projection, s.subtitled,
         s.audio_described as "audioDescribed", standard."priceCents",
         ${freeSeatsSql(["standard", "premium"])} as "seatsFree", ${freeSeatsSql(["wheelchair"])} as "wheelchairFree",
         m.id as "movieId", m.title, m.poster_path as "posterUrl", m.backdrop_path as "backdropUrl", m.runtime,
         m.certificate
       from shows s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id
         left join lateral (${standardTicketSql("s")}) standard on true
       where s.starts_at > now() and s.cancelled_at is null and m.retired_at is null and ${cinemaDaySql("s.starts_at", "$2")} = $1
         and ${START_MINUTE_SQL} >= $3 and ${START_MINUTE_SQL} < $4
         and ($5 = '' or s.projection = $5) and (not $6 or s.subtitled) and (not $7 or s.audio_described)
     ) shows
     where not $8 or "wheelchairFree" > 0
     order by lower(title), "movieId", "startsAt", "hallName"`,
    [day, config.timeZone, from, until, filters.format, filters.subtitled, filters.described, filters.wheelchair],
  );
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
  const db = await getDb();
  return db.query(
    `select m.id, m.title from movies m
     where exists (select 1 from shows s where s.movie_id = m.id and s.starts_at > now() and s.cancelled_at is null
                     and ${cinemaDaySql("s.starts_at", "$3")} between $1 and $2)
     order by lower(m.title), m.id`,
    [from, until, config.timeZone],
  );
}
