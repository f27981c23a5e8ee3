import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { AddShowForm } from "~/components/AddShowForm";
import { AdminErrorBoundary } from "~/components/ErrorPage";
import { config } from "~/config.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { addShowTime, createShows, listMovieChoices, removeShowTime } from "~/models/show-admin.server";
import { ADD_TIME, addShowSchema, CREATE_SHOW, priceToCents, removedTime, TOO_MANY_TIMES } from "~/schemas/add-show";
import { parseQuery } from "~/schemas/list-query";
import { movieSearchSchema } from "~/schemas/movie-search";
import { formatRuntime } from "~/utils/format";
import { formatLocalShowTime } from "~/utils/show-display";
import addShowsStyles from "~/styles/add-shows.css";
import { pageMeta } from "~/utils/page-meta";

export { AdminErrorBoundary as ErrorBoundary };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: addShowsStyles }];
export const meta: MetaFunction = () =>
  pageMeta(
    "Add Shows – Admin Panel",
    "Schedule new shows of a movie: pick the movie, set the price and add the times.",
  );

const SHOW_ADDED = "Show added successfully";
const NO_MOVIE = "That movie is no longer in the catalogue. Please select another.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const { search } = parseQuery(movieSearchSchema, new URL(request.url).searchParams);
  return { search, ...(await listMovieChoices(search)), currency: config.currency };
}

// The movie list does not change when shows are added: the form's posts need not load it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

type Refusal =
  | Exclude<Awaited<ReturnType<typeof addShowTime>>, { ok: true }>
  | Exclude<Awaited<ReturnType<typeof createShows>>, { ok: true }>;

/** What the form says when a time cannot be scheduled. */
function refusalMessage(refusal: Refusal) {
  if (refusal.reason === "no-movie") return NO_MOVIE;
  if (refusal.reason === "too-many") return TOO_MANY_TIMES;
  const when = formatLocalShowTime(refusal.time, {
    withYear: refusal.reason === "past" || refusal.reason === "too-far",
  });
  switch (refusal.reason) {
    case "past":
      return `${when} has already passed. Please pick a time in the future.`;
    case "too-far":
      return `${when} is more than a year ahead. Please check the date.`;
    case "duplicate":
      return `${refusal.title} already has a show at ${when}.`;
    case "overlap":
      return `${when} overlaps the show at ${formatLocalShowTime(refusal.other)} (${refusal.title} runs ${formatRuntime(refusal.runtime)}).`;
    case "overlap-listed":
      return `${when} overlaps ${formatLocalShowTime(refusal.other)}, also on the list (${refusal.title} runs ${formatRuntime(refusal.runtime)}).`;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const form = await readSubmission(request, addShowSchema);
  if (!form.ok) return form.response;
  const step = form.value;
  if (step.intent === CREATE_SHOW) {
    const created = await createShows({
      movieId: step.movieId,
      priceCents: priceToCents(step.price),
      times: step.times,
    });
    if (!created.ok)
      return form.refuse(refusalMessage(created), 409, created.reason === "no-movie" ? "movieId" : "times");
    return redirectWithSuccess("/admin/add-shows", SHOW_ADDED);
  }
  if (step.intent === ADD_TIME) {
    const added = await addShowTime(step.movieId, step.times, step.time);
    if (!added.ok) return form.refuse(refusalMessage(added), 409, "time");
    return form.update({ intent: undefined, times: added.times }, { emptied: "time" });
  }
  return form.update({ intent: undefined, times: removeShowTime(step.times, removedTime(step.intent)) });
}

export default function AddShows() {
  const { movies, matching, search, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A new page (the one after Create Show) starts an empty form, with or without JavaScript.
  const { key } = useLocation();
  return (
    <section aria-labelledby="add-shows-title">
      <h1 id="add-shows-title">Add Shows</h1>
      <AddShowForm
        key={key}
        movies={movies}
        matching={matching}
        search={search}
        currency={currency}
        actionData={actionData}
      />
    </section>
  );
}
