import { sql, type Expression, type SqlBool } from "kysely";
import { config } from "~/config.server";
import { bookingStatusSql } from "~/models/booking-rules.server";
import { userNameSql } from "~/models/users.server";
import { BOOKING_STATUS_LABELS, shortBookingId, type BookingStatus } from "~/domain/booking";
import { NOTHING_TO_PAY_LABEL, paymentStateLabel, type RefundStatus } from "~/domain/payments";
import { formatTickets, type Discount, type Ticket } from "~/domain/tickets";
import { DISCOUNT_SQL, TICKETS_SQL } from "~/models/bookings.server";
import { ALL_HALLS, type BookingListQuery, type BookingSort } from "~/schemas/booking-list";
import { pageWindow } from "~/schemas/list-query";
import { getDb, type Queryable } from "~/services/db.server";
import { paymentProvider } from "~/services/payments/index.server";
import { typed } from "~/services/typed-db.server";
import { toCsv } from "~/utils/csv";
import { isShowDay } from "~/utils/dates";
import { formatAmount } from "~/utils/money";
import { formatSortableTime } from "~/utils/show-display";
import { isUuid } from "~/utils/uuid";

/** A booking as List Bookings shows it. */
export type StaffBooking = {
  id: string;
  customerName: string;
  customerEmail: string;
  title: string;
  hallName: string;
  startsAt: string;
  seats: string[];
  tickets: Ticket[];
  discount: Discount | null;
  amountCents: number;
  /** Paid with nothing charged (decision 54): it has no payment. */
  confirmedWithoutPayment: boolean;
  status: BookingStatus;
  createdAt: string;
  /** The gateway's reference of its payment and where the money stands; null for a booking never paid. */
  payment: { reference: string; state: string; dashboardUrl: string | null } | null;
};

type PaymentRow = {
  provider: string;
  reference: string;
  refundedAt: string | null;
  refundStatus: RefundStatus | null;
} | null;

const BOOKING_ORDER: Record<BookingSort, string> = {
  date: "b.created_at",
  name: `lower(${userNameSql("u")})`,
  movie: "lower(m.title)",
  amount: "b.amount_cents",
  seats: "cardinality(b.seats)",
};

/** SQL: the cinema day (YYYY-MM-DD) a show `s` starts on. */
const showDay = () => sql<string>`to_char(s.starts_at at time zone ${config.timeZone}, 'YYYY-MM-DD')`;

/** SQL: the show `s` starts on this cinema day (a range on starts_at, so its index serves it). */
const startsOnDay = (day: string): Expression<SqlBool> =>
  sql`(s.starts_at >= (${day}::date::timestamp at time zone ${config.timeZone})
    and s.starts_at < ((${day}::date + 1)::timestamp at time zone ${config.timeZone}))`;

/**
 * The bookings the filters pick: status, hall, day, show, and a search that is the start of a booking id or part of
 * the customer's email. The day and the show are those `settleShowFilter` answered.
 */
const filteredBookings = (db: Queryable, query: BookingListQuery) =>
  typed(db)
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.uid", "b.user_uid")
    .innerJoin("shows as s", "s.id", "b.show_id")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .innerJoin("halls as h", "h.id", "s.hall_id")
    .$if(query.status !== "all", (q) => q.where(sql.raw<string>(bookingStatusSql("b")), "=", query.status))
    .$if(query.search !== "", (q) =>
      q.where(
        // In brackets: Kysely writes a template as it is, beside the other conditions' `and`.
        sql<boolean>`(starts_with(b.id::text, lower(${query.search}))
          or strpos(lower(coalesce(u.email, '')), lower(${query.search})) > 0)`,
      ),
    )
    .$if(query.hall !== ALL_HALLS, (q) => q.where("s.hall_id", "=", query.hall))
    .$if(query.day !== "", (q) => q.where(startsOnDay(query.day)))
    .$if(query.show !== "", (q) => q.where("b.show_id", "=", query.show));

