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
const CHANNEL_SQL = `case when u.is_guest then 'guest' else 'online' end`;

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
     ) sales group by channel order by "revenueCents" desc, channel`,
    [from, to, config.timeZone],
  );
  return rows.map((row) => ({ ...row, channel: row.channel as Channel }));
}

// Each screening `s` from `from` to `to` that is not cancelled, with the seats paid for and what they cost.
const SCREENINGS = `shows s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id
  left join lateral (
    select coalesce(sum(cardinality(b.seats)), 0)::int as sold, coalesce(sum(b.amount_cents), 0)::int as revenue,
      coalesce(sum(cardinality(b.seats)) filter (where not exists (
        select 1 from check_ins c where c.booking_id = b.id)), 0)::int as unchecked
    from bookings b where b.show_id = s.id and b.status = 'paid'
  ) paid on true
  where s.cancelled_at is null and ${inDays("s.starts_at")}`;

/** Each film's screenings in the period by what they took, with the mean share of their halls' seats sold. */
async function filmSales(db: Queryable, from: string, to: string): Promise<FilmSales[]> {
  return db.query<FilmSales>(
    `select m.id as "movieId", m.title, count(*)::int as screenings, sum(paid.sold)::int as "seatsSold",
       sum(paid.revenue)::int as "revenueCents", avg(paid.sold::float8 / h.seat_count)::float8 as "averageOccupancy"
     from ${SCREENINGS}
     group by m.id, m.title order by "revenueCents" desc, m.title`,
    [from, to, config.timeZone],
  );
}

const NO_SHOW_SHOWS = 20;

/** Paid seats nobody checked in, of the screenings in the period that have started: per film, and the worst shows. */
async function noShows(db: Queryable, from: string, to: string) {
  const params = [from, to, config.timeZone];
  const byFilm = await db.query<NoShows>(
    `select m.title, sum(paid.sold)::int as "paidSeats", sum(paid.unchecked)::int as "noShowSeats"
     from ${SCREENINGS} and s.starts_at <= now()
     group by m.id, m.title having sum(paid.sold) > 0 order by "noShowSeats" desc, m.title`,
    params,
  );
  const byShow = await db.query<ShowNoShows & { startsAt: Date }>(
    `select s.id as "showId", m.title, h.name as "hallName", s.starts_at as "startsAt", paid.sold as "paidSeats",
       paid.unchecked as "noShowSeats"
     from ${SCREENINGS} and s.starts_at <= now() and paid.unchecked > 0
     order by paid.unchecked desc, s.starts_at limit ${NO_SHOW_SHOWS}`,
    params,
  );
  return { byFilm, byShow: byShow.map((show) => ({ ...show, startsAt: new Date(show.startsAt).toISOString() })) };
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
  const { byFilm, byShow } = await noShows(db, from, to);
  return {
    from,
    to,
    days: await readComparedDays(from, to, db),
    channels: await salesByChannel(db, from, to),
    films: await filmSales(db, from, to),
    noShowsByFilm: byFilm,
    noShowsByShow: byShow,
  };
}
