import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CounterSale } from "~/components/counter/CounterSale";
import { COUNTER_SALE_NOT_FOUND, counterSalePath, loadCounterSale, requireCounterSale } from "~/http/counter.server";
import { readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { ALREADY_PAID } from "~/http/payment-failures.server";
import { promoCodeRefusal } from "~/http/promo-code-failures.server";
import { requireStaff } from "~/http/viewer.server";
import { applyPromoCode, removePromoCode } from "~/models/promo-codes.server";
import { APPLY_CODE, promoCodeEntrySchema } from "~/schemas/promo-code";
import bookingStyles from "~/styles/bookings.css";
import counterStyles from "~/styles/counter.css";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";

// A counter sale's promo code, posted by the sale page's code form, by the rules a customer's code follows online
// (wrong codes count against the counter's address too); a refusal without JavaScript draws the sale page again.

export const { links, handle } = pageLinks([
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: counterStyles },
]);
export const meta = pageMeta("Counter Sale – Admin Panel", "Apply a promo code to seats sold at the counter.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  return loadCounterSale(params.id);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  const form = await readSubmission(request, promoCodeEntrySchema);
  if (!form.ok) return form.response;
  const { booking, customerUid } = await requireCounterSale(params.id);
  const result =
    form.value.intent === APPLY_CODE
      ? await applyPromoCode({ uid: customerUid, client: context.clientAddress }, booking.id, form.value.code ?? "")
      : await removePromoCode(customerUid, booking.id);
  if (result.ok) return redirect(counterSalePath(booking.id));
  if (result.reason === "not-found") throw notFound(COUNTER_SALE_NOT_FOUND);
  if (result.reason === "already-paid") return form.refuse(ALREADY_PAID, 409);
  const { message, status } = promoCodeRefusal(result);
  return form.refuse(message, status, "code");
}

export default function CounterPromoCode() {
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
      promoReply={useActionData<typeof action>()}
    />
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
