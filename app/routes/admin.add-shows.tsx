import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { AddShowForm } from "~/components/AddShowForm";
import { config } from "~/config.server";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccessLink } from "~/http/toast.server";
import { NO_HALL, scheduleProblemMessage } from "~/http/show-failures.server";
import { requireStaff } from "~/http/viewer.server";
import { readHallDay } from "~/http/hall-day.server";
import { listHallsInUse } from "~/models/halls.server";
import { addShowTime, createShows, listMovieChoices, removeShowTime } from "~/models/show-scheduling.server";
import { addRepeatedTimes } from "~/models/show-repeats.server";
import { repeatRefusalMessages } from "~/http/repeat-failures.server";
import { REPEAT_SHOWS, repeatRule } from "~/schemas/show-repeat";
import { typesOnSale } from "~/models/ticket-types.server";
import {
  addShowSchema,
  CREATE_SHOW,
  PRICE_LIST_CHANGED,
  pricesByType,
  SHOW_DAY,
  timeToAdd,
  timeToRemove,
  TOO_MANY_TIMES,
} from "~/schemas/add-show";
import { parseQuery } from "~/schemas/list-query";
import { movieSearchSchema } from "~/schemas/movie-search";
import { listedShowPath } from "~/schemas/show-list";
import addShowsStyles from "~/styles/add-shows.css";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: addShowsStyles }]);
export const meta = pageMeta(
  "Add Shows – Admin Panel",
  "Schedule new shows of a movie: pick the movie, set the prices and add the times.",
);

const SHOW_ADDED = "Show added successfully";
const NO_MOVIE = "That movie is no longer in the catalogue. Please select another.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const { search } = parseQuery(movieSearchSchema, new URL(request.url).searchParams);
  const halls = (await listHallsInUse()).map(({ id, name, seatCount }) => ({ id, name, seatCount }));
  const ticketTypes = await typesOnSale();
  return { search, halls, ticketTypes, ...(await listMovieChoices(search)), ...cinemaSettings() };
}

// The movie list does not change when shows are added: the form's posts need not load it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

type Submission = Extract<Awaited<ReturnType<typeof readSubmission>>, { ok: true }>;
type Refusal =
  | Exclude<Awaited<ReturnType<typeof addShowTime>>, { ok: true }>
  | Exclude<Awaited<ReturnType<typeof createShows>>, { ok: true }>;

/** What the form says when a time cannot be scheduled. */
function refusalMessage(refusal: Refusal) {
  if (refusal.reason === "no-movie") return NO_MOVIE;
  if (refusal.reason === "no-hall") return NO_HALL;
  if (refusal.reason === "too-many") return TOO_MANY_TIMES;
  if (refusal.reason === "price-list-changed") return PRICE_LIST_CHANGED;
  return scheduleProblemMessage(refusal);
}

/** The form again with why a time was refused; for a time the clocks repeat, with its two occurrences to choose. */
function refuse(form: Submission, refusal: Refusal, field: "movieId" | "hallId" | "prices" | "time" | "times") {
  const refused = form.refuse(refusalMessage(refusal), 409, field);
  if (refusal.reason !== "ambiguous") return refused;
  return data({ ...refused.data, timeChoices: refusal.choices }, refused.init ?? undefined);
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const form = await readSubmission(request, addShowSchema(config.currency));
  if (!form.ok) return form.response;
  const step = form.value;
  if (step.intent === CREATE_SHOW) {
    const created = await createShows(staff.uid, {
      movieId: step.movieId,
      hallId: step.hallId,
      prices: pricesByType(step, config.currency),
      times: step.times,
      format: { projection: step.projection, subtitled: step.subtitled, audioDescribed: step.audioDescribed },
    });
    if (!created.ok) return refuse(form, created, refusedField[created.reason] ?? "times");
    return redirectWithSuccessLink("/admin/add-shows", SHOW_ADDED, {
      to: listedShowPath({ ...created.first, movieId: step.movieId }),
      label: "View in List Shows",
    });
  }
  if (step.intent === SHOW_DAY) return withHallDay(form.update({ intent: undefined }), step.hallId, step.time);
  if (step.intent === REPEAT_SHOWS) {
    const repeated = await addRepeatedTimes(step, step.times, repeatRule(step));
    if (!repeated.ok) return form.refuse(repeatRefusalMessages(repeated), 409);
    return form.update({ intent: undefined, times: repeated.times });
  }
  const adding = timeToAdd(step);
  if (adding) {
    const added = await addShowTime(step, step.times, adding);
    if (!added.ok) return refuse(form, added, "time");
    const update = form.update({ intent: undefined, times: added.times }, { emptied: "time" });
    return step.hallId ? withHallDay(update, step.hallId, adding) : update;
  }
  const removing = timeToRemove(step);
  return form.update({ intent: undefined, times: removing ? removeShowTime(step.times, removing) : step.times });
}

const refusedField: Partial<Record<Refusal["reason"], "movieId" | "hallId" | "prices">> = {
  "no-movie": "movieId",
  "no-hall": "hallId",
  "price-list-changed": "prices",
};

/** A step's answer with the hall's shows on the day of `time`, so staff see when it is free. */
async function withHallDay(update: ReturnType<Submission["update"]>, hallId: string, time: string) {
  return data({ ...update.data, hallDay: await readHallDay(hallId, time.slice(0, 10)) }, update.init ?? undefined);
}

export default function AddShows() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A new page (the one after Create Show) starts an empty form, with or without JavaScript.
  const { key } = useLocation();
  return (
    <section aria-labelledby="add-shows-title">
      <h1 id="add-shows-title">Add Shows</h1>
      <AddShowForm key={key} {...page} actionData={actionData} />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
