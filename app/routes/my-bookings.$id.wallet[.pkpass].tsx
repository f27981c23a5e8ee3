import type { LoaderFunctionArgs } from "@remix-run/node";
import { shortBookingId } from "~/domain/booking";
import { bookingNotFound } from "~/http/not-found.server";
import { requireOwnBooking } from "~/http/own-booking.server";
import { appleWalletPass } from "~/models/wallet-passes.server";

// A paid booking's ticket as an Apple Wallet pass, for the ticket's "Add to Apple Wallet" (decision 73).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  const pass = booking.status === "paid" ? await appleWalletPass(booking) : null;
  if (!pass) throw bookingNotFound();
  return new Response(new Uint8Array(pass), {
    headers: {
      "Content-Type": "application/vnd.apple.pkpass",
      "Content-Disposition": `attachment; filename="marquee-${shortBookingId(booking.id)}.pkpass"`,
    },
  });
}
