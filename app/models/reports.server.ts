import { config } from "~/config.server";
import type {
  Channel,
  ChannelSales,
  ComparedDay,
  DaySales,
  FilmSales,
  NoShows,
  SalesReport,
  ShowNoShows,
} from "~/domain/reports";
import { getDb, type Queryable } from "~/services/db.server";
import { addDays } from "~/utils/dates";

// The reports: every figure of what sold, in one module, over cinema days (in the cinema's zone) from `from` to `to`,
// both included. A sale is a paid booking on the day it was paid; a booking cancelled since (and refunded) is in no
// sale, its refund counted on the day and in the channel it was given.

/** The channel a booking `b` of the customer `u` was sold through. A counter sale is one more `when` first. */
const CHANNEL_SQL = "b.channel";

/** The moments of a range of cinema days, on $1 (first day), $2 (last day), $3 (zone): midnight to midnight. */
const inDays = (column: string) =>
  `${column} >= ($1::date::timestamp at time zone $3) and ${column} < (($2::date + 1)::timestamp at time zone $3)`;

const localDay = (column: string) => `to_char(${column} at time zone $3, 'YYYY-MM-DD')`;

/** Revenue and tickets of each day from `from` to `to`, days without a sale at zero. */
async function salesPerDay(db: Queryable, from: string, to: string): Promise<DaySales[]> {
  const rows = await db.query<DaySales>(
    `select ${localDay("b.paid_at")} as day, sum(b.amount_cents)::int as "revenueCents",
       sum(cardinality(b.seats))::int as tickets
     from bookings b where b.status = 'paid' and ${inDays("b.paid_at")}
     group by 1`,
    [from, to, config.timeZone],
  );
  const days: DaySales[] = [];
  for (let day = from; day <= to; day = addDays(day, 1))
    days.push(rows.find((row) => row.day === day) ?? { day, revenueCents: 0, tickets: 0 });
  return days;
}

async function salesByChannel(db: Queryable, from: string, to: string): Promise<ChannelSales[]> {
  const rows = await db.query<ChannelSales>(
    `select channel, sum(bookings)::int as bookings, sum(tickets)::int as tickets,
       sum("revenueCents")::int as "revenueCents", sum(refunds)::int as refunds,
       sum("refundedCents")::int as "refundedCents"
     from (
       select ${CHANNEL_SQL} as channel, 1 as bookings, cardinality(b.seats) as tickets,
         b.amount_cents as "revenueCents", 0 as refunds, 0 as "refundedCents"
       from bookings b join users u on u.uid = b.user_uid
       where b.status = 'paid' and ${inDays("b.paid_at")}
       union all
       select ${CHANNEL_SQL}, 0, 0, 0, 1, p.refunded_cents
       from payments p join bookings b on b.id = p.booking_id join users u on u.uid = b.user_uid
       where p.refunded_cents > 0 and ${inDays("p.refunded_at")}
       union all
       select ${CHANNEL_SQL}, 0, 0, 0, 1, cp.amount_cents
       from counter_payments cp join bookings b on b.id = cp.booking_id
       where ${inDays("cp.refunded_at")}
     ) sales group by channel order by "revenueCents" desc, channel`,
    [from, to, config.timeZone],
  );
  return rows.map((row) => ({ ...row, channel: row.channel as Channel }));
}

type Screening = {
  showId: string;
  movieId: string;
  title: string;
  hallName: string;
  startsAt: Date;
  started: boolean;
  seatCount: number;
  /** Seats paid for, what they cost, and those of bookings nobody checked in. */
  sold: number;
  revenue: number;
  unchecked: number;
};

/** Each screening from `from` to `to` that is not cancelled, with its paid seats: the films and no-shows read it once. */
async function listScreenings(db: Queryable, from: string, to: string) {
  return db.query<Screening>(
    `select s.id as "showId", m.id as "movieId", m.title, h.name as "hallName", s.starts_at as "startsAt",
       s.starts_at <= now() as started, h.seat_count as "seatCount", paid.sold, paid.revenue, paid.unchecked
     from shows s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id
       left join lateral (
         select coalesce(sum(cardinality(b.seats)), 0)::int as sold, coalesce(sum(b.amount_cents), 0)::int as revenue,
           coalesce(sum(cardinality(b.seats)) filter (where c.booking_id is null), 0)::int as unchecked
         from bookings b left join check_ins c on c.booking_id = b.id
         where b.show_id = s.id and b.status = 'paid'
       ) paid on true
     where s.cancelled_at is null and ${inDays("s.starts_at")}`,
    [from, to, config.timeZone],
  );
}

/** The screenings of each film, in the order they came. */
function byFilm(screenings: Screening[]) {
  const films = new Map<string, Screening[]>();
  for (const screening of screenings)
    films.set(screening.movieId, [...(films.get(screening.movieId) ?? []), screening]);
  return [...films.values()];
}

const sum = (screenings: Screening[], figure: (screening: Screening) => number) =>
  screenings.reduce((total, screening) => total + figure(screening), 0);

/** Each film's screenings by what they took, with the mean share of their halls' seats sold. */
function filmSales(screenings: Screening[]): FilmSales[] {
  return byFilm(screenings)
    .map((shows) => ({
      movieId: shows[0].movieId,
      title: shows[0].title,
      screenings: shows.length,
      seatsSold: sum(shows, (show) => show.sold),
      revenueCents: sum(shows, (show) => show.revenue),
      averageOccupancy: sum(shows, (show) => show.sold / show.seatCount) / shows.length,
    }))
    .sort((a, b) => b.revenueCents - a.revenueCents || a.title.localeCompare(b.title));
}

const NO_SHOW_SHOWS = 20;

/** Paid seats nobody checked in, of the screenings that have started: per film, and the worst shows. */
function noShows(screenings: Screening[]) {
  const started = screenings.filter((screening) => screening.started);
  const films: NoShows[] = byFilm(started)
    .map((shows) => ({
      title: shows[0].title,
      paidSeats: sum(shows, (show) => show.sold),
      noShowSeats: sum(shows, (show) => show.unchecked),
    }))
    .filter((film) => film.paidSeats > 0)
    .sort((a, b) => b.noShowSeats - a.noShowSeats || a.title.localeCompare(b.title));
  const shows: ShowNoShows[] = started
    .filter((show) => show.unchecked > 0)
    .sort((a, b) => b.unchecked - a.unchecked || new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime())
    .slice(0, NO_SHOW_SHOWS)
    .map((show) => ({
      showId: show.showId,
      title: show.title,
      hallName: show.hallName,
      startsAt: new Date(show.startsAt).toISOString(),
      paidSeats: show.sold,
      noShowSeats: show.unchecked,
    }));
  return { films, shows };
}

/** Each cinema day from `from` to `to` beside the same day of the period just before, as long. */
export async function readComparedDays(from: string, to: string, db: Queryable | null = null): Promise<ComparedDay[]> {
  const reader = db ?? (await getDb());
  const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const current = await salesPerDay(reader, from, to);
  const previous = await salesPerDay(reader, addDays(from, -length), addDays(from, -1));
  return current.map((sales, index) => ({ day: sales.day, current: sales, previous: previous[index] }));
}

/** The reports of the cinema days `from` to `to`. */
export async function readSalesReport(from: string, to: string): Promise<SalesReport> {
  const db = await getDb();
  const screenings = await listScreenings(db, from, to);
  const { films, shows } = noShows(screenings);
  return {
    from,
    to,
    days: await readComparedDays(from, to, db),
    channels: await salesByChannel(db, from, to),
    films: filmSales(screenings),
    noShowsByFilm: films,
    noShowsByShow: shows,
  };
}
