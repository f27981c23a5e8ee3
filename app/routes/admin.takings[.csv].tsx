import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { takingsCsv, takingsReport } from "~/models/takings.server";
import { takingsQuerySchema } from "~/schemas/counter";
import { cinemaToday } from "~/utils/dates";

// A day's takings as a CSV file: the same day as the page.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  const asked = takingsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const day = asked.day ?? cinemaToday(config.timeZone);
  return new Response(takingsCsv(await takingsReport(day)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="takings-${day}.csv"`,
    },
  });
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "sell-at-counter");
