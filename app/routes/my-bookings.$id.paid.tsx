import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { requireOwnBooking } from "~/http/own-booking.server";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "~/http/toast.server";
import { confirmReturn, type Settlement } from "~/models/checkouts.server";
import { logger } from "~/services/logger.server";
import { pageMeta } from "~/utils/page-meta";

// Where the payment gateway sends the customer back (decision 45). The checkout is read at the gateway there and
// then, so the customer never waits on its webhook; while the gateway has no outcome yet the page says so and looks
// again every few seconds (a refresh of its own without JavaScript).

const LOOK_AGAIN_SECONDS = 3;
export const PAYMENT_RECEIVED = "Payment received. Your e-ticket is ready.";
const CHECKOUT_ID = /^[\w-]{1,255}$/;

const pageMetaTags = pageMeta("Confirming your payment", "Your payment is being confirmed with the payment gateway.");

// Without JavaScript the page asks again by refreshing itself; with it, the revalidation below does.
export const meta: MetaFunction = (args) => [
  ...pageMetaTags(args),
  ...(args.error ? [] : [{ httpEquiv: "refresh", content: String(LOOK_AGAIN_SECONDS) }]),
];

async function settlement(bookingId: string, checkoutId: string): Promise<Settlement | "unreachable"> {
  try {
    return await confirmReturn(bookingId, checkoutId);
  } catch (error) {
    logger.warn({ err: error, checkout: checkoutId }, "The gateway could not be asked about a checkout");
    return "unreachable";
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  const bookingUrl = `/my-bookings/${booking.id}`;
  const checkoutId = new URL(request.url).searchParams.get("checkout") ?? "";
  const settled = CHECKOUT_ID.test(checkoutId) ? await settlement(booking.id, checkoutId) : "unknown";
  switch (settled) {
    case "paid":
      throw await redirectWithSuccess(bookingUrl, PAYMENT_RECEIVED);
    case "returned-already-paid":
      throw await redirectWithInfo(
        bookingUrl,
        "This booking was already paid, so this second payment is being refunded in full. Your e-ticket is unchanged.",
      );
    case "returned-hold-ended":
      throw await redirectWithError(
        bookingUrl,
        "Your payment arrived after this booking's hold had ended, so it is refunded in full. Please book your seats again.",
      );
    case "returned-amount-changed":
      throw await redirectWithError(
        `${bookingUrl}/pay`,
        "Your tickets changed after the payment page opened, so this payment is being refunded in full. Please pay again for the tickets shown.",
      );
  }
  // The checkout did not pay and was not refunded, but another payment has paid the booking: that is what to say.
  if (booking.status === "paid") throw await redirectWithInfo(bookingUrl, "This booking is already paid.");
  switch (settled) {
    case "expired":
      throw await redirectWithError(`${bookingUrl}/pay`, "The payment page expired before a payment was made.");
    case "unknown":
      throw await redirectWithError(`${bookingUrl}/pay`, "This payment was not found. Please pay again.");
    case "open":
    case "unreachable":
      return { bookingId: booking.id };
  }
}

export default function ConfirmingPayment() {
  const { bookingId } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, LOOK_AGAIN_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  return (
    <section className="section page-top" aria-labelledby="confirming-title">
      <h1 id="confirming-title">Confirming your payment</h1>
      <p role="status">
        The payment gateway has not told us the outcome yet. This page looks again every {LOOK_AGAIN_SECONDS} seconds.
      </p>
      <p>
        <Link to={`${pathname}${search}`} reloadDocument>
          Check again
        </Link>{" "}
        or <Link to={`/my-bookings/${bookingId}`}>see the booking</Link>.
      </p>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
