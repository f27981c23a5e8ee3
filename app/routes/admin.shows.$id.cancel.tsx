import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { config } from "~/config.server";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { cancelFailureMessage, changeQuestion } from "~/http/show-failures.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { cancelShow, findShowToChange } from "~/models/show-changes.server";
import { cancelShowSchema } from "~/schemas/show-changes";
import { listedShowPath, SHOW_NOT_FOUND } from "~/schemas/show-list";
import { plural } from "~/utils/format";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";

// The confirmation before a show with bookings is cancelled: what will be refunded, then one button that carries the
// number of paid bookings it was pressed for; a booking paid for meanwhile asks again.

export const meta = pageMeta("Cancel Show – Admin Panel", "Cancel a show and refund its bookings.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const show = await findShowToChange(params.id ?? "");
  if (!show) throw notFound(SHOW_NOT_FOUND);
  const question = show.paidBookings > 0 ? changeQuestion("cancel", show) : null;
  return { show, question, back: listedShowPath(show), ...cinemaSettings() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const here = new URL(request.url).pathname;
  const form = await readSubmission(request, cancelShowSchema);
  if (!form.ok) return redirectWithError(here, form.message);
  const showId = params.id ?? "";
  const cancelled = await cancelShow(staff.uid, showId, form.value.confirmedPaid);
  if (!cancelled.ok && cancelled.reason === "unconfirmed")
    return data({ question: cancelFailureMessage(cancelled), paidBookings: cancelled.paidBookings }, { status: 409 });
  if (!cancelled.ok) return redirectWithError(here, cancelFailureMessage(cancelled));
  const refunds = `${plural(cancelled.refunded, "booking")} refunded (${formatMoney(cancelled.refundedCents, config.currency)})`;
  const holds = cancelled.released > 0 ? `, ${plural(cancelled.released, "hold")} let go` : "";
  return redirectWithSuccess(listedShowPath((await findShowToChange(showId))!), `Show cancelled: ${refunds}${holds}.`);
}

export default function CancelShow() {
  const { show, question, back, timeZone, currency } = useLoaderData<typeof loader>();
  const askedAgain = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const when = formatShowTime(show.startsAt, timeZone);
  const refusal = show.cancelled
    ? "This show is cancelled."
    : show.started
      ? "This show has already started, so it can no longer be cancelled."
      : null;
  return (
    <section aria-labelledby="cancel-show-title" className="show-change">
      <h1 id="cancel-show-title">Cancel Show</h1>
      <p>
        <strong>{show.title}</strong>, <time dateTime={show.startsAt}>{when}</time>, {show.hallName}
      </p>
      {refusal ? (
        <p role="alert">{refusal}</p>
      ) : (
        <Form method="post" className="show-change-form">
          <ul aria-label="What cancelling does">
            <li>
              {plural(show.paidBookings, "paid booking")} refunded in full:{" "}
              <strong>{formatMoney(show.paidCents, currency)}</strong>
            </li>
            <li>{plural(show.holds, "unpaid hold")} let go</li>
            <li>Each of these customers gets a mail; people on the waitlist are taken off it.</li>
          </ul>
          <p>The show leaves the customers&apos; pages and cannot be booked again. This cannot be undone.</p>
          {askedAgain ? (
            <p role="alert" className="change-question">
              {askedAgain.question}
            </p>
          ) : question ? (
            <p className="change-question">{question}</p>
          ) : null}
          <input type="hidden" name="confirmedPaid" value={askedAgain?.paidBookings ?? show.paidBookings} />
          <button type="submit" className="button button-danger" disabled={submitting}>
            {submitting ? "Cancelling..." : "Cancel show and refund"}
          </button>
        </Form>
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
