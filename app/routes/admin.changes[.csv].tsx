import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { exportStaffChangesCsv } from "~/models/staff-changes.server";
import { parseQuery } from "~/schemas/list-query";
import { staffChangeListSchema } from "~/schemas/staff-changes";
import { cinemaToday } from "~/utils/dates";

// The record of changes as a CSV file: the same filters as the page, every page of it.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-staff");
  const query = parseQuery(staffChangeListSchema, new URL(request.url).searchParams);
  return new Response(await exportStaffChangesCsv(query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="changes-${cinemaToday(config.timeZone)}.csv"`,
    },
  });
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-staff");
