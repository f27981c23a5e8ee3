import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FilterLinks, SortHeader, StaffList } from "~/components/StaffList";
import { BOOKING_STATUS_LABELS, shortBookingId } from "~/domain/booking";
import { NOTHING_TO_PAY_LABEL } from "~/domain/payments";
import { formatSeatsAndTickets } from "~/domain/tickets";
import { cinemaSettings } from "~/http/cinema.server";
import { readBookingList } from "~/http/booking-list.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { listBookingsForStaff, showsOnDay, type StaffBooking } from "~/models/booking-admin.server";
import { listHalls } from "~/models/halls.server";
import {
  ALL_HALLS,
  BOOKING_LIST_DEFAULTS,
  MAX_BOOKING_SEARCH_LENGTH,
  type BookingFilter,
  type BookingListQuery,
} from "~/schemas/booking-list";
import { listQuery } from "~/schemas/list-query";
import { cinemaToday } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { formatClockTime, formatShowTime, showDayLabel } from "~/utils/show-display";

export const meta = pageMeta(
  "List Bookings – Admin Panel",
  "Every booking by status, customer, movie, day or show, with a CSV export.",
);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-bookings");
  const { query, problem } = await readBookingList(request);
  const { page, ...list } = await listBookingsForStaff(query);
  const halls = (await listHalls()).map(({ id, name }) => [id, name] as const);
  const settings = cinemaSettings();
  const today = cinemaToday(settings.timeZone);
  // Without a day the menu offers today's shows: tonight's 7 pm list is one choice away.
  const showsDay = query.day || today;
  const answer = {
    query: { ...query, page },
    halls,
    ...list,
    ...settings,
    today,
    showsDay,
    shows: await showsOnDay(showsDay),
    problem: problem && { field: problem.field, message: problem.message },
  };
  return data(answer, { status: problem?.status ?? 200 });
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
  const { query, halls, bookings, total, pageCount, currency, timeZone, today, showsDay, shows, problem } =
    useLoaderData<typeof loader>();
  const queryFor = (changes: Partial<BookingListQuery>) =>
    listQuery({ ...query, page: 1, ...changes }, BOOKING_LIST_DEFAULTS);
  const link = (changes: Partial<BookingListQuery>) => `/admin/list-bookings${queryFor(changes)}`;
  const sortLink = (sort: BookingListQuery["sort"], dir: BookingListQuery["dir"]) => link({ sort, dir });
  // The search form keeps the other choices, leaving out the defaults as the links do; so does the show form.
  const kept = new URLSearchParams(queryFor({ search: "" }));
  const keptByShowForm = new URLSearchParams(queryFor({ day: "", show: "" }));
  const dayError = problem?.field === "day" ? problem.message : null;
  const showError = problem?.field === "show" ? problem.message : null;
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
      <Form method="get" className="filters" aria-label="Day and show">
        <div className="field">
          <label htmlFor="booking-day">Day</label>
          <input
            key={query.day}
            id="booking-day"
            type="date"
            name="day"
            defaultValue={query.day}
            aria-invalid={dayError ? true : undefined}
            aria-describedby="booking-day-error"
          />
          <p id="booking-day-error" className="field-error">
            {dayError}
          </p>
        </div>
        <div className="field">
          <label htmlFor="booking-show">Show</label>
          <select
            key={query.show}
            id="booking-show"
            name="show"
            defaultValue={query.show}
            aria-invalid={showError ? true : undefined}
            aria-describedby="booking-show-error"
          >
            <option value="">{query.day ? "Every show of the day" : "Every show"}</option>
            <optgroup label={showDayLabel(showsDay, today)}>
              {shows.map((show) => (
                <option key={show.id} value={show.id}>
                  {formatClockTime(show.startsAt, timeZone)} · {show.title} · {show.hallName}
                </option>
              ))}
            </optgroup>
          </select>
          <p id="booking-show-error" className="field-error">
            {showError}
          </p>
        </div>
        {[...keptByShowForm].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button">
          Show Bookings
        </button>
        {query.day || query.show ? (
          <Link to={link({ day: "", show: "" })} className="text-link">
            Every day
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
            <td data-label="Seats">{formatSeatsAndTickets(booking.seats, booking.tickets)}</td>
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