async function queryBookings(query: BookingListQuery, window: { limit: number | null; offset: number }) {
  const rows = await filteredBookings(await getDb(), query)
    .select([
      "b.id",
      sql.raw<string>(userNameSql("u")).as("customerName"),
      sql<string>`coalesce(u.email, '')`.as("customerEmail"),
      "m.title",
      "h.name as hallName",
      "s.starts_at as startsAt",
      "b.seats",
      sql.raw<Ticket[]>(TICKETS_SQL("b")).as("tickets"),
      sql.raw<Discount | null>(DISCOUNT_SQL("b")).as("discount"),
      "b.amount_cents as amountCents",
      sql.raw<BookingStatus>(bookingStatusSql("b")).as("status"),
      "b.confirmed_without_payment as confirmedWithoutPayment",
      "b.created_at as createdAt",
      sql<PaymentRow>`(select json_build_object('provider', p.provider, 'reference', p.reference,
          'refundedAt', p.refunded_at, 'refundStatus', p.refund_status)
        from payments p where p.booking_id = b.id)`.as("payment"),
    ])
    .orderBy(sql.raw(BOOKING_ORDER[query.sort]), query.dir)
    .orderBy("b.created_at", "desc")
    .orderBy("b.id")
    .$if(window.limit !== null, (q) => q.limit(window.limit!))
    .offset(window.offset)
    .execute();
  return rows.map((b): StaffBooking => ({
    ...b,
    startsAt: new Date(b.startsAt).toISOString(),
    createdAt: new Date(b.createdAt).toISOString(),
    payment: b.payment && {
      reference: b.payment.reference,
      state: paymentStateLabel(b.payment),
      dashboardUrl: paymentProvider(b.payment.provider).dashboardUrl(b.payment.reference),
    },
  }));
}

/** One page of the bookings that match the filters and the search, in the order asked for. */
export async function listBookingsForStaff(query: BookingListQuery) {
  const { total } = await filteredBookings(await getDb(), query)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const { page, pageCount, offset, limit } = pageWindow(total, query.page);
  return { bookings: await queryBookings(query, { limit, offset }), total, page, pageCount };
}

/** A show List Bookings can be narrowed to, as its menu names it. */
export type ListedShow = { id: string; startsAt: string; title: string; hallName: string };

/** The shows that start on a cinema day, cancelled ones too (their bookings are listed), by time and hall. */
export async function showsOnDay(day: string): Promise<ListedShow[]> {
  if (!isShowDay(day)) return [];
  const rows = await typed(await getDb())
    .selectFrom("shows as s")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .innerJoin("halls as h", "h.id", "s.hall_id")
    .select(["s.id", "s.starts_at as startsAt", "m.title", "h.name as hallName"])
    .where(startsOnDay(day))
    .orderBy("s.starts_at")
    .orderBy("h.name")
    .execute();
  return rows.map((show) => ({ ...show, startsAt: new Date(show.startsAt).toISOString() }));
}

/** Why List Bookings could not narrow the list as its URL asked. */
export type ShowFilterProblem = "bad-day" | "unknown-show" | "show-on-another-day";

/**
 * The day and the show the list is narrowed to, as the URL gave them: a show alone is read as its day and itself
 * ("tonight's 7 pm list"). A day that is no date is dropped ("bad-day"), as is an id that names no show
 * ("unknown-show"), and a show on another day than the one given ("show-on-another-day": the day wins, as when
 * someone picks another day with a show of the last one still chosen). Each dropped filter says which.
 */
export async function settleShowFilter(query: BookingListQuery) {
  let { day, show } = query;
  let problem: ShowFilterProblem | null = null;
  if (day !== "" && !isShowDay(day)) {
    day = "";
    problem = "bad-day";
  }
  if (show !== "") {
    const found = isUuid(show)
      ? await typed(await getDb())
          .selectFrom("shows as s")
          .select(showDay().as("day"))
          .where("s.id", "=", show)
          .executeTakeFirst()
      : undefined;
    if (found && day === "") day = found.day;
    else if (!found || found.day !== day) {
      problem ??= found ? "show-on-another-day" : "unknown-show";
      show = "";
    }
  }
  return { query: { ...query, day, show }, problem };
}

/** Every booking that matches the filter and the search (all pages), as a CSV file; times in the cinema's zone. */
export async function exportBookingsCsv(query: BookingListQuery) {
  const { timeZone, currency } = config;
  const bookings = await queryBookings(query, { limit: null, offset: 0 });
  return toCsv([
    [
      "Reference",
      "Booked On",
      "Customer",
      "Email",
      "Movie",
      "Hall",
      "Show Time",
      "Seats",
      "Tickets",
      `Amount (${currency})`,
      "Status",
      "Payment",
      "Payment Reference",
      "Booking ID",
    ],
    ...bookings.map((b) => [
      shortBookingId(b.id),
      formatSortableTime(b.createdAt, timeZone),
      b.customerName,
      b.customerEmail,
      b.title,
      b.hallName,
      formatSortableTime(b.startsAt, timeZone),
      b.seats.join(" "),
      formatTickets(b.tickets, currency, b.discount),
      formatAmount(b.amountCents, currency),
      BOOKING_STATUS_LABELS[b.status],
      b.confirmedWithoutPayment ? NOTHING_TO_PAY_LABEL : (b.payment?.state ?? ""),
      b.payment?.reference ?? "",
      // The reference is what people read out; two bookings can share it, so the whole id is written too.
      b.id,
    ]),
  ]);
}
