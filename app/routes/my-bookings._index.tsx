import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BookingActions } from "~/components/BookingActions";
import { BookingCard } from "~/components/BookingCard";
import { Facts } from "~/components/Facts";
import { config } from "~/config.server";
import type { Booking } from "~/domain/booking";
import type { RefundDetails } from "~/domain/payments";
import { myBookingLists } from "~/domain/booking-timeline";
import { cinemaSettings } from "~/http/cinema.server";
import { getViewer, loginPath } from "~/http/viewer.server";
import { listBookings, summarizeBookings } from "~/models/bookings.server";
import { listRefunds } from "~/models/payments.server";
import { findUnverifiedEmail } from "~/models/users.server";
import bookingStyles from "~/styles/bookings.css";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: bookingStyles }]);
export const meta = pageMeta("My Bookings", "Your tickets at Marquee Cinemas: pay, view or cancel a booking.");

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  // A visitor is asked to sign in on the page itself, not sent away with an error.
  if (!viewer) return { signedIn: false as const, signInLink: loginPath(request), ...cinemaSettings() };
  const bookings = await listBookings(viewer.uid);
  return {
    signedIn: true as const,
    unverifiedEmail: await findUnverifiedEmail(viewer.uid),
    bookings: myBookingLists(bookings, new Date()),
    hasBookings: bookings.length > 0,
    refunds: await listRefunds(viewer.uid),
    summary: summarizeBookings(bookings),
    cancelCutoffMinutes: config.bookings.cancelCutoffMinutes,
    ...cinemaSettings(),
  };
}

export default function MyBookings() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="section page-top my-bookings" aria-labelledby="my-bookings-title">
      <h1 id="my-bookings-title">My Bookings</h1>
      {page.signedIn && page.unverifiedEmail ? <ConfirmEmailNotice email={page.unverifiedEmail} /> : null}
      {!page.signedIn ? (
        <div className="empty-state">
          <p>Sign in to see your bookings.</p>
          <Link to={page.signInLink} className="button">
            Sign in
          </Link>
        </div>
      ) : !page.hasBookings ? (
        <div className="empty-state">
          <h2>No Bookings Yet</h2>
          <Link to="/movies" className="button">
            Browse Movies
          </Link>
        </div>
      ) : (
        <>
          <Facts
            className="booking-summary"
            facts={[
              ["Total Bookings", page.summary.total],
              ["Confirmed", page.summary.confirmed],
              ["Pending", page.summary.pending],
              ["Total Spent", formatMoney(page.summary.spentCents, page.currency)],
            ]}
          />
          <section className="booking-group" aria-labelledby="upcoming-title">
            <h2 id="upcoming-title">Upcoming</h2>
            {page.bookings.upcoming.length === 0 ? (
              <p>No upcoming shows.</p>
            ) : (
              <BookingList {...page} bookings={page.bookings.upcoming} />
            )}
          </section>
          {page.bookings.past.length > 0 ? (
            <section className="booking-group" aria-labelledby="past-title">
              <h2 id="past-title">Past</h2>
              <BookingList {...page} bookings={page.bookings.past} />
            </section>
          ) : null}
          {page.bookings.cancelledOrExpired.length > 0 ? (
            <section className="booking-group" aria-labelledby="cancelled-title">
              <h2 id="cancelled-title">Cancelled and expired</h2>
              <BookingList {...page} bookings={page.bookings.cancelledOrExpired} />
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

/** An account whose address is not confirmed yet: what that costs, and the link mailed again. */
function ConfirmEmailNotice({ email }: { email: string }) {
  const sending = useNavigation().formAction === "/verify-email/resend";
  return (
    <div className="confirm-email-notice" role="note">
      <p>Please confirm {email} with the link we mailed you: bookings you made as a guest with it then move here.</p>
      <Form method="post" action="/verify-email/resend">
        <button type="submit" className="button button-ghost button-small" disabled={sending}>
          {sending ? "Sending..." : "Send the link again"}
        </button>
      </Form>
    </div>
  );
}

type BookingListProps = {
  bookings: Booking[];
  refunds: Record<string, RefundDetails>;
  timeZone: string;
  currency: string;
  cancelCutoffMinutes: number;
};

function BookingList({ bookings, refunds, timeZone, currency, cancelCutoffMinutes }: BookingListProps) {
  return (
    <ul className="booking-list">
      {bookings.map((booking) => (
        <li key={booking.id}>
          <BookingCard
            booking={booking}
            timeZone={timeZone}
            currency={currency}
            refund={refunds[booking.id]}
            titleLevel={3}
            actions={<BookingActions booking={booking} cancelCutoffMinutes={cancelCutoffMinutes} details />}
          />
        </li>
      ))}
    </ul>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
