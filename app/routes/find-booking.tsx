import type { ActionFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AuthForm } from "~/components/AuthForm";
import { FormField } from "~/components/FormField";
import { useFormReply } from "~/hooks/use-form-reply";
import { accountFailure } from "~/http/account-failures.server";
import { readSubmission } from "~/http/forms.server";
import { linkAsker } from "~/http/known-device.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requestBookingLink } from "~/models/accounts.server";
import { findBookingSchema } from "~/schemas/find-booking";
import authStyles from "~/styles/auth.css";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: authStyles }]);
export const meta = pageMeta("Find my booking", "Get the link to your booking mailed to the address you booked with.");

/** The same answer whether or not such a booking exists (decision 72). */
const BOOKING_LINK_ASKED =
  "If a booking with that Booking ID was made with that email, we have mailed the link to it there.";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, findBookingSchema);
  if (!form.ok) return form.response;
  const { email, reference } = form.value;
  const result = await requestBookingLink(email, reference, await linkAsker(request, context.clientAddress, email));
  if (!result.ok) {
    const { message, status } = accountFailure(result);
    return form.refuse(message, status);
  }
  return redirectWithSuccess("/find-booking", BOOKING_LINK_ASKED);
}

export default function FindBooking() {
  const [form, field] = useFormReply<typeof findBookingSchema>();
  return (
    <section className="auth-page page-top" aria-labelledby="find-booking-title">
      <div className="auth-card">
        <h1 id="find-booking-title">Find my booking</h1>
        <p className="auth-intro">
          Enter the email you booked with and the Booking ID from your booking&apos;s mail: we will mail that address
          the link to your booking.
        </p>
        <AuthForm form={form} submitLabel="Email me the link" submittingLabel="Sending...">
          <FormField meta={field("email")} label="Email" type="email" autoComplete="email" />
          <FormField
            meta={field("reference")}
            label="Booking ID"
            type="text"
            autoComplete="off"
            note="8 letters and digits, such as 3F2A9C1B."
          />
        </AuthForm>
        <p className="auth-switch">
          Have an account?{" "}
          <Link to="/my-bookings" className="text-link">
            My Bookings
          </Link>{" "}
          lists them all.
        </p>
      </div>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
