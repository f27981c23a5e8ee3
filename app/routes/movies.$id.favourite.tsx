import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { saveFavourite, signInToFavourite } from "~/http/favourites.server";
import { readSubmission } from "~/http/forms.server";
import { requireMovie } from "~/http/movies.server";
import { redirectWithError } from "~/http/toast.server";
import { getViewer } from "~/http/viewer.server";
import { favouriteSchema } from "~/schemas/favourite";

// Where the movie page's Favorite form posts; opening the address shows the movie.
export async function loader({ params }: LoaderFunctionArgs) {
  const movie = await requireMovie(params.id);
  return redirect(`/movies/${movie.id}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const movie = await requireMovie(params.id);
  const form = await readSubmission(request, favouriteSchema);
  if (!form.ok) return redirectWithError(`/movies/${movie.id}`, form.message);
  const viewer = await getViewer(request);
  if (!viewer) return signInToFavourite(request, movie.id, form.value.intent);
  return saveFavourite(viewer.uid, movie.id, form.value.intent);
}
