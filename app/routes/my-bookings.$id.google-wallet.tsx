import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { bookingNotFound } from "~/http/not-found.server";
import { requireOwnBooking } from "~/http/own-booking.server";
import { googleWalletSaveUrl } from "~/models/wallet-passes.server";

// A paid booking's ticket saved to Google Wallet (decision 73): Google's page, with a save link signed just now.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  const saveUrl = booking.status === "paid" ? await googleWalletSaveUrl(booking) : null;
  if (!saveUrl) throw bookingNotFound();
  return redirect(saveUrl);
}
