import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { seatPageUrl } from "~/domain/seat-page-paths";
import { bookingAmountCents } from "~/domain/hall";
import { layoutSeats, seatLabels } from "~/domain/hall-layout";
import { preselectedSeats } from "~/domain/seat-map";
import { occupiedSeats } from "~/models/bookings.server";
import { bookSeats } from "~/models/seat-booking.server";
import { guestBookingSchema } from "~/schemas/guest-booking";
import { showEndsAt } from "~/domain/booking-timeline";
import { formatMoney } from "~/utils/money";
import { formatCinemaDay, formatClockTime } from "~/utils/show-display";
import { catalogue } from "./catalogue.server";
import { cinemaSettings } from "./cinema.server";
import { readSubmission } from "./forms.server";
import { grantBookingPass, passBookingIds } from "./guest-pass.server";
import { limitPosts } from "./post-limits.server";
import { answerBooking, findShowDay, seatAsk } from "./seat-page.server";
import { getViewer, loginPath } from "./viewer.server";

// The guest page's loader and action (app/routes/movies.$id.$date_.guest.tsx, decision 46): the seat page's choice,
// booked with a name and an email instead of an account, or taken to the sign-in page and back.

export { keepRetryAfter } from "./post-limits.server";

/** The seat page with the choice this page's address carries. */
function seatPageOfChoice(request: Request, movieId: string, day: string) {
  const url = new URL(request.url);
  return seatPageUrl(movieId, day, url.searchParams.get("time") ?? "", url.searchParams.getAll("seats"));
}

export async function loadGuestBooking({ request, params }: LoaderFunctionArgs) {
  const { movie, day, shows } = await findShowDay(params);
  const url = new URL(request.url);
  const show = shows.find((candidate) => candidate.id === url.searchParams.get("time"));
  const asked = url.searchParams.getAll("seats");
  const backToSeats = seatPageOfChoice(request, movie.id, day);
  // A customer books on the seat page itself, and a choice without a time or free seats is made there.
  if (!show || (await getViewer(request))) throw redirect(backToSeats);
  const hall = (await catalogue.hall(show.hallId))!;
  const seats = preselectedSeats(asked, { hallSeats: seatLabels(hall.layout), taken: await occupiedSeats(show.id) });
  if (seats.length === 0) throw redirect(backToSeats);
  const { timeZone, currency } = cinemaSettings();
  const seatTypes = layoutSeats(hall.layout)
    .filter((seat) => seats.includes(seat.label))
    .map((seat) => seat.type);
  return {
    movieTitle: movie.title,
    // As the seat page adds it up: the show's price for each seat, with its type's difference.
    total: formatMoney(bookingAmountCents(show.priceCents, seatTypes, hall.typeExtras), currency),
    when: `${formatClockTime(show.startsAt, timeZone)}, ${hall.name}`,
    dayLabel: formatCinemaDay(day),
    showId: show.id,
    seats,
    requestToken: randomUUID(),
    signInHref: loginPath(request, seatPageUrl(movie.id, day, show.id, seats)),
    seatPageHref: seatPageUrl(movie.id, day, show.id, seats),
  };
}

export async function bookAsGuest({ request, params, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, guestBookingSchema);
  // A guest's posts count against their email as a customer's count against their account, and against the client.
  await limitPosts("booking", request, context, form.ok ? `guest:${form.value.email}` : undefined);
  const { movie, day, shows } = await findShowDay(params);
  // Someone who signed in meanwhile books as themselves, on the seat page.
  if (await getViewer(request)) throw redirect(seatPageOfChoice(request, movie.id, day));
  if (!form.ok) return form.response;
  const show = shows.find((candidate) => candidate.id === form.value.time);
  if (!show) return form.refuse("That show time is not on this day. Please choose your seats again.", 400);
  const { fullName: name, email } = form.value;
  const result = await bookSeats({
    ...seatAsk(form.value, movie.id, day),
    guest: { name, email },
    passBookingIds: await passBookingIds(request),
  });
  // The guest's pass to the booking: the pages to pay for it, see its ticket and cancel it, until the show ends.
  const pass = result.ok
    ? await grantBookingPass(request, result.booking.id, showEndsAt({ startsAt: show.startsAt, movie }))
    : undefined;
  return answerBooking(result, (message, status) => form.refuse(message, status), pass);
}
