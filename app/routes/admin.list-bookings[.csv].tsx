import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { readBookingList } from "~/http/booking-list.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { exportBookingsCsv } from "~/models/booking-admin.server";
import { cinemaToday } from "~/utils/dates";

// List Bookings' filtered list as a CSV file: the same query string as the page, every page of it.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-bookings");
  const { query, problem } = await readBookingList(request);
  // A day that is no date or a show that does not exist is refused in words; a show of another day gives the day's.
  if (problem && problem.status >= 400)
    return new Response(problem.message, {
      status: problem.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(await exportBookingsCsv(query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-${cinemaToday(config.timeZone)}.csv"`,
    },
  });
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-bookings");
