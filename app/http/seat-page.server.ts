import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { NO_SHOWS_ON_DAY } from "~/domain/booking-steps";
import { guestBookingUrl, seatPageUrl } from "~/domain/seat-page-paths";
import { packLayout, seatLabels, seatRuns, seatsInHallOrder, seatTypesOf } from "~/domain/hall-layout";
import { companionSeatsKept, preselectedSeats } from "~/domain/seat-map";
import { isSoldOut } from "~/domain/waitlist";
import { occupiedSeats, seatsOfCustomer } from "~/models/bookings.server";
import { bookSeats } from "~/models/seat-booking.server";
import { checkSeatsBeforeBooking, knownSoldOut, type SeatAsk } from "~/models/seat-memory.server";
import { findWaitlistPlace } from "~/models/waitlist.server";
import type { z } from "zod";
import { seatSelectionSchema } from "~/schemas/booking";
import { isShowDay, isValidDay } from "~/utils/dates";
import { describeMinutes, plural } from "~/utils/format";
import { formatCinemaDay, formatClockTime } from "~/utils/show-display";
import { bookingFailure, repeatedBookingMessage } from "./booking-failures.server";
import { catalogue } from "./catalogue.server";
import { cinemaSettings } from "./cinema.server";
import { readSubmission } from "./forms.server";
import { requireMovie } from "./movies.server";
import { limitPosts } from "./post-limits.server";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "./toast.server";
import { getViewer } from "./viewer.server";

// The seat page's loader and action (app/routes/movies.$id.$date.tsx). The route names this one module instead of
// the eleven it uses: each server module a page's route imports is an empty script its browser loads (decision 23).

export { keepRetryAfter } from "./post-limits.server";

const BAD_DATE = "That date could not be read. Please pick a date.";

/**
 * The movie and its shows that day. An unknown movie, or a day outside the years shows are sold, is a 404; a day
 * that cannot be read, or has no shows, goes back to the dates.
 */
export async function findShowDay(params: LoaderFunctionArgs["params"]) {
  const movie = await requireMovie(params.id);
  const day = params.date ?? "";
  const backToDates = `/movies/${movie.id}#times`;
  if (!isValidDay(day)) throw await redirectWithError(backToDates, BAD_DATE);
  if (!isShowDay(day)) throw new Response("No shows that year", { status: 404 });
  const shows = await catalogue.showsOnDay(movie.id, day);
  if (shows.length === 0) throw await redirectWithError(backToDates, NO_SHOWS_ON_DAY);
  return { movie, day, shows };
}

export async function loadSeatPage({ request, params, context }: LoaderFunctionArgs) {
  const { movie, day, shows } = await findShowDay(params);
  const url = new URL(request.url);
  // After a refused post, the time it was for; otherwise, or when that is none of the day's, the address's.
  const showOf = (id: string | null | undefined) => shows.find((show) => show.id === id);
  const posted = context.postedShow;
  const chosenShow = showOf(posted?.id) ?? showOf(url.searchParams.get("time")) ?? null;
  // Before a time is chosen, the hall of the day's first show is drawn.
  const hall = (await catalogue.hall((chosenShow ?? shows[0]).hallId))!;
  const hallSeats = seatLabels(hall.layout);
  const occupied = !chosenShow
    ? []
    : chosenShow.id === posted?.id && posted.heldSeats
      ? seatsInHallOrder(hallSeats, posted.heldSeats)
      : await occupiedSeats(chosenShow.id);
  const preselected = preselectedSeats(url.searchParams.getAll("seats"), { hallSeats, taken: occupied });
  const viewer = await getViewer(request);
  const soldOut = chosenShow !== null && isSoldOut(seatRuns(hall.layout), occupied);
  // Only a sold-out show has a waitlist to show; a customer's place is looked up then, not on every seat page.
  const waitlistPlace = soldOut && viewer ? await findWaitlistPlace(viewer.uid, chosenShow.id) : null;
  const { companionReleaseMinutes } = config.bookings;
  const companionsKept =
    seatTypesOf(hall.layout).includes("companion") &&
    companionSeatsKept((chosenShow ?? shows[0]).startsAt, companionReleaseMinutes);
  const { timeZone } = cinemaSettings();
  // Days, times and counts are put in words here, so the page's browser loads no time-zone code.
  return {
    movie: {
      id: movie.id,
      title: movie.title,
      posterUrl: movie.posterUrl,
      certificate: movie.certificate,
      certificateDescription: movie.certificateDescription,
    },
    day,
    dayLabel: formatCinemaDay(day),
    shows: shows.map((show) => ({ ...show, time: formatClockTime(show.startsAt, timeZone) })),
    chosenShowId: chosenShow?.id ?? "",
    hall: { name: hall.name, layout: packLayout(hall.layout), typeExtras: hall.typeExtras },
    occupied,
    preselected,
    requestToken: randomUUID(),
    signedIn: Boolean(viewer),
    // A visitor sees the waitlist's sign-in link; a customer their place, or the form to join.
    waitlist: soldOut
      ? {
          place: viewer
            ? waitlistPlace && { ...waitlistPlace, seats: plural(waitlistPlace.seatCount, "seat") }
            : undefined,
        }
      : null,
    strandedSeatRule: config.bookings.strandedSeatRule,
    // While companion seats are kept, the map says so and checks the rule as seats are chosen, with the seats the
    // customer already holds in the show (whose wheelchair space may be among them); the booking checks it again.
    companionSeats: companionsKept
      ? {
          keptUntil: describeMinutes(companionReleaseMinutes),
          held: chosenShow && viewer ? await seatsOfCustomer(null, { userUid: viewer.uid }, chosenShow.id) : [],
        }
      : null,
    ...cinemaSettings(),
  };
}

