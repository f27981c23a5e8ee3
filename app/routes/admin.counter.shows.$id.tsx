import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CounterSeatForm } from "~/components/counter/CounterSeatForm";
import { bookingFailure } from "~/http/booking-failures.server";
import { cinemaSettings } from "~/http/cinema.server";
import { COUNTER_SHOW_NOT_FOUND, counterSalePath } from "~/http/counter.server";
import { readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { requireStaff } from "~/http/viewer.server";
import { findCounterShow, holdCounterSeats } from "~/models/counter-sales.server";
import { counterSeatsSchema } from "~/schemas/counter";
import counterStyles from "~/styles/counter.css";
import seatStyles from "~/styles/seats.css";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";

// A show's seats at the counter: the whole hall; Hold Seats books them through the online booking path.

export const { links, handle } = pageLinks([
  { rel: "stylesheet", href: seatStyles },
  { rel: "stylesheet", href: counterStyles },
]);
export const meta = pageMeta("Counter Seats – Admin Panel", "Choose the seats a customer at the counter buys.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  const found = await findCounterShow(params.id ?? "");
  if (!found) throw notFound(COUNTER_SHOW_NOT_FOUND);
  const { show, hall, occupied } = found;
  return {
    show,
    hall: { name: hall.name, layout: hall.layout },
    occupied,
    requestToken: randomUUID(),
    ...cinemaSettings(),
  };
}

export { revalidateAfterEveryPost as shouldRevalidate } from "~/utils/revalidation";

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sell-at-counter");
  const form = await readSubmission(request, counterSeatsSchema);
  if (!form.ok) return form.response;
  const found = form.value.time === params.id ? await findCounterShow(form.value.time) : null;
  if (!found) return form.refuse(COUNTER_SHOW_NOT_FOUND, 409);
  const { seats, requestToken, email } = form.value;
  const { show } = found;
  const held = await holdCounterSeats(
    { movieId: show.movieId, day: show.day, showId: show.id, seats, requestToken },
    staff.uid,
    email ?? null,
  );
  if (!held.ok) {
    const { message, status } = bookingFailure(held);
    return form.refuse(message, status);
  }
  return redirect(counterSalePath(held.booking.id));
}

export default function CounterSeats() {
  const { show, hall, occupied, requestToken, timeZone } = useLoaderData<typeof loader>();
  return (
    <section className="counter" aria-labelledby="counter-seats-title">
      <h1 id="counter-seats-title">Counter: {show.title}</h1>
      <p>
        <time dateTime={show.startsAt}>{formatShowTime(show.startsAt, timeZone)}</time>, {hall.name}
      </p>
      {/* A new form for each page drawn: the token of a refused post is not used again. */}
      <CounterSeatForm
        key={requestToken}
        showId={show.id}
        layout={hall.layout}
        occupied={occupied}
        requestToken={requestToken}
      />
      <p>
        <Link to="/admin/counter" className="text-link">
          Back to the shows
        </Link>
      </p>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
