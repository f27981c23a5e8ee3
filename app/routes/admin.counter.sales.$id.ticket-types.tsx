import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CounterSale } from "~/components/counter/CounterSale";
import { countsProblemMessage } from "~/domain/tickets";
import { COUNTER_SALE_NOT_FOUND, counterSalePath, loadCounterSale, requireCounterSale } from "~/http/counter.server";
import { readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { ALREADY_PAID, paymentFailure } from "~/http/payment-failures.server";
import { requireStaff } from "~/http/viewer.server";
import { changeTicketTypes } from "~/models/booking-tickets.server";
import { countsByType, ticketChoiceSchema } from "~/schemas/ticket-choice";
import bookingStyles from "~/styles/bookings.css";
import counterStyles from "~/styles/counter.css";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";

// A counter sale's ticket types, posted by the sale page's tickets form; a refusal without JavaScript draws the sale
// page again with its message.

export const { links, handle } = pageLinks([
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: counterStyles },
]);
export const meta = pageMeta("Counter Sale – Admin Panel", "Choose the ticket types of seats sold at the counter.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  return loadCounterSale(params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  const form = await readSubmission(request, ticketChoiceSchema);
  if (!form.ok) return form.response;
  const { booking, customerUid } = await requireCounterSale(params.id);
  const result = await changeTicketTypes(customerUid, booking.id, countsByType(form.value));
  if (result.ok) return redirect(counterSalePath(booking.id));
  if (result.reason === "not-found") throw notFound(COUNTER_SALE_NOT_FOUND);
  if (result.reason === "already-paid") return form.refuse(ALREADY_PAID, 409);
  if (result.reason === "counts") return form.refuse(countsProblemMessage(result.problem), 400);
  const { message, status } = paymentFailure(result);
  return form.refuse(message, status);
}

export default function CounterTicketTypes() {
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
      ticketsReply={useActionData<typeof action>()}
    />
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
