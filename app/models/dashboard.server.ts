import { sql, type Selectable } from "kysely";
import type { TicketTypeSales } from "~/domain/reports";
import type { Activity } from "~/domain/staff";
import { holdsSeatsSql } from "~/models/booking-rules.server";
import { SEAT_FIGURES_JOIN } from "./show-list.server";
import { standardTicketSql } from "~/models/ticket-types.server";
import { userNameSql } from "~/models/users.server";
import type { MoviesTable } from "~/services/db-schema";
import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { ticketTypeSalesQuery } from "./reports.server";

export const DASHBOARD_SHOWS = 8;
export const RECENT_ACTIVITY = 10;

/** A figure's change: the last 7 days against the 7 days before, or "new" when there was nothing before. */
export type Trend = { kind: "new" } | { kind: "change"; percent: number };
export type Figure = { total: number; trend: Trend };

export function trend(recent: number, earlier: number): Trend {
  if (earlier === 0) return recent === 0 ? { kind: "change", percent: 0 } : { kind: "new" };
  return { kind: "change", percent: Math.round(((recent - earlier) / Math.abs(earlier)) * 100) };
}

export type ActiveShow = {
  id: string;
  title: string;
  hallName: string;
  capacity: number;
  posterPath: string;
  startsAt: string;
  /** Its standard ticket's price; null when it sells no type. */
  priceCents: number | null;
  seatsSold: number;
  earningsCents: number;
};

type FigureName = "bookings" | "revenue" | "users" | "activeShows";

const recent = (column: string) => `${column} > now() - interval '7 days'`;
const earlier = (column: string) => `${column} <= now() - interval '7 days' and ${column} > now() - interval '14 days'`;
const live = holdsSeatsSql("b");

// Each figure's total, and how much it grew in the last 7 days and in the 7 before: bookings made that still hold
// (paid or pending), revenue taken net of refunds, users who joined, shows added.
const FIGURES_SQL = `
  select 'bookings' as figure, count(*) filter (where ${live}) as total,
    count(*) filter (where ${live} and ${recent("b.created_at")}) as recent,
    count(*) filter (where ${live} and ${earlier("b.created_at")}) as earlier
  from bookings b
  union all
  select 'revenue', coalesce(sum(amount_cents) - sum(coalesce(refunded_cents, 0)), 0),
    (coalesce(sum(amount_cents) filter (where ${recent("created_at")}), 0)
      - coalesce(sum(refunded_cents) filter (where ${recent("refunded_at")}), 0)),
    (coalesce(sum(amount_cents) filter (where ${earlier("created_at")}), 0)
      - coalesce(sum(refunded_cents) filter (where ${earlier("refunded_at")}), 0))
  from payments
  union all
  select 'users', count(*), count(*) filter (where ${recent("created_at")}),
    count(*) filter (where ${earlier("created_at")})
  from users where not is_guest
  union all
  select 'activeShows', count(*) filter (where starts_at > now() and cancelled_at is null),
    count(*) filter (where ${recent("created_at")}), count(*) filter (where ${earlier("created_at")})
  from shows`;

const customer = userNameSql("u");
const bookingJoins = `join users u on u.uid = b.user_uid join shows s on s.id = b.show_id join movies m on m.id = s.movie_id`;

// Newest first: bookings made, payments, cancellations, and shows added (grouped by movie and the moment they were
// stored, so one Create Show is one entry).
const ACTIVITY_SQL = `
  select * from (
    select 'booked' as kind, b.created_at as at, m.title, ${customer} as customer, cardinality(b.seats) as seats,
      null::int as amount from bookings b ${bookingJoins}
    union all
    select 'paid', p.created_at, m.title, ${customer}, null, p.amount_cents
      from payments p join bookings b on b.id = p.booking_id ${bookingJoins}
    union all
    select 'cancelled', b.cancelled_at, m.title, ${customer}, null, p.refunded_cents
      from bookings b ${bookingJoins} left join payments p on p.booking_id = b.id where b.cancelled_at is not null
    union all
    select 'shows-added', s.created_at, m.title, null, count(*), null
      from shows s join movies m on m.id = s.movie_id group by s.created_at, s.movie_id, m.title
  ) activity order by at desc, kind, title`;

type ActivityRow = {
  kind: Activity["kind"];
  at: Date;
  title: Selectable<MoviesTable>["title"];
  customer: string;
  seats: number;
  amount: number;
};

function toActivity({ kind, at, title, customer, seats, amount }: ActivityRow): Activity {
  const common = { at: at.toISOString(), title };
  if (kind === "booked") return { ...common, kind, customer, seats };
  if (kind === "paid") return { ...common, kind, customer, amountCents: amount };
  if (kind === "cancelled") return { ...common, kind, customer, refundedCents: amount };
  return { ...common, kind, shows: seats };
}

/** The staff dashboard: four figures with their trends, the shows still to start, and what happened lately. */
export async function getDashboard({ shows = DASHBOARD_SHOWS, activity = RECENT_ACTIVITY } = {}) {
  const db = typed(await getDb());
  const { rows: figures } = await sql<{ figure: FigureName; total: number; recent: number; earlier: number }>`${sql.raw(
    FIGURES_SQL,
  )}`.execute(db);
  const { rows: activeShows } = await sql<Omit<ActiveShow, "startsAt"> & { startsAt: Date }>`
    select s.id, m.title, m.poster_path as "posterPath", s.starts_at as "startsAt", standard."priceCents",
      h.name as "hallName", h.seat_count as capacity,
      coalesce(seat_figures.sold, 0) as "seatsSold", coalesce(seat_figures.earnings, 0) as "earningsCents"
    from shows s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id ${sql.raw(SEAT_FIGURES_JOIN)}
      left join lateral (${sql.raw(standardTicketSql("s"))}) standard on true
    where s.starts_at > now() and s.cancelled_at is null order by s.starts_at, m.title limit ${shows}`.execute(db);
  const { rows: recentActivity } = await sql<ActivityRow>`${sql.raw(ACTIVITY_SQL)} limit ${activity}`.execute(db);
  const figure = (name: FigureName): Figure => {
    const row = figures.find((f) => f.figure === name)!;
    return { total: row.total, trend: trend(row.recent, row.earlier) };
  };
  return {
    bookings: figure("bookings"),
    revenueCents: figure("revenue"),
    users: figure("users"),
    activeShows: figure("activeShows"),
    shows: activeShows.map((s) => ({ ...s, startsAt: s.startsAt.toISOString() })),
    activity: recentActivity.map(toActivity),
  };
}

/**
 * The tickets of paid bookings by type, paid in the last `days` days (all time for null), most sold first: each
 * ticket's price and seat surcharge. A booking cancelled since, refunded, counts no more.
 */
export async function salesByType(days: number | null): Promise<TicketTypeSales[]> {
  const sales = ticketTypeSalesQuery(await getDb());
  if (days === null) return sales.execute();
  return sales.where("b.paid_at", ">", sql<Date>`now() - make_interval(days => ${days})`).execute();
}
