import { sql, type Selectable } from "kysely";
import { config } from "~/config.server";
import type {
  Channel,
  ChannelSales,
  ComparedDay,
  DaySales,
  FilmSales,
  HallHeatMap,
  NoShows,
  PromoCodeSales,
  SalesReport,
  ShowNoShows,
  TicketTypeSales,
} from "~/domain/reports";
import type { BookingsTable, HallsTable, MoviesTable, ShowsTable } from "~/services/db-schema";
import { getDb, type Queryable } from "~/services/db.server";
import { sharedReadings } from "~/services/shared-reading.server";
import { typed } from "~/services/typed-db.server";
import { addDays } from "~/utils/dates";
import { cinemaDay } from "./cinema-day.server";

// The reports: every figure of what sold, in one module, over cinema days (in the cinema's zone) from `from` to `to`,
// both included. A sale is a paid booking on the day it was paid; a booking cancelled since (and refunded) is in no
// sale, its refund counted on the day and in the channel it was given.

type Days = { from: string; to: string };

/** The channel a booking `b` was sold through. */
const CHANNEL_SQL = sql<Channel>`b.channel`;

/** Whether the moment in `column` falls on the cinema days `from` to `to`: local midnight to local midnight. */
const inDays = (column: string, { from, to }: Days) =>
  sql<boolean>`${sql.ref(column)} >= (${from}::date::timestamp at time zone ${config.timeZone})
    and ${sql.ref(column)} < ((${to}::date + 1)::timestamp at time zone ${config.timeZone})`;

/** Paid bookings `b`, paid on the days. */
const paidOn = (days: Days) => sql<boolean>`b.status = ${sql.lit("paid")} and ${inDays("b.paid_at", days)}`;

/** Revenue and tickets of each day from `from` to `to`, days without a sale at zero. */
async function salesPerDay(db: Queryable, days: Days): Promise<DaySales[]> {
  const rows = await typed(db)
    .selectFrom("bookings as b")
    .select([
      cinemaDay("b.paid_at", config.timeZone).as("day"),
      sql<number>`sum(b.amount_cents)`.as("revenueCents"),
      sql<number>`sum(cardinality(b.seats))`.as("tickets"),
    ])
    .where(paidOn(days))
    .groupBy(sql`1`)
    .execute();
  const perDay: DaySales[] = [];
  for (let day = days.from; day <= days.to; day = addDays(day, 1))
    perDay.push(rows.find((row) => row.day === day) ?? { day, revenueCents: 0, tickets: 0 });
  return perDay;
}

async function salesByChannel(db: Queryable, days: Days): Promise<ChannelSales[]> {
  const { rows } = await sql<ChannelSales>`
    select channel, sum(bookings) as bookings, sum(tickets) as tickets, sum("revenueCents") as "revenueCents",
      sum(refunds) as refunds, sum("refundedCents") as "refundedCents"
    from (
      select ${CHANNEL_SQL} as channel, 1 as bookings, cardinality(b.seats) as tickets,
        b.amount_cents as "revenueCents", 0 as refunds, 0 as "refundedCents"
      from bookings b where ${paidOn(days)}
      union all
      select ${CHANNEL_SQL}, 0, 0, 0, 1, p.refunded_cents
      from payments p join bookings b on b.id = p.booking_id
      where p.refunded_cents > 0 and ${inDays("p.refunded_at", days)}
      union all
      select ${CHANNEL_SQL}, 0, 0, 0, 1, cp.amount_cents
      from counter_payments cp join bookings b on b.id = cp.booking_id
      where ${inDays("cp.refunded_at", days)}
    ) sales group by channel order by "revenueCents" desc, channel`.execute(typed(db));
  return rows;
}

/**
 * The tickets of paid bookings by the type they were sold as, most sold first: each ticket's price and seat
 * surcharge, before any promo code's discount. The dashboard narrows it to its own period.
 */
