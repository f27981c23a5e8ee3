import { config } from "~/config.server";
import { bookingStatusSql } from "~/models/booking-rules.server";
import { userNameSql } from "~/models/users.server";
import { BOOKING_STATUS_LABELS, shortBookingId, type BookingStatus } from "~/domain/booking";
import { NOTHING_TO_PAY_LABEL, paymentStateLabel, type RefundStatus } from "~/domain/payments";
import { formatTickets, type Discount, type Ticket } from "~/domain/tickets";
import { DISCOUNT_SQL, TICKETS_SQL } from "~/models/bookings.server";
import { ALL_HALLS, type BookingListQuery, type BookingSort } from "~/schemas/booking-list";
import { pageWindow } from "~/schemas/list-query";
import { getDb } from "~/services/db.server";
import { paymentProvider } from "~/services/payments/index.server";
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

const FROM = `from bookings b join users u on u.uid = b.user_uid join shows s on s.id = b.show_id
  join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id`;

// The status and hall filters, and a search that is the start of a booking id or part of the customer's email.
const WHERE = `where ($1::text = 'all' or ${bookingStatusSql("b")} = $1::text)
  and ($2::text = '' or starts_with(b.id::text, lower($2::text)) or strpos(lower(coalesce(u.email, '')), lower($2::text)) > 0)
  and ($3::text = '${ALL_HALLS}' or s.hall_id::text = $3::text)`;

const filterValues = (query: BookingListQuery) => [query.status, query.search, query.hall];

async function queryBookings(query: BookingListQuery, window: { limit: number | null; offset: number }) {
  const db = await getDb();
  const rows = await db.query<Omit<StaffBooking, "payment"> & { startsAt: Date; createdAt: Date; payment: PaymentRow }>(
    `select b.id, ${userNameSql("u")} as "customerName", coalesce(u.email, '') as "customerEmail", m.title,
       h.name as "hallName",
       s.starts_at as "startsAt", b.seats, ${TICKETS_SQL("b")} as tickets, ${DISCOUNT_SQL("b")} as discount, b.amount_cents as "amountCents", ${bookingStatusSql("b")} as status,
       b.confirmed_without_payment as "confirmedWithoutPayment", b.created_at as "createdAt",
       (select json_build_object('provider', p.provider, 'reference', p.reference, 'refundedAt', p.refunded_at,
          'refundStatus', p.refund_status) from payments p where p.booking_id = b.id) as payment
     ${FROM} ${WHERE}
     order by ${BOOKING_ORDER[query.sort]} ${query.dir}, b.created_at desc, b.id
     limit $4 offset $5`,
    [...filterValues(query), window.limit, window.offset],
  );
  return rows.map((b) => ({
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
