import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { AddShowForm } from "~/components/AddShowForm";
import { AdminErrorBoundary } from "~/components/ErrorPage";
import { config } from "~/config.server";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { addShowTime, createShows, listMovieChoices, removeShowTime } from "~/models/show-admin.server";
import { addShowSchema, CREATE_SHOW, TIME_INVALID, timeToAdd, timeToRemove, TOO_MANY_TIMES } from "~/schemas/add-show";
import { parseQuery } from "~/schemas/list-query";
import { movieSearchSchema } from "~/schemas/movie-search";
import addShowsStyles from "~/styles/add-shows.css";
import { formatRuntime } from "~/utils/format";
import { toMinorUnits } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { formatLocalClock, formatLocalDay, formatLocalShowTime } from "~/utils/show-display";

export { AdminErrorBoundary as ErrorBoundary };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: addShowsStyles }];
export const meta = pageMeta(
  "Add Shows – Admin Panel",
  "Schedule new shows of a movie: pick the movie, set the price and add the times.",
);

const SHOW_ADDED = "Show added successfully";
const NO_MOVIE = "That movie is no longer in the catalogue. Please select another.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const { search } = parseQuery(movieSearchSchema, new URL(request.url).searchParams);
  return { search, ...(await listMovieChoices(search)), ...cinemaSettings() };
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
  if (refusal.reason === "too-many") return TOO_MANY_TIMES;
  if (refusal.reason === "invalid") return TIME_INVALID;
  const { timeZone } = config;
  const when = formatLocalShowTime(refusal.time, timeZone, {
    withYear: refusal.reason === "past" || refusal.reason === "too-far",
  });
  const clockOnDay = `${formatLocalClock(refusal.time, timeZone)} on ${formatLocalDay(refusal.time)}`;
  switch (refusal.reason) {
    case "nonexistent":
      return `${clockOnDay} does not exist in ${timeZone}: clocks go forward that night. Please pick another time.`;
    case "ambiguous":
      return `${clockOnDay} happens twice in ${timeZone}: clocks go back that night. Please choose which one.`;
    case "past":
      return `${when} has already passed. Please pick a time in the future.`;
    case "too-far":
      return `${when} is more than a year ahead. Please check the date.`;
    case "duplicate":
      return `${refusal.title} already has a show at ${when}.`;
    case "overlap":
      return `${when} overlaps the show at ${formatLocalShowTime(refusal.other, timeZone)} (${refusal.title} runs ${formatRuntime(refusal.runtime)}).`;
    case "overlap-listed":
      return `${when} overlaps ${formatLocalShowTime(refusal.other, timeZone)}, also on the list (${refusal.title} runs ${formatRuntime(refusal.runtime)}).`;
  }
}

/** The form again with why a time was refused; for a time the clocks repeat, with its two occurrences to choose. */
function refuse(form: Submission, refusal: Refusal, field: "movieId" | "time" | "times") {
  const refused = form.refuse(refusalMessage(refusal), 409, field);
  if (refusal.reason !== "ambiguous") return refused;
  return data({ ...refused.data, timeChoices: refusal.choices }, refused.init ?? undefined);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const form = await readSubmission(request, addShowSchema(config.currency));
  if (!form.ok) return form.response;
  const step = form.value;
  if (step.intent === CREATE_SHOW) {
    const created = await createShows({
      movieId: step.movieId,
      priceCents: toMinorUnits(step.price, config.currency),
      times: step.times,
    });
    if (!created.ok) return refuse(form, created, created.reason === "no-movie" ? "movieId" : "times");
    return redirectWithSuccess("/admin/add-shows", SHOW_ADDED);
  }
  const adding = timeToAdd(step);
  if (adding) {
    const added = await addShowTime(step.movieId, step.times, adding);
    if (!added.ok) return refuse(form, added, "time");
    return form.update({ intent: undefined, times: added.times }, { emptied: "time" });
  }
  const removing = timeToRemove(step);
  return form.update({ intent: undefined, times: removing ? removeShowTime(step.times, removing) : step.times });
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
