import { config } from "~/config.server";
import { bookingStatusSql } from "~/models/booking-rules.server";
import { userNameSql } from "~/models/users.server";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "~/domain/booking";
import { formatTickets, type Discount, type Ticket } from "~/domain/tickets";
import { DISCOUNT_SQL, TICKETS_SQL } from "~/models/bookings.server";
import { ALL_HALLS, type BookingListQuery, type BookingSort } from "~/schemas/booking-list";
import { pageWindow } from "~/schemas/list-query";
import { getDb } from "~/services/db.server";
import { toCsv } from "~/utils/csv";
import { formatAmount } from "~/utils/money";
import { formatSortableTime } from "~/utils/show-display";

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
  status: BookingStatus;
  createdAt: string;
};

const BOOKING_ORDER: Record<BookingSort, string> = {
  date: "b.created_at",
  name: `lower(${userNameSql("u")})`,
  movie: "lower(m.title)",
  amount: "b.amount_cents",
  seats: "cardinality(b.seats)",
};

const FROM = `from bookings b join users u on u.uid = b.user_uid join shows s on s.id = b.show_id
  join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id`;

// The status and hall filters, and a search that is the start of a booking id or part of the customer's email.
const WHERE = `where ($1::text = 'all' or ${bookingStatusSql("b")} = $1::text)
  and ($2::text = '' or starts_with(b.id::text, lower($2::text)) or strpos(lower(coalesce(u.email, '')), lower($2::text)) > 0)
  and ($3::text = '${ALL_HALLS}' or s.hall_id::text = $3::text)`;

const filterValues = (query: BookingListQuery) => [query.status, query.search, query.hall];

async function queryBookings(query: BookingListQuery, window: { limit: number | null; offset: number }) {
  const db = await getDb();
  const rows = await db.query<StaffBooking & { startsAt: Date; createdAt: Date }>(
    `select b.id, ${userNameSql("u")} as "customerName", coalesce(u.email, '') as "customerEmail", m.title,
       h.name as "hallName",
       s.starts_at as "startsAt", b.seats, ${TICKETS_SQL("b")} as tickets, ${DISCOUNT_SQL("b")} as discount, b.amount_cents as "amountCents", ${bookingStatusSql("b")} as status,
       b.created_at as "createdAt"
     ${FROM} ${WHERE}
     order by ${BOOKING_ORDER[query.sort]} ${query.dir}, b.created_at desc, b.id
     limit $4 offset $5`,
    [...filterValues(query), window.limit, window.offset],
  );
  return rows.map((b) => ({
    ...b,
    startsAt: new Date(b.startsAt).toISOString(),
    createdAt: new Date(b.createdAt).toISOString(),
  }));
}

/** One page of the bookings that match the filters and the search, in the order asked for. */
export async function listBookingsForStaff(query: BookingListQuery) {
  const db = await getDb();
  const [{ total }] = await db.query<{ total: number }>(
    `select count(*)::int as total ${FROM} ${WHERE}`,
    filterValues(query),
  );
  const { page, pageCount, offset, limit } = pageWindow(total, query.page);
  return { bookings: await queryBookings(query, { limit, offset }), total, page, pageCount };
}

/** Every booking that matches the filter and the search (all pages), as a CSV file; times in the cinema's zone. */
export async function exportBookingsCsv(query: BookingListQuery) {
  const { timeZone, currency } = config;
  const bookings = await queryBookings(query, { limit: null, offset: 0 });
  return toCsv([
    [
      "Booking ID",
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
    ],
    ...bookings.map((b) => [
      b.id,
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
    ]),
  ]);
}
