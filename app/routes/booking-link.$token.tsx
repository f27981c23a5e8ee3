import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getSessionSecrets } from "~/config.server";
import { grantBookingPass } from "~/http/guest-pass.server";
import { redirectWithError } from "~/http/toast.server";
import { calendarPath } from "~/models/e-tickets.server";
import { verifyBookingLinkToken } from "~/services/booking-links.server";

// The link a guest's mail carries (decision 46): it gives this browser the booking's pass and opens the booking, or
// with `?then=calendar` downloads its calendar file.

const BOOKING_LINK_INVALID =
  "This booking link is not valid or its show has ended. Please use the link in your latest mail.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const link = verifyBookingLinkToken(params.token, getSessionSecrets());
  if (!link) return redirectWithError("/", BOOKING_LINK_INVALID);
  const calendar = new URL(request.url).searchParams.get("then") === "calendar";
  return redirect(calendar ? calendarPath(link.bookingId) : `/my-bookings/${link.bookingId}`, {
    headers: { "Set-Cookie": await grantBookingPass(request, link.bookingId, link.until) },
  });
}