/**
 * Refused before the post is counted: saying so writes nothing. Back to the show's seat page, where the waitlist is.
 */
/** What a valid seat form asks for, on the seat page of this movie and day. */
export function seatAsk(form: z.output<typeof seatSelectionSchema>, movieId: string, day: string): SeatAsk {
  return { movieId, day, showId: form.time, seats: form.seats, requestToken: form.requestToken };
}

function refuseSoldOut({ movieId, day, showId }: SeatAsk) {
  const { message } = bookingFailure({ reason: "sold-out" });
  return redirectWithError(seatPageUrl(movieId, day, showId, []), message, { status: 303 });
}

export async function bookFromSeatPage({ request, params, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, seatSelectionSchema);
  // A refused post re-draws the page; without JavaScript its address may not name the time posted (decision 26).
  const postedTime = form.ok ? form.value.time : form.response.data.initialValue?.time;
  if (typeof postedTime === "string") context.postedShow = { id: postedTime };
  const ask = form.ok ? seatAsk(form.value, params.id ?? "", params.date ?? "") : null;
  // A show this instance saw sold out a moment ago is refused before the session is read: the answer is everyone's.
  if (ask && knownSoldOut(ask)) return refuseSoldOut(ask);
  const viewer = await getViewer(request);
  const seatRequest = ask && viewer ? { ...ask, userUid: viewer.uid } : null;
  const early = seatRequest ? await checkSeatsBeforeBooking(seatRequest) : null;
  if (early?.failure?.reason === "sold-out") return refuseSoldOut(seatRequest!);
  await limitPosts("booking", request, context);
  // A show found for this movie and day vouches for both; otherwise a missing movie or day answers as the page does.
  if (!early?.showFound) await findShowDay(params);
  if (!form.ok) return form.response;
  // A visitor books as a guest or signs in, on a page of its own that carries the choice along.
  if (!seatRequest) return redirect(guestBookingUrl(params.id!, params.date!, form.value.time, form.value.seats));
  if (early?.failure) {
    // The read that refused the seats is a moment old: the page drawn for the refusal shows what it found.
    context.postedShow = { id: seatRequest.showId, heldSeats: early.heldSeats };
    const { message, status } = bookingFailure(early.failure);
    return form.refuse(message, status);
  }
  return answerBooking(await bookSeats(seatRequest), form.refuse);
}

/**
 * Where a booking post leads: to pay for the seats held, or back to the form with why not. `setCookie` goes with a
 * booking made (a guest's pass to it).
 */
export function answerBooking<Refused>(
  result: Awaited<ReturnType<typeof bookSeats>>,
  refuse: (message: string, status: number) => Refused,
  setCookie?: string,
) {
  if (!result.ok) {
    const { message, status } = bookingFailure(result);
    return refuse(message, status);
  }
  const { booking } = result;
  const headers = setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined;
  // The same form posted again answers what became of its booking, not what the first post said.
  if (booking.status === "paid")
    return redirectWithInfo(`/my-bookings/${booking.id}`, "This booking is already paid.", headers);
  if (booking.status !== "pending") return refuse(repeatedBookingMessage(booking), 409);
  const heldUntil = formatClockTime(booking.holdExpiresAt, cinemaSettings().timeZone);
  return redirectWithSuccess(
    `/my-bookings/${booking.id}/pay`,
    `Seat(s) ${booking.seats.join(", ")} are held for you until ${heldUntil}. Pay before then to book them.`,
    headers,
  );
}
