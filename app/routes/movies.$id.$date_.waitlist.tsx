import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { catalogue } from "~/http/catalogue.server";
import { readSubmission } from "~/http/forms.server";
import { requireMovie } from "~/http/movies.server";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "~/http/toast.server";
import { getViewer } from "~/http/viewer.server";
import { waitlistFailureMessage } from "~/http/waitlist-failures.server";
import { joinWaitlist, leaveWaitlist } from "~/models/waitlist.server";
import { waitlistSchema } from "~/schemas/waitlist";
import { isShowDay } from "~/utils/dates";
import { plural } from "~/utils/format";

// Where the seat page's waitlist form posts; opening the address shows the seat page.

async function requireShowDay(params: LoaderFunctionArgs["params"]) {
  const movie = await requireMovie(params.id);
  const day = params.date ?? "";
  if (!isShowDay(day)) throw new Response("No shows that day", { status: 404 });
  return { movie, day };
}

export async function loader({ params }: LoaderFunctionArgs) {
  const { movie, day } = await requireShowDay(params);
  return redirect(`/movies/${movie.id}/${day}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { movie, day } = await requireShowDay(params);
  const form = await readSubmission(request, waitlistSchema);
  if (!form.ok) return redirectWithError(`/movies/${movie.id}/${day}`, form.message);
  const { intent, time, seatCount } = form.value;
  const back = `/movies/${movie.id}/${day}?${new URLSearchParams({ time })}#waitlist`;
  const viewer = await getViewer(request);
  if (!viewer) return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
  const shows = await catalogue.showsOnDay(movie.id, day);
  if (!shows.some((show) => show.id === time))
    return redirectWithError(back, waitlistFailureMessage({ reason: "show-unavailable" }));
  if (intent === "leave") {
    return (await leaveWaitlist(viewer.uid, time))
      ? redirectWithSuccess(back, "You have left the waitlist.")
      : redirectWithInfo(back, "You were not on the waitlist for this show.");
  }
  const joined = await joinWaitlist(viewer.uid, time, seatCount);
  if (!joined.ok) return redirectWithError(back, waitlistFailureMessage(joined));
  return redirectWithSuccess(
    back,
    `You are number ${joined.position} on the waitlist for ${plural(seatCount, "seat")}. We will email you if they come free.`,
  );
}
