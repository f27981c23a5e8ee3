import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CounterSale } from "~/components/counter/CounterSale";
import { config } from "~/config.server";
import {
  counterPaymentFailure,
  counterRefundFailure,
  counterSalePath,
  loadCounterSale,
  paymentTaken,
  COUNTER_SALE_NOT_FOUND,
  refundMade,
  requireCounterSale,
} from "~/http/counter.server";
import { notFound } from "~/http/not-found.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { refundCounterSale, takeCounterPayment } from "~/models/counter-sales.server";
import { counterSaleSchema, REFUND_SALE } from "~/schemas/counter";
import bookingStyles from "~/styles/bookings.css";
import counterStyles from "~/styles/counter.css";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";

// A counter sale (decision 71): its tickets, promo code and payment while held; once paid, its print page and refund.

export const { links, handle } = pageLinks([
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: counterStyles },
]);
export const meta = pageMeta("Counter Sale – Admin Panel", "Take the payment of seats sold at the counter.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  return loadCounterSale(params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Everyone who may refund at the counter may also sell there: the form is read only for them.
  await requireStaff(request, "sell-at-counter");
  const form = await readSubmission(request, counterSaleSchema(config.currency));
  if (!form.ok) return form.response;
  const { booking, payment } = await requireCounterSale(params.id);
  const path = counterSalePath(booking.id);
  const { intent, method, tendered } = form.value;
  if (intent === REFUND_SALE) {
    const staff = await requireStaff(request, "manage-bookings");
    const refunded = await refundCounterSale(staff.uid, booking.id);
    if (refunded.ok) return redirectWithSuccess(path, refundMade(payment!.method, refunded.refundedCents));
    return redirectWithError(
      path,
      counterRefundFailure(refunded.reason === "not-found" ? { reason: "not-paid" } : refunded),
    );
  }
  const staff = await requireStaff(request, "sell-at-counter");
  const input = method === "cash" ? { method, tenderedCents: tendered ?? 0 } : { method: "counter-card" as const };
  const paid = await takeCounterPayment(staff.uid, booking.id, input);
  if (paid.ok) return redirectWithSuccess(path, paymentTaken(input.method, paid.amountCents, paid.changeCents));
  if (paid.reason === "not-found") throw notFound(COUNTER_SALE_NOT_FOUND);
  const { message, status, field } = { field: undefined, ...counterPaymentFailure(paid) };
  return form.refuse(message, status, field);
}

export default function CounterSalePage() {
  const { sale, offer, closed, timeZone, currency } = useLoaderData<typeof loader>();
  return (
    <CounterSale
      booking={sale.booking}
      payment={sale.payment}
      customerEmail={sale.customerEmail}
      offer={offer}
      closed={closed}
      timeZone={timeZone}
      currency={currency}
    />
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