export const ticketTypeSalesQuery = (db: Queryable) =>
  typed(db)
    .selectFrom("booking_tickets as t")
    .innerJoin("bookings as b", "b.id", "t.booking_id")
    .select([
      "t.type_name as typeName",
      sql<number>`count(*)`.as("tickets"),
      sql<number>`sum(t.price_cents + t.seat_extra_cents)`.as("revenueCents"),
    ])
    .where("b.status", "=", sql.lit("paid"))
    .groupBy("t.type_name")
    .orderBy("tickets", "desc")
    .orderBy("t.type_name");

async function salesByTicketType(db: Queryable, days: Days): Promise<TicketTypeSales[]> {
  return ticketTypeSalesQuery(db).where(inDays("b.paid_at", days)).execute();
}

/** The promo codes of the bookings paid on the days, with the discount they gave, the largest first. */
async function promoCodesUsed(db: Queryable, days: Days): Promise<PromoCodeSales[]> {
  return typed(db)
    .selectFrom("promo_code_uses as u")
    .innerJoin("promo_codes as c", "c.id", "u.promo_code_id")
    .innerJoin("bookings as b", "b.id", "u.booking_id")
    .select([
      "c.code",
      sql<number>`count(*)`.as("bookings"),
      sql<number>`sum(cardinality(b.seats))`.as("tickets"),
      sql<number>`sum(u.discount_cents)`.as("discountCents"),
    ])
    .where(paidOn(days))
    .groupBy(["c.id", "c.code"])
    .orderBy("discountCents", "desc")
    .orderBy("c.code")
    .execute();
}

type Screening = {
  showId: Selectable<ShowsTable>["id"];
  movieId: Selectable<MoviesTable>["id"];
  title: Selectable<MoviesTable>["title"];
  hallName: Selectable<HallsTable>["name"];
  startsAt: Selectable<ShowsTable>["starts_at"];
  /** The ISO weekday (1 Monday to 7 Sunday) and hour it starts, in the cinema's zone. */
  weekday: number;
  hour: number;
  started: boolean;
  seatCount: Selectable<HallsTable>["seat_count"];
  /** Seats paid for, what they cost, and those of bookings nobody checked in. */
  sold: number;
  revenue: Selectable<BookingsTable>["amount_cents"];
  unchecked: number;
};

/** Each screening from `from` to `to` that is not cancelled, with its paid seats: the films and no-shows read it once. */
async function listScreenings(db: Queryable, days: Days): Promise<Screening[]> {
  const local = sql`s.starts_at at time zone ${config.timeZone}`;
  // One pass over the period's paid bookings, grouped by show: a lateral read per show costs a scan of its bookings each.
  const { rows } = await sql<Screening>`
    with screening as (
      select s.id, s.movie_id, s.hall_id, s.starts_at from shows s
      where s.cancelled_at is null and ${inDays("s.starts_at", days)}
    ), paid as (
      select b.show_id, sum(cardinality(b.seats)) as sold, sum(b.amount_cents) as revenue,
        sum(cardinality(b.seats)) filter (where c.booking_id is null) as unchecked
      from screening s join bookings b on b.show_id = s.id and b.status = ${sql.lit("paid")}
        left join check_ins c on c.booking_id = b.id
      group by b.show_id
    )
    select s.id as "showId", m.id as "movieId", m.title, h.name as "hallName", s.starts_at as "startsAt",
      extract(isodow from ${local}) as weekday, extract(hour from ${local}) as hour,
      s.starts_at <= now() as started, h.seat_count as "seatCount", coalesce(paid.sold, 0) as sold,
      coalesce(paid.revenue, 0) as revenue, coalesce(paid.unchecked, 0) as unchecked
    from screening s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id
      left join paid on paid.show_id = s.id`.execute(typed(db));
  return rows;
}

/** The screenings grouped by `key`, in the order they came. */
function groupBy(screenings: Screening[], key: (screening: Screening) => string) {
  const groups = new Map<string, Screening[]>();
  for (const screening of screenings) groups.set(key(screening), [...(groups.get(key(screening)) ?? []), screening]);
  return [...groups.values()];
}

