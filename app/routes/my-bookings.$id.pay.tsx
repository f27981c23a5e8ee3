import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { BookingCard } from "~/components/BookingCard";
import { CardForm } from "~/components/checkout/CardForm";
import { HoldEnded } from "~/components/checkout/HoldEnded";
import { HoldTimer } from "~/components/checkout/HoldTimer";
import { PromoCode } from "~/components/checkout/PromoCode";
import { TicketTypes } from "~/components/checkout/TicketTypes";
import { RefundTerms } from "~/components/RefundTerms";
import { config } from "~/config.server";
import { chooseSeatsAgainUrl, payRefusal } from "~/domain/booking";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { bookingNotFound } from "~/http/not-found.server";
import { requireOwnBooking } from "~/http/own-booking.server";
import { paymentFailure } from "~/http/payment-failures.server";
import { limitPosts } from "~/http/post-limits.server";
import { redirectWithInfo, redirectWithSuccess } from "~/http/toast.server";
import { requireUser } from "~/http/viewer.server";
import { payBooking } from "~/models/payments.server";
import { bookingOffer } from "~/models/ticket-types.server";
import { checkoutSchema } from "~/schemas/checkout";
import { configuredPaymentProvider } from "~/services/payments/index.server";
import bookingStyles from "~/styles/bookings.css";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export { keepRetryAfter as headers } from "~/http/post-limits.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: bookingStyles }]);
export const meta = pageMeta("Pay for your booking", "Pay for your held seats to get your e-ticket.");

const ALREADY_PAID = "This booking is already paid.";

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
    attemptToken: randomUUID(),
    provider: { label: provider.label, testMode: provider.testMode },
    cancelCutoffMinutes: config.bookings.cancelCutoffMinutes,
    ...settings,
  };
}

// A refused payment (a 4xx) may mean the hold ran out meanwhile: the page is read again to say so, with a new token.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export async function action({ request, params, context }: ActionFunctionArgs) {
  await limitPosts("payment", request, context);
  const viewer = await requireUser(request);
  const form = await readSubmission(request, checkoutSchema(), { secretFields: ["cvc"] });
  if (!form.ok) return form.response;
  const { cardNumber, expiry, cvc, attemptToken } = form.value;
  const card = { number: cardNumber, expMonth: expiry.month, expYear: expiry.year, cvc };
  const result = await payBooking(viewer.uid, params.id ?? "", card, attemptToken);
  if (result.ok)
    return redirectWithSuccess(`/my-bookings/${result.booking.id}`, "Payment received. Your e-ticket is ready.");
  if (result.reason === "not-found") throw bookingNotFound();
  if (result.reason === "already-paid") return redirectWithInfo(`/my-bookings/${params.id}`, ALREADY_PAID);
  const { message, status } = paymentFailure(result);
  return form.refuse(message, status);
}

export default function Checkout() {
  const { booking, ended, offer, attemptToken, provider, cancelCutoffMinutes, timeZone, currency } =
    useLoaderData<typeof loader>();
  return (
    <section className="section page-top checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Pay for your booking</h1>
      {ended ? (
        <HoldEnded message={ended.message} chooseAgainUrl={ended.chooseAgainUrl} />
      ) : (
        <HoldTimer holdExpiresAt={booking.holdExpiresAt} timeZone={timeZone} />
      )}
      {provider.testMode && !ended ? (
        <p className="test-mode" role="note">
          <strong>TEST MODE</strong> No real card is charged. Pay with 4242 4242 4242 4242; 4000 0000 0000 0002 is
          declined. Any future expiry date and any 3-digit security code work.
        </p>
      ) : null}
      <BookingCard booking={booking} timeZone={timeZone} currency={currency} holdShown={false} />
      {offer ? <TicketTypes booking={booking} offer={offer} currency={currency} /> : null}
      {offer ? <PromoCode booking={booking} currency={currency} /> : null}
      <RefundTerms cutoffMinutes={cancelCutoffMinutes} />
      {ended ? null : (
        <CardForm
          attemptToken={attemptToken}
          payLabel={`Pay ${formatMoney(booking.amountCents, currency)}`}
          providerLabel={provider.label}
        />
      )}
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
