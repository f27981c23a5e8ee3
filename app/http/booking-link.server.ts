import { getSessionSecrets } from "~/config.server";
import { verifyBookingLinkToken } from "~/services/booking-links.server";
import { redirectWithError } from "./toast.server";

// The link a guest's mail carries (decision 46), as its routes read it.

const BOOKING_LINK_INVALID =
  "This booking link is not valid or its show has ended. Please use the link in your latest mail.";

/** The booking a genuine link opens and until when; a forged, edited or ended one goes home saying so. */
export async function requireBookingLink(token: string | undefined) {
  const link = verifyBookingLinkToken(token, getSessionSecrets());
  if (!link) throw await redirectWithError("/", BOOKING_LINK_INVALID);
  return link;
}
