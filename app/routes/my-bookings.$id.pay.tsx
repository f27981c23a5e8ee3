import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ReactNode } from "react";
import { data, redirectDocument } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { BookingCard } from "~/components/BookingCard";
import { FormErrors } from "~/components/FormField";
import { HoldEnded } from "~/components/checkout/HoldEnded";
import { HoldTimer } from "~/components/checkout/HoldTimer";
import { PromoCode } from "~/components/checkout/PromoCode";
import { TicketTypes } from "~/components/checkout/TicketTypes";
import { RefundTerms } from "~/components/RefundTerms";
import { config } from "~/config.server";
import { chooseSeatsAgainUrl, payRefusal } from "~/domain/booking";
import { cinemaSettings } from "~/http/cinema.server";
import { formError } from "~/http/forms.server";
import { bookingNotFound } from "~/http/not-found.server";
import { requireBookingOwner, requireOwnBooking } from "~/http/own-booking.server";
import { paymentFailure } from "~/http/payment-failures.server";
import { limitPosts } from "~/http/post-limits.server";
import { redirectWithInfo, redirectWithSuccess } from "~/http/toast.server";
import { minimumChargeCents, paysNothing, startCheckout } from "~/models/checkouts.server";
import { bookingOffer } from "~/models/ticket-types.server";
import { startCheckoutSchema } from "~/schemas/payment";
import { configuredPaymentProvider } from "~/services/payments/index.server";
import bookingStyles from "~/styles/bookings.css";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";
import { useValidatedForm } from "~/hooks/use-validated-form";

export { keepRetryAfter as headers } from "~/http/post-limits.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: bookingStyles }]);
export const meta = pageMeta("Pay for your booking", "Pay for your held seats to get your e-ticket.");

const ALREADY_PAID = "This booking is already paid.";
const CONFIRMED = "Booking confirmed with nothing to pay. Your e-ticket is ready.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  const refusal = payRefusal(booking);
  if (refusal === "already-paid") throw await redirectWithInfo(`/my-bookings/${booking.id}`, ALREADY_PAID);
  const provider = configuredPaymentProvider();
  const settings = cinemaSettings();
  return {
    booking,
    ended: refusal && {
      message: paymentFailure({ reason: refusal }).message,
      // A hold that ran out can be chosen again; a cancelled booking or a started show cannot.
      chooseAgainUrl: refusal === "expired" ? chooseSeatsAgainUrl(booking, settings.timeZone) : null,
    },
    offer: refusal ? null : await bookingOffer(booking),
    nothingToPay: paysNothing(booking.amountCents),
    minimumChargeCents: minimumChargeCents(),
    provider: { label: provider.label, testMode: provider.testMode },
    cancelCutoffMinutes: config.bookings.cancelCutoffMinutes,
    ...settings,
  };
}

export { revalidateAfterEveryPost as shouldRevalidate } from "~/utils/revalidation";

/**
 * Pay sends the customer to the gateway's hosted page, a whole page load (Stripe's is another site). The form has no
 * field, so its body is never read.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await limitPosts("payment", request, context);
  const viewer = await requireBookingOwner(request, params.id);
  const started = await startCheckout(viewer.uid, params.id ?? "", viewer.email);
  if (started.ok && "confirmedWithoutPayment" in started) return redirectWithSuccess(started.url, CONFIRMED);
  if (started.ok) return redirectDocument(started.url, 303);
  if (started.reason === "not-found") throw bookingNotFound();
  if (started.reason === "already-paid") return redirectWithInfo(`/my-bookings/${params.id}`, ALREADY_PAID);
  const { message, status } = paymentFailure(started);
  return data(formError(message), { status });
}

export default function Checkout() {
  const { booking, ended, offer, nothingToPay, minimumChargeCents, provider, cancelCutoffMinutes, timeZone, currency } =
    useLoaderData<typeof loader>();
  return (
    <section className="section page-top checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Pay for your booking</h1>
      {/* At laptop widths the summary and Pay stay beside the steps; on a phone all follow one another. */}
      <div className="checkout-summary">
        {ended ? (
          <HoldEnded message={ended.message} chooseAgainUrl={ended.chooseAgainUrl} />
        ) : (
          <HoldTimer holdExpiresAt={booking.holdExpiresAt} timeZone={timeZone} />
        )}
        <BookingCard booking={booking} timeZone={timeZone} currency={currency} holdShown={false} />
      </div>
      <div className="checkout-steps">
        {offer ? <TicketTypes booking={booking} offer={offer} currency={currency} /> : null}
        {offer ? <PromoCode booking={booking} currency={currency} /> : null}
        <RefundTerms booking={booking} cutoffMinutes={cancelCutoffMinutes} timeZone={timeZone} />
      </div>
      {ended ? null : nothingToPay ? (
        // Nothing goes to the gateway: the same action confirms the booking (decision 54).
        <PayButton label="Confirm booking" pendingLabel="Confirming your booking...">
          {booking.amountCents === 0
            ? "There is nothing to pay: no card is needed."
            : `${formatMoney(booking.amountCents, currency)} is less than the smallest card payment (${formatMoney(minimumChargeCents, currency)}), so there is nothing to pay: no card is needed.`}
        </PayButton>
      ) : (
        <PayButton
          label={`Pay ${formatMoney(booking.amountCents, currency)}`}
          pendingLabel="Opening the payment page..."
        >
          {provider.testMode
            ? `You pay on the ${provider.label}'s TEST MODE page: no real card is charged.`
            : `You pay on ${provider.label}'s secure page.`}{" "}
          Your card number never reaches this site.
        </PayButton>
      )}
    </section>
  );
}

/** The card is typed on the gateway's page, never on ours: this form only says "take me there", or "confirm". */
function PayButton({ label, pendingLabel, children }: { label: string; pendingLabel: string; children: ReactNode }) {
  const going = useNavigation().state !== "idle";
  const [form] = useValidatedForm(startCheckoutSchema);
  return (
    <Form method="post" {...getFormProps(form)} className="pay-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <button type="submit" className="button button-large" disabled={going}>
        {going ? pendingLabel : label}
      </button>
      <p className="field-note">{children}</p>
    </Form>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
