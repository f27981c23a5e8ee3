import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { useState, type ChangeEvent } from "react";
import { BookingErrorBoundary } from "~/components/ErrorPage";
import { SeatChoice } from "~/components/seat-page/SeatChoice";
import { SeatMap } from "~/components/seat-page/SeatMap";
import { ShowTimes } from "~/components/seat-page/ShowTimes";
import { WaitlistPanel } from "~/components/seat-page/WaitlistPanel";
import { showToast } from "~/components/Toaster";
import { bookingAmountCents } from "~/domain/booking";
import {
  NO_SHOWS_ON_DAY,
  SELECT_TIME_FIRST,
  seatPageUrl,
  strandedSeatMessage,
  TOO_MANY_SEATS,
} from "~/domain/booking-steps";
import { isSeatLabel, layoutSeats, seatRuns } from "~/domain/hall-layout";
import { MAX_SEATS_PER_BOOKING, preselectedSeats, refusedStrandedSeats } from "~/domain/seat-map";
import { isSoldOut } from "~/domain/waitlist";
import { useHydrated } from "~/hooks/use-hydrated";
import { bookingFailure, repeatedBookingMessage } from "~/http/booking-failures.server";
import { catalogue } from "~/http/catalogue.server";
import { config } from "~/config.server";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { limitPosts } from "~/http/post-limits.server";
import { requireMovie } from "~/http/movies.server";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "~/http/toast.server";
import { getViewer } from "~/http/viewer.server";
import { bookSeats, checkSeatsBeforeBooking, occupiedSeats } from "~/models/bookings.server";
import { findWaitlistPlace } from "~/models/waitlist.server";
import { seatSelectionSchema } from "~/schemas/booking";
import seatStyles from "~/styles/seats.css";
import { isShowDay, isValidDay } from "~/utils/dates";
import { formatCinemaDay, formatClockTime } from "~/utils/show-display";

export { BookingErrorBoundary as ErrorBoundary };
export { keepRetryAfter as headers } from "~/http/post-limits.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: seatStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Seats for ${data.movie.title} – Marquee Cinemas` : "Choose seats – Marquee Cinemas" },
  { name: "description", content: "Pick a show time and up to five seats, then book them." },
];

/** The seat map's id: the anchor a chosen time lands on. */
const SEAT_MAP_ID = "seats";

const BAD_DATE = "That date could not be read. Please pick a date.";

/**
 * The movie and its shows that day. An unknown movie, or a day outside the years shows are sold, is a 404; a day
 * that cannot be read, or has no shows, goes back to the dates.
 */
async function findShowDay(params: LoaderFunctionArgs["params"]) {
  const movie = await requireMovie(params.id);
  const day = params.date ?? "";
  const backToDates = `/movies/${movie.id}#dates`;
  if (!isValidDay(day)) throw await redirectWithError(backToDates, BAD_DATE);
  if (!isShowDay(day)) throw new Response("No shows that year", { status: 404 });
  const shows = await catalogue.showsOnDay(movie.id, day);
  if (shows.length === 0) throw await redirectWithError(backToDates, NO_SHOWS_ON_DAY);
  return { movie, day, shows };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { movie, day, shows } = await findShowDay(params);
  const url = new URL(request.url);
  const chosenShow = shows.find((show) => show.id === url.searchParams.get("time")) ?? null;
  // Before a time is chosen, the hall of the day's first show is drawn.
  const hall = (await catalogue.hall((chosenShow ?? shows[0]).hallId))!;
  const occupied = chosenShow ? await occupiedSeats(chosenShow.id) : [];
  const preselected = preselectedSeats(url.searchParams.getAll("seats"), {
    hallSeats: layoutSeats(hall.layout).map((seat) => seat.label),
    taken: occupied,
  });
  const viewer = await getViewer(request);
  const soldOut = chosenShow !== null && isSoldOut(seatRuns(hall.layout), occupied);
  // Only a sold-out show has a waitlist to show; a customer's place is looked up then, not on every seat page.
  const waitlistPlace = soldOut && viewer ? await findWaitlistPlace(viewer.uid, chosenShow.id) : null;
  return {
    movie: { id: movie.id, title: movie.title, posterUrl: movie.posterUrl },
    day,
    shows,
    chosenShowId: chosenShow?.id ?? "",
    hall: { name: hall.name, layout: hall.layout, typeExtras: hall.typeExtras },
    occupied,
    preselected,
    requestToken: randomUUID(),
    signedIn: Boolean(viewer),
    // A visitor sees the waitlist's sign-in link; a customer their place, or the form to join.
    waitlist: soldOut ? { place: viewer ? waitlistPlace : undefined } : null,
    strandedSeatRule: config.bookings.strandedSeatRule,
    ...cinemaSettings(),
  };
}

