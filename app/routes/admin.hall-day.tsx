import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readHallDay } from "~/http/hall-day.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { isShowDay, isValidDay } from "~/utils/dates";

// Add Shows and Move Show ask this with JavaScript when the hall or the date changes: the hall's shows that day,
// as JSON.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const url = new URL(request.url);
  const day = url.searchParams.get("day") ?? "";
  const hallId = url.searchParams.get("hall") ?? "";
  const hallDay = isValidDay(day) && isShowDay(day) ? await readHallDay(hallId, day) : null;
  // JSON, as Add Shows' plain fetch reads it: a naked object would be turned into JSON only until React Router 7.
  return Response.json({ hallDay });
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-programme");
