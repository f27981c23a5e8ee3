import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FilterLinks, SortHeader, StaffList } from "~/components/StaffList";
import { BOOKING_STATUS_LABELS, shortBookingId } from "~/domain/booking";
import { NOTHING_TO_PAY_LABEL } from "~/domain/payments";
import { formatTickets } from "~/domain/tickets";
import { cinemaSettings } from "~/http/cinema.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { listBookingsForStaff, type StaffBooking } from "~/models/booking-admin.server";
import { listHalls } from "~/models/halls.server";
import {
  ALL_HALLS,
  BOOKING_LIST_DEFAULTS,
  bookingListSchema,
  MAX_BOOKING_SEARCH_LENGTH,
  type BookingFilter,
  type BookingListQuery,
} from "~/schemas/booking-list";
import { listQuery, parseQuery } from "~/schemas/list-query";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";

export const meta = pageMeta(
  "List Bookings – Admin Panel",
  "Every booking by status, customer or movie, with a CSV export.",
);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-bookings");
  const query = parseQuery(bookingListSchema, new URL(request.url).searchParams);
  const { page, ...list } = await listBookingsForStaff(query);
  const halls = (await listHalls()).map(({ id, name }) => [id, name] as const);
  return { query: { ...query, page }, halls, ...list, ...cinemaSettings() };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-bookings");

const FILTERS: Record<BookingFilter, string> = {
  all: "All",
  paid: "Paid",
  pending: "Pending",
  cancelled: "Cancelled",
  expired: "Expired",
};

export default function ListBookings() {
  const { query, halls, bookings, total, pageCount, currency, timeZone } = useLoaderData<typeof loader>();
  const queryFor = (changes: Partial<BookingListQuery>) =>
    listQuery({ ...query, page: 1, ...changes }, BOOKING_LIST_DEFAULTS);
  const link = (changes: Partial<BookingListQuery>) => `/admin/list-bookings${queryFor(changes)}`;
  const sortLink = (sort: BookingListQuery["sort"], dir: BookingListQuery["dir"]) => link({ sort, dir });
  // The search form keeps the other choices, leaving out the defaults as the links do.
  const kept = new URLSearchParams(queryFor({ search: "" }));
  return (
    <section aria-labelledby="list-bookings-title" className="cards-on-phone">
      <h1 id="list-bookings-title">List Bookings</h1>
      <Form method="get" className="filters" role="search">
        <div className="field field-search">
          <label htmlFor="booking-search">Booking ID or email</label>
          <input
            key={query.search}
            id="booking-search"
            type="search"
            name="search"
            defaultValue={query.search}
            maxLength={MAX_BOOKING_SEARCH_LENGTH}
          />
        </div>
        {[...kept].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button">
          Search
        </button>
        {query.search ? (
          <Link to={link({ search: "" })} className="text-link">
            Clear search
          </Link>
        ) : null}
      </Form>
      <FilterLinks
        label="Booking status"
        options={FILTERS}
        current={query.status}
        link={(status) => link({ status })}
      />
      <FilterLinks
        label="Hall"
        options={Object.fromEntries([[ALL_HALLS, "All halls"], ...halls])}
        current={query.hall}
        link={(hall) => link({ hall })}
      />
      <StaffList
        rows={bookings.length}
        empty="No Bookings Found"
        count={
          <>
            {total === 1 ? "1 booking" : `${total} bookings`}{" "}
            <a href={`/admin/list-bookings.csv${queryFor({ page: 1 })}`} className="text-link" download>
              Export CSV
            </a>
          </>
        }
        label="Bookings"
        head={
          <tr>
            <SortHeader label="Customer" column="name" {...query} link={sortLink} />
            <SortHeader label="Movie" column="movie" {...query} link={sortLink} />
            <th scope="col">Hall</th>
            <th scope="col">Show Time</th>
            <SortHeader label="Seats" column="seats" {...query} link={sortLink} />
            <SortHeader label="Amount" column="amount" {...query} link={sortLink} />
            <th scope="col">Status</th>
            <SortHeader label="Booked On" column="date" {...query} link={sortLink} />
          </tr>
        }
        page={query.page}
        pageCount={pageCount}
        link={(page) => link({ page })}
      >
        {bookings.map((booking) => (
          <tr key={booking.id}>
            <th scope="row">
              {booking.customerName}
              <small>{booking.customerEmail}</small>
              <small>Booking {shortBookingId(booking.id)}</small>
            </th>
            <td data-label="Movie">{booking.title}</td>
            <td data-label="Hall">{booking.hallName}</td>
            <td data-label="Show Time">
              <time dateTime={booking.startsAt}>{formatShowTime(booking.startsAt, timeZone)}</time>
            </td>
            <td data-label="Seats">
              {booking.seats.join(", ")}
              <small>{formatTickets(booking.tickets, currency, booking.discount)}</small>
            </td>
            <td data-label="Amount">{formatMoney(booking.amountCents, currency)}</td>
            <td data-label="Status">
              <span className={`status status-${booking.status}`}>{BOOKING_STATUS_LABELS[booking.status]}</span>
              {booking.payment ? <PaymentLine payment={booking.payment} /> : null}
              {booking.confirmedWithoutPayment ? <small>{NOTHING_TO_PAY_LABEL}</small> : null}
            </td>
            <td data-label="Booked On">
              <time dateTime={booking.createdAt}>{formatShowTime(booking.createdAt, timeZone)}</time>
            </td>
          </tr>
        ))}
      </StaffList>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";

/** A payment's state and its reference at the gateway, linked to the gateway's dashboard where it has one. */
function PaymentLine({ payment }: { payment: NonNullable<StaffBooking["payment"]> }) {
  return (
    <small>
      {payment.state}:{" "}
      {payment.dashboardUrl ? (
        <a href={payment.dashboardUrl} className="text-link reference" target="_blank" rel="noreferrer">
          {payment.reference}
        </a>
      ) : (
        <span className="reference">{payment.reference}</span>
      )}
    </small>
  );
}
