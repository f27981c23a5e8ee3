import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookingCard } from "~/components/BookingCard";
import { PromoCode } from "~/components/checkout/PromoCode";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { bookingNotFound } from "~/http/not-found.server";
import { requireBookingOwner, requireOwnBooking } from "~/http/own-booking.server";
import { ALREADY_PAID, checkoutClosed } from "~/http/payment-failures.server";
import { promoCodeRefusal } from "~/http/promo-code-failures.server";
import { limitPosts } from "~/http/post-limits.server";
import { redirectWithInfo } from "~/http/toast.server";
import { applyPromoCode, removePromoCode } from "~/models/promo-codes.server";
import { APPLY_CODE, promoCodeEntrySchema } from "~/schemas/promo-code";
import bookingStyles from "~/styles/bookings.css";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";

export { keepRetryAfter as headers } from "~/http/post-limits.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: bookingStyles }]);
export const meta = pageMeta("Promo code", "Apply a promo code to the seats you hold.");

const checkoutOf = (bookingId: string) => `/my-bookings/${bookingId}/pay`;

// The promo code step has a page of its own for a code posted without JavaScript that needs saying again; the
// checkout shows the same form.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  return { booking, closed: checkoutClosed(booking), ...cinemaSettings() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await limitPosts("booking", request, context);
  const viewer = await requireBookingOwner(request, params.id);
  const form = await readSubmission(request, promoCodeEntrySchema);
  if (!form.ok) return form.response;
  const bookingId = params.id ?? "";
  const result =
    form.value.intent === APPLY_CODE
      ? await applyPromoCode({ uid: viewer.uid, client: context.clientAddress }, bookingId, form.value.code ?? "")
      : await removePromoCode(viewer.uid, bookingId);
  if (result.ok) return redirect(checkoutOf(bookingId));
  if (result.reason === "not-found") throw bookingNotFound();
  if (result.reason === "already-paid") return redirectWithInfo(`/my-bookings/${bookingId}`, ALREADY_PAID);
  const { message, status } = promoCodeRefusal(result);
  return form.refuse(message, status, "code");
}

export default function PromoCodeStep() {
  const { booking, closed, timeZone, currency } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section className="section page-top checkout" aria-labelledby="promo-title">
      <h1 id="promo-title">Promo code</h1>
      <BookingCard booking={booking} timeZone={timeZone} currency={currency} />
      {closed ? (
        <p className="hold-ended" role="alert">
          {closed}
        </p>
      ) : (
        <PromoCode booking={booking} currency={currency} reply={reply} />
      )}
      <p>
        <Link to={checkoutOf(booking.id)} className="text-link">
          Back to payment
        </Link>
      </p>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
