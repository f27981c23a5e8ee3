import { getFormProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useHallDay } from "~/components/AddShowForm";
import { HallDay, type HallDayShows } from "~/components/add-show/HallDay";
import { FormErrors, FormField } from "~/components/FormField";
import { config } from "~/config.server";
import { useValidatedForm } from "~/hooks/use-validated-form";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { readHallDay } from "~/http/hall-day.server";
import { notFound } from "~/http/not-found.server";
import { moveFailureMessage } from "~/http/show-failures.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { listHallsInUse } from "~/models/halls.server";
import { findShowToChange, moveShow } from "~/models/show-changes.server";
import { SHOW_TIME_RANGE } from "~/schemas/add-show";
import { moveShowSchema } from "~/schemas/show-changes";
import { listedShowPath, SHOW_NOT_FOUND } from "~/schemas/show-list";
import addShowsStyles from "~/styles/add-shows.css";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";
import { formatLocalClock, formatShowTime } from "~/utils/show-display";
import { localShowTime } from "~/utils/wall-clock";

// Move Show: a new time and/or hall for a show, by Add Shows' rules; its ticket holders are mailed. The chosen hall's
// day is shown beside the form, and a show with paid bookings moves only once staff confirm their number.

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: addShowsStyles }]);
export const meta = pageMeta("Move Show – Admin Panel", "Move a show to another time or hall and tell its customers.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const show = await findShowToChange(params.id ?? "");
  if (!show) throw notFound(SHOW_NOT_FOUND);
  const halls = (await listHallsInUse()).map(({ id, name, seatCount }) => ({ id, name, seatCount }));
  // The time as the form's input can show it: a repeated time's offset is asked about if it is typed again.
  const time = localShowTime(new Date(show.startsAt), config.timeZone).slice(0, 16);
  const hallDay = await readHallDay(show.hallId, show.day);
  return { show, halls, time, hallDay, back: listedShowPath(show), ...cinemaSettings() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const form = await readSubmission(request, moveShowSchema);
  if (!form.ok) return form.response;
  const moved = await moveShow(staff.uid, params.id ?? "", form.value);
  if (!moved.ok) {
    const { hallId, time } = form.value;
    const hallDay = await readHallDay(hallId, time.slice(0, 10));
    const { message, field } = moveFailureMessage(moved);
    if (moved.reason === "unconfirmed") {
      const asking = form.update({});
      const confirm = { question: message, hallId, time, paidBookings: moved.paidBookings };
      return data({ ...asking.data, hallDay, confirm }, asking.init ?? undefined);
    }
    const refused = form.refuse(message, 409, field);
    const timeChoices = moved.reason === "ambiguous" ? moved.choices : undefined;
    return data({ ...refused.data, hallDay, timeChoices }, refused.init ?? undefined);
  }
  const show = (await findShowToChange(params.id!))!;
  const told = moved.paidBookings === 1 ? "1 paid booking is" : `${moved.paidBookings} paid bookings are`;
  return redirectWithSuccess(listedShowPath(show), `Show moved. ${told} mailed the new time.`);
}

const OCCURRENCES = ["first", "second"];

export default function MoveShow() {
  const { show, halls, time, back, timeZone, ...opened } = useLoaderData<typeof loader>();
  const answer = useActionData<{
    timeChoices?: string[];
    hallDay?: HallDayShows | null;
    confirm?: { question: string; hallId: string; time: string; paidBookings: number };
  }>();
  const choices = answer?.timeChoices;
  const [form, fields] = useValidatedForm(moveShowSchema, { defaultValue: { hallId: show.hallId, time } });
  const hallDay = useHallDay(fields.hallId.value, fields.time.value) ?? answer?.hallDay ?? opened.hallDay;
  const submitting = useNavigation().state === "submitting";
  const unchangeable = show.cancelled
    ? "This show is cancelled."
    : show.started
      ? "This show has already started."
      : null;
  return (
    <section aria-labelledby="move-show-title" className="show-change">
      <h1 id="move-show-title">Move Show</h1>
      <p>
        <strong>{show.title}</strong>, now{" "}
        <time dateTime={show.startsAt}>{formatShowTime(show.startsAt, timeZone)}</time>, {show.hallName}
      </p>
      {unchangeable ? (
        <p role="alert">{unchangeable} It can no longer be moved.</p>
      ) : (
        <>
          <p>
            {show.paidBookings === 1 ? "The 1 paid booking" : `The ${show.paidBookings} paid bookings`} will be mailed
            the new time; seats stay the same, so another hall must have every seat sold or held.
          </p>
          <Form method="post" {...getFormProps(form)} className="show-change-form">
            <FormErrors id={form.errorId} errors={form.errors} />
            <div className="field">
              <label htmlFor={fields.hallId.id}>Hall</label>
              <select {...getSelectProps(fields.hallId)} key={fields.hallId.key}>
                {halls.map((hall) => (
                  <option key={hall.id} value={hall.id}>
                    {hall.name} ({hall.seatCount} seats)
                  </option>
                ))}
              </select>
              <p id={fields.hallId.errorId} className="field-error">
                {fields.hallId.errors?.[0]}
              </p>
            </div>
            <FormField
              meta={fields.time}
              label="New date and time"
              type="datetime-local"
              attributes={SHOW_TIME_RANGE}
            />
            <button type="submit" className="button" disabled={submitting}>
              {submitting ? "Moving..." : "Move show"}
            </button>
          </Form>
          {answer?.confirm ? (
            // The move as it was checked, confirmed for the paid bookings it was checked with.
            <Form method="post" className="show-change-form">
              <p role="alert" className="change-question">
                {answer.confirm.question}
              </p>
              <input type="hidden" name="hallId" value={answer.confirm.hallId} />
              <input type="hidden" name="time" value={answer.confirm.time} />
              <input type="hidden" name="confirmedPaid" value={answer.confirm.paidBookings} />
              <button type="submit" className="button" disabled={submitting}>
                Move show and mail them
              </button>
            </Form>
          ) : null}
          {choices ? (
            // The two occurrences of a repeated time, each its own form: the typed time is the one asked about.
            <Form method="post" className="time-choices" role="group" aria-label="Which one?">
              <input type="hidden" name="hallId" value={fields.hallId.value ?? show.hallId} />
              {choices.map((choice, index) => (
                <button
                  key={choice}
                  type="submit"
                  name="time"
                  value={choice}
                  className="button button-ghost button-small"
                >
                  {`${formatLocalClock(choice, timeZone)} (${OCCURRENCES[index]})`}
                </button>
              ))}
            </Form>
          ) : null}
          {hallDay ? (
            <section aria-labelledby="move-hall-day-title" className="move-hall-day">
              <h2 id="move-hall-day-title">The hall that day</h2>
              <HallDay hallDay={hallDay} timeZone={timeZone} />
            </section>
          ) : null}
        </>
      )}
      <p>
        <Link to={back} className="text-link">
          Back to List Shows
        </Link>
      </p>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
