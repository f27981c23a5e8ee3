import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import { Artwork } from "~/components/Artwork";
import { CertificateBadge } from "~/components/CertificateBadge";
import { PROCEED_NOTE_ID, SeatChoice } from "~/components/seat-page/SeatChoice";
import { SeatMap } from "~/components/seat-page/SeatMap";
import { ShowTimes } from "~/components/seat-page/ShowTimes";
import { WaitlistPanel } from "~/components/seat-page/WaitlistPanel";
import { showToast } from "~/components/Toaster";
import { bookingAmountCents } from "~/domain/hall";
import {
  companionSeatMessage,
  SELECT_A_SEAT,
  SELECT_TIME_FIRST,
  strandedSeatMessage,
  TOO_MANY_SEATS,
} from "~/domain/booking-steps";
import { seatPageUrl } from "~/domain/seat-page-paths";
import { companionPartners, isSeatLabel, layoutSeats, seatRuns, unpackLayout } from "~/domain/hall-layout";
import { MAX_SEATS_PER_BOOKING } from "~/domain/seat-limits";
import { refusedCompanionSeats, refusedStrandedSeats } from "~/domain/seat-map";
import { useHydrated } from "~/hooks/use-hydrated";
import type { bookFromSeatPage, loadSeatPage } from "~/http/seat-page.server";
import seatStyles from "~/styles/seats.css";
import { withErrorMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export { loadSeatPage as loader, bookFromSeatPage as action, keepRetryAfter as headers } from "~/http/seat-page.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: seatStyles }]);

export const meta = withErrorMeta<typeof loadSeatPage>(({ data }) => [
  { title: data ? `Seats for ${data.movie.title} – Marquee Cinemas` : "Choose seats – Marquee Cinemas" },
  { name: "description", content: "Pick a show time and up to five seats, then book them." },
]);

/** The seat map's id: the anchor a chosen time lands on. */
const SEAT_MAP_ID = "seats";

export { revalidateAfterEveryPost as shouldRevalidate } from "~/utils/revalidation";

export default function SeatPage() {
  const page = useLoaderData<typeof loadSeatPage>();
  const lastResult = useActionData<typeof bookFromSeatPage>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const posted = lastResult?.initialValue;
  const [time, setTime] = useState(() => (typeof posted?.time === "string" ? posted.time : page.chosenShowId));
  const [chosen, setChosen] = useState<string[]>(() =>
    [posted?.seats ?? page.preselected].flat().filter((seat): seat is string => isSeatLabel(seat)),
  );
  const occupied = new Set(page.occupied);
  const layout = unpackLayout(page.hall.layout);
  const hallSeats = layoutSeats(layout);
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
      ? refusedStrandedSeats({ runs: seatRuns(layout), taken: page.occupied, chosen: labels })
      : [];
  const strandedMessage = stranded.length > 0 ? strandedSeatMessage(stranded) : undefined;
  const { companionSeats } = page;
  const companionsAlone =
    companionSeats && time
      ? refusedCompanionSeats({ partners: companionPartners(layout), chosen: labels, held: companionSeats.held })
      : [];
  const companionMessage =
    companionSeats && companionsAlone.length > 0
      ? companionSeatMessage(companionsAlone, companionSeats.keptUntil)
      : undefined;
  // Said next to Proceed while it waits; without JavaScript Proceed never waits and the server answers there.
  const proceedWaitsFor = !hydrated
    ? undefined
    : !time
      ? SELECT_TIME_FIRST
      : labels.length === 0
        ? SELECT_A_SEAT
        : (strandedMessage ?? companionMessage);

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
          <Artwork
            src={page.movie.posterUrl}
            kind="poster"
            sizes="150px"
            width={300}
            height={450}
            className="seat-poster"
          />
          <div>
            <h1 id="seat-page-title">{page.movie.title}</h1>
            <p className="seat-day">{page.dayLabel}</p>
            {page.movie.certificate ? (
              <p className="seat-certificate">
                <CertificateBadge code={page.movie.certificate} description={page.movie.certificateDescription} />
              </p>
            ) : null}
          </div>
          <ShowTimes
            shows={page.shows}
            chosen={time}
            onChoose={chooseTime}
            error={errors.time?.[0]}
            seatMapUrl={`/movies/${page.movie.id}/${page.day}#${SEAT_MAP_ID}`}
            currency={page.currency}
          />
          {page.signedIn ? null : <p className="field-note">Next, sign in or book as a guest; your choice is kept.</p>}
          <Link to={`/movies/${page.movie.id}?day=${page.day}#times`} className="text-link touch-link">
            Choose another date
          </Link>
        </aside>
        <SeatMap
          id={SEAT_MAP_ID}
          hallName={page.hall.name}
          layout={layout}
          typeExtras={page.hall.typeExtras}
          occupied={occupied}
          selected={labels}
          stranded={stranded}
          onToggle={toggleSeat}
          interactive={hydrated}
          timeChosen={Boolean(time)}
          refreshing={refreshing}
          companionsKeptUntil={companionSeats?.keptUntil ?? null}
          describedBy={`${PROCEED_NOTE_ID} seat-form-errors`}
          error={errors.seats?.[0]}
          currency={page.currency}
        />
        <SeatChoice
          seats={labels}
          totalCents={total}
          currency={page.currency}
          formErrors={errors[""]}
          waitingFor={proceedWaitsFor}
          disabled={proceedWaitsFor !== undefined || navigation.state === "submitting"}
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

export { ErrorBoundary } from "~/components/ErrorPage";
