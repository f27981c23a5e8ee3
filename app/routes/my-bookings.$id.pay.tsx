import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { BookingCard } from "~/components/BookingCard";
import { BookingErrorBoundary } from "~/components/ErrorPage";
import { FormErrors, FormField } from "~/components/FormField";
import { RefundTerms } from "~/components/RefundTerms";
import { config } from "~/config.server";
import { payRefusal } from "~/domain/booking";
import { useValidatedForm } from "~/hooks/use-validated-form";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { bookingNotFound } from "~/http/not-found.server";
import { requireOwnBooking } from "~/http/own-booking.server";
import { paymentFailure } from "~/http/payment-failures.server";
import { limitPosts } from "~/http/post-limits.server";
import { redirectWithInfo, redirectWithSuccess } from "~/http/toast.server";
import { requireUser } from "~/http/viewer.server";
import { payBooking } from "~/models/payments.server";
import { checkoutSchema } from "~/schemas/checkout";
import { configuredPaymentProvider } from "~/services/payments/index.server";
import bookingStyles from "~/styles/bookings.css";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";

export { BookingErrorBoundary as ErrorBoundary };
export { keepRetryAfter as headers } from "~/http/post-limits.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta = pageMeta("Pay for your booking", "Pay for your held seats to get your e-ticket.");

const ALREADY_PAID = "This booking is already paid.";
const CARD_FIELDS = [
  { name: "cardNumber", label: "Card number", autoComplete: "cc-number", placeholder: "1234 1234 1234 1234" },
  { name: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp", placeholder: "MM/YY" },
  { name: "cvc", label: "Security code (CVC)", autoComplete: "cc-csc", placeholder: "123" },
] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  const refusal = payRefusal(booking);
  if (refusal === "already-paid") throw await redirectWithInfo(`/my-bookings/${booking.id}`, ALREADY_PAID);
  const provider = configuredPaymentProvider();
  return {
    booking,
    notPayable: refusal ? paymentFailure({ reason: refusal }).message : null,
    attemptToken: randomUUID(),
    provider: { label: provider.label, testMode: provider.testMode },
    cancelCutoffMinutes: config.bookings.cancelCutoffMinutes,
    ...cinemaSettings(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await limitPosts("payment", request, context);
  const viewer = await requireUser(request);
  const form = await readSubmission(request, checkoutSchema(), { secretFields: ["cardNumber", "cvc"] });
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
  const { booking, notPayable, attemptToken, provider, cancelCutoffMinutes, timeZone, currency } =
    useLoaderData<typeof loader>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm(checkoutSchema());
  return (
    <section className="section page-top checkout" aria-labelledby="checkout-title">
      {provider.testMode ? (
        <p className="test-mode" role="note">
          <strong>TEST MODE</strong> No real card is charged. Pay with 4242 4242 4242 4242; 4000 0000 0000 0002 is
          declined. Any future expiry date and any 3-digit security code work.
        </p>
      ) : null}
      <h1 id="checkout-title">Pay for your booking</h1>
      <BookingCard booking={booking} timeZone={timeZone} currency={currency} />
      <RefundTerms cutoffMinutes={cancelCutoffMinutes} />
      {notPayable ? (
        <p className="form-errors" role="alert">
          {notPayable}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name={fields.attemptToken.name} value={attemptToken} />
          <div className="card-fields">
            {CARD_FIELDS.map((field) => (
              <FormField
                key={field.name}
                meta={fields[field.name]}
                label={field.label}
                type="text"
                autoComplete={field.autoComplete}
                attributes={{ inputMode: "numeric", placeholder: field.placeholder }}
              />
            ))}
          </div>
          <button type="submit" className="button button-large" disabled={submitting}>
            {submitting ? "Paying..." : `Pay ${formatMoney(booking.amountCents, currency)}`}
          </button>
          <p className="field-note">
            {provider.label}: we keep only the last four digits of your card and the payment&apos;s reference.
          </p>
        </Form>
      )}
    </section>
  );
}
