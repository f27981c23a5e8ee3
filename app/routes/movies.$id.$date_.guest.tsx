import { Link, useLoaderData } from "@remix-run/react";
import { AuthForm } from "~/components/AuthForm";
import { FormField } from "~/components/FormField";
import { useFormReply } from "~/hooks/use-form-reply";
import type { loadGuestBooking } from "~/http/guest-booking.server";
import type { guestBookingSchema } from "~/schemas/guest-booking";
import authStyles from "~/styles/auth.css";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";

export {
  loadGuestBooking as loader,
  bookAsGuest as action,
  keepRetryAfter as headers,
} from "~/http/guest-booking.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: authStyles }]);
export const meta = pageMeta("Book as a guest", "Book your chosen seats with a name and an email, or sign in.");

export default function GuestBooking() {
  const page = useLoaderData<typeof loadGuestBooking>();
  const [form, field] = useFormReply<typeof guestBookingSchema>();
  return (
    <section className="auth-page page-top" aria-labelledby="guest-title">
      <div className="auth-card">
        <h1 id="guest-title">Book as a guest</h1>
        <p className="auth-intro">
          {page.movieTitle} · {page.dayLabel}, {page.when} · Seats {page.seats.join(", ")}
        </p>
        <p className="auth-switch">
          Have an account?{" "}
          <Link to={page.signInHref} className="text-link">
            Sign in
          </Link>{" "}
          and your seats are kept.
        </p>
        <AuthForm form={form} submitLabel="Continue to payment" submittingLabel="Booking...">
          <input type="hidden" name="time" value={page.showId} />
          {page.seats.map((seat) => (
            <input key={seat} type="hidden" name="seats" value={seat} />
          ))}
          <input type="hidden" name="requestToken" value={page.requestToken} />
          <FormField meta={field("fullName")} label="Full name" type="text" autoComplete="name" />
          <FormField meta={field("email")} label="Email" type="email" autoComplete="email" />
          <p className="field-note">
            Your tickets and a link to manage this booking are mailed to this address. No account needed.
          </p>
          <p className="guest-total">
            <span>
              Total <strong>{page.total}</strong>
            </span>
            <span className="field-note">
              As Adult tickets: you can choose other ticket types and add a promo code before paying.
            </span>
          </p>
        </AuthForm>
        <p className="auth-switch">
          <Link to={page.seatPageHref} className="text-link">
            Change seats
          </Link>
        </p>
      </div>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
