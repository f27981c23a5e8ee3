import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { setFilmRetired } from "~/models/films.server";
import { filmStatusSchema } from "~/schemas/film-status";

// The Movies list's Retire and Bring Back buttons post here; the address itself leads back to that list.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  throw redirect("/admin/movies");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const form = await readSubmission(request, filmStatusSchema);
  if (!form.ok) return redirectWithError("/admin/movies", form.message);
  const result = await setFilmRetired(params.id ?? "", form.value.retired, staff.uid);
  if (!result.ok) throw notFound("There is no film at this address any more.");
  return redirectWithSuccess(
    "/admin/movies",
    form.value.retired
      ? `${result.title} is retired: it is off the customer pages and Add Shows. Tickets already sold still work.`
      : `${result.title} is back on the customer pages and in Add Shows.`,
  );
}
