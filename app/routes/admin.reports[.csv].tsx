import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { reportCsv } from "~/models/report-files.server";
import { readSharedSalesReport } from "~/models/reports.server";
import { parseQuery } from "~/schemas/list-query";
import { periodDays, reportQuerySchema } from "~/schemas/report-period";
import { cinemaToday } from "~/utils/dates";

// One report of the reports page as a CSV file, for the same period.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-bookings");
  const { period, report } = parseQuery(reportQuerySchema, new URL(request.url).searchParams);
  const { from, to } = periodDays(period, cinemaToday(config.timeZone));
  const { value: sales } = await readSharedSalesReport(from, to);
  return new Response(reportCsv(sales, report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${report}-${from}-to-${to}.csv"`,
    },
  });
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-bookings");
