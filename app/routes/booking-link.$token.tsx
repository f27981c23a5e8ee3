import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireBookingLink } from "~/http/booking-link.server";
import { grantBookingPass } from "~/http/guest-pass.server";
import { linkedCalendarPath } from "~/models/e-tickets.server";

// The link a guest's mail carries (decision 46): it gives this browser the booking's pass and opens the booking.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const link = await requireBookingLink(params.token);
  const url = new URL(request.url);
  // Mails sent before the calendar file was served on the link itself ask for it with `?then=calendar`.
  if (url.searchParams.get("then") === "calendar") return redirect(linkedCalendarPath(url.pathname));
  return redirect(`/my-bookings/${link.bookingId}`, {
    headers: { "Set-Cookie": await grantBookingPass(request, link.bookingId, link.until) },
  });
}