// A refused booking (409) is when the seat map most needs fresh occupancy; Remix skips reloading after a 4xx.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readSubmission(request, seatSelectionSchema);
  const viewer = await getViewer(request);
  const seatRequest =
    form.ok && viewer
      ? {
          ...form.value,
          userUid: viewer.uid,
          movieId: params.id ?? "",
          day: params.date ?? "",
          showId: form.value.time,
        }
      : null;
  const early = seatRequest ? await checkSeatsBeforeBooking(seatRequest) : null;
  // Refused before the post is counted: saying so writes nothing. Back to the show's seat page, where the waitlist is.
  if (early?.failure?.reason === "sold-out") {
    const { movieId, day, showId } = seatRequest!;
    return redirectWithError(seatPageUrl(movieId, day, showId, []), bookingFailure(early.failure).message, {
      status: 303,
    });
  }
  await limitPosts("booking", request, context);
  // A show found for this movie and day vouches for both; otherwise a missing movie or day answers as the page does.
  if (!early?.showFound) await findShowDay(params);
  if (!form.ok) return form.response;
  if (!seatRequest) {
    const back = seatPageUrl(params.id!, params.date!, form.value.time, form.value.seats);
    return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
  }
  if (early?.failure) {
    const { message, status, field } = bookingFailure(early.failure);
    return form.refuse(message, status, field);
  }
  const result = await bookSeats(seatRequest);
  if (!result.ok) {
    const { message, status, field } = bookingFailure(result);
    return form.refuse(message, status, field);
  }
  const { booking } = result;
  // The same form posted again answers what became of its booking, not what the first post said.
  if (booking.status === "paid") return redirectWithInfo(`/my-bookings/${booking.id}`, "This booking is already paid.");
  if (booking.status !== "pending") return form.refuse(repeatedBookingMessage(booking), 409);
  const heldUntil = formatClockTime(booking.holdExpiresAt, cinemaSettings().timeZone);
  return redirectWithSuccess(
    `/my-bookings/${booking.id}/pay`,
    `Booked seat(s) ${booking.seats.join(", ")}. They are held for you until ${heldUntil}.`,
  );
}

export default function SeatPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const posted = lastResult?.initialValue;
  const [time, setTime] = useState(() => (typeof posted?.time === "string" ? posted.time : page.chosenShowId));
  const [chosen, setChosen] = useState<string[]>(() =>
    [posted?.seats ?? page.preselected].flat().filter((seat): seat is string => isSeatLabel(seat)),
  );
  const occupied = new Set(page.occupied);
  const hallSeats = layoutSeats(page.hall.layout);
  // Seats someone else took meanwhile, or that this show's hall does not have, drop out of the choice.
  const seats = hallSeats.filter((seat) => chosen.includes(seat.label) && !occupied.has(seat.label));
  const labels = seats.map((seat) => seat.label);
  const show = page.shows.find((candidate) => candidate.id === time);
  const total = show
    ? bookingAmountCents(
        show.priceCents,
        seats.map((seat) => seat.type),
        page.hall.typeExtras,
      )
    : 0;
  const refreshing =
    navigation.state === "loading" && navigation.location.pathname === `/movies/${page.movie.id}/${page.day}`;
  const errors = lastResult?.error ?? {};
  // The booking's rule, checked as seats are chosen; the server checks it again when the form is posted.
  const stranded =
    page.strandedSeatRule && time
      ? refusedStrandedSeats({ runs: seatRuns(page.hall.layout), taken: page.occupied, chosen: labels })
      : [];
  const strandedMessage = stranded.length > 0 ? strandedSeatMessage(stranded) : undefined;

  const chooseTime = (showId: string) => {
    setTime(showId);
    navigate(seatPageUrl(page.movie.id, page.day, showId, labels), { replace: true, preventScrollReset: true });
    // The seat map is what comes next: on a phone it is below the times.
    const seatMap = document.getElementById(SEAT_MAP_ID);
    seatMap?.scrollIntoView({ block: "start" });
    seatMap?.focus({ preventScroll: true });
  };
  const toggleSeat = (seat: string, event: ChangeEvent<HTMLInputElement>) => {
    if (!time) return showToast({ type: "error", message: SELECT_TIME_FIRST });
    if (event.target.checked && labels.length >= MAX_SEATS_PER_BOOKING) {
      return showToast({ type: "error", message: TOO_MANY_SEATS });
    }
    setChosen(event.target.checked ? [...labels, seat] : labels.filter((other) => other !== seat));
  };

  return (
    <section className="seat-page page-top" aria-labelledby="seat-page-title">
      <Form method="post" className="seat-form" aria-describedby="seat-form-errors">
        <input type="hidden" name="requestToken" value={page.requestToken} />
        <aside className="seat-summary">
          <img src={page.movie.posterUrl} alt="" width={300} height={450} className="seat-poster" />
          <div>
            <h1 id="seat-page-title">{page.movie.title}</h1>
            <p className="seat-day">{formatCinemaDay(page.day)}</p>
          </div>
          <ShowTimes
            shows={page.shows}
            chosen={time}
            onChoose={chooseTime}
            error={errors.time?.[0]}
            seatMapUrl={`/movies/${page.movie.id}/${page.day}#${SEAT_MAP_ID}`}
            timeZone={page.timeZone}
            currency={page.currency}
          />
          {page.signedIn ? null : <p className="field-note">You will be asked to sign in; your choice is kept.</p>}
          <Link to={`/movies/${page.movie.id}#dates`} className="text-link touch-link">
            Choose another date
          </Link>
        </aside>
        <SeatMap
          id={SEAT_MAP_ID}
          hallName={page.hall.name}
          layout={page.hall.layout}
          typeExtras={page.hall.typeExtras}
          occupied={occupied}
          selected={labels}
          stranded={stranded}
          onToggle={toggleSeat}
          interactive={hydrated}
          timeChosen={Boolean(time)}
          refreshing={refreshing}
          error={errors.seats?.[0] ?? strandedMessage}
          currency={page.currency}
        />
        <SeatChoice
          seats={labels}
          totalCents={total}
          currency={page.currency}
          formErrors={errors[""]}
          disabled={
            hydrated && (!time || labels.length === 0 || stranded.length > 0 || navigation.state === "submitting")
          }
          submitting={navigation.state === "submitting"}
        />
      </Form>
      {page.waitlist ? (
        <WaitlistPanel
          action={`/movies/${page.movie.id}/${page.day}/waitlist`}
          showId={page.chosenShowId}
          place={page.waitlist.place}
          signInHref={`/login?${new URLSearchParams({ redirectTo: `/movies/${page.movie.id}/${page.day}?time=${page.chosenShowId}#waitlist` })}`}
        />
      ) : null}
    </section>
  );
}
