import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { exportBookingsCsv } from "~/models/booking-admin.server";
import { bookingListSchema } from "~/schemas/booking-list";
import { parseQuery } from "~/schemas/list-query";
import { cinemaToday } from "~/utils/dates";

// List Bookings' filtered list as a CSV file: the same query string as the page, every page of it.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-bookings");
  const query = parseQuery(bookingListSchema, new URL(request.url).searchParams);
  return new Response(await exportBookingsCsv(query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-${cinemaToday(config.timeZone)}.csv"`,
    },
  });
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-bookings");