const byFilm = (screenings: Screening[]) => groupBy(screenings, (screening) => screening.movieId);

const sum = (screenings: Screening[], figure: (screening: Screening) => number) =>
  screenings.reduce((total, screening) => total + figure(screening), 0);

/** The mean, over the screenings, of the share of their hall's seats paid for. */
const meanOccupancy = (screenings: Screening[]) =>
  sum(screenings, (show) => show.sold / show.seatCount) / screenings.length;

/** Each film's screenings by what they took, with the mean share of their halls' seats sold. */
function filmSales(screenings: Screening[]): FilmSales[] {
  return byFilm(screenings)
    .map((shows) => ({
      movieId: shows[0].movieId,
      title: shows[0].title,
      screenings: shows.length,
      seatsSold: sum(shows, (show) => show.sold),
      revenueCents: sum(shows, (show) => show.revenue),
      averageOccupancy: meanOccupancy(shows),
    }))
    .sort((a, b) => b.revenueCents - a.revenueCents || a.title.localeCompare(b.title));
}

/** Each hall's screenings by the weekday and hour they started, with their mean occupancy; halls by name. */
function heatMaps(screenings: Screening[]): HallHeatMap[] {
  return groupBy(screenings, (screening) => screening.hallName)
    .map((shows) => ({
      hallName: shows[0].hallName,
      cells: groupBy(shows, (show) => `${show.weekday} ${show.hour}`)
        .map((slot) => ({
          weekday: slot[0].weekday,
          hour: slot[0].hour,
          screenings: slot.length,
          occupancy: meanOccupancy(slot),
        }))
        .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    }))
    .sort((a, b) => a.hallName.localeCompare(b.hallName));
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
    .sort((a, b) => b.unchecked - a.unchecked || a.startsAt.getTime() - b.startsAt.getTime())
    .slice(0, NO_SHOW_SHOWS)
    .map((show) => ({
      showId: show.showId,
      title: show.title,
      hallName: show.hallName,
      startsAt: show.startsAt.toISOString(),
      paidSeats: show.sold,
      noShowSeats: show.unchecked,
    }));
  return { films, shows };
}

/** Each cinema day from `from` to `to` beside the same day of the period just before, as long. */
export async function readComparedDays(from: string, to: string, db: Queryable | null = null): Promise<ComparedDay[]> {
  const reader = db ?? (await getDb());
  const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const current = await salesPerDay(reader, { from, to });
  const previous = await salesPerDay(reader, { from: addDays(from, -length), to: addDays(from, -1) });
  return current.map((sales, index) => ({ day: sales.day, current: sales, previous: previous[index] }));
}

const salesReadings = sharedReadings<SalesReport>({ freshMs: config.reports.freshSeconds * 1000, keys: 16 });

/**
 * The reports of the cinema days `from` to `to` as staff read them: one reading shared by every reader of the same
 * period for REPORTS_FRESH_SECONDS (decision 78), since each sums every paid booking of the period.
 */
export function readSharedSalesReport(from: string, to: string) {
  return salesReadings(`${from}/${to}`, () => readSalesReport(from, to));
}

/** The reports of the cinema days `from` to `to`, read now. */
export async function readSalesReport(from: string, to: string): Promise<SalesReport> {
  const db = await getDb();
  const days = { from, to };
  const screenings = await listScreenings(db, days);
  const { films, shows } = noShows(screenings);
  return {
    from,
    to,
    days: await readComparedDays(from, to, db),
    channels: await salesByChannel(db, days),
    films: filmSales(screenings),
    heatMaps: heatMaps(screenings),
    ticketTypes: await salesByTicketType(db, days),
    promoCodes: await promoCodesUsed(db, days),
    noShowsByFilm: films,
    noShowsByShow: shows,
  };
}
