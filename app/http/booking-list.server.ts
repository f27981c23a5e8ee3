import { settleShowFilter, type ShowFilterProblem } from "~/models/booking-admin.server";
import { bookingListSchema } from "~/schemas/booking-list";
import { parseQuery } from "~/schemas/list-query";

/** What the page says of a day or a show in the URL it could not narrow the list to, by field, and its status. */
const FILTER_PROBLEMS: Record<ShowFilterProblem, { field: "day" | "show"; message: string; status: number }> = {
  "bad-day": {
    field: "day",
    message: "That day is not a date. Please pick one from the calendar, or leave Day empty for every day.",
    status: 400,
  },
  "unknown-show": {
    field: "show",
    message: "No show has that id: it may have been deleted. Please pick a show from the list.",
    status: 404,
  },
  "show-on-another-day": {
    field: "show",
    message: "That show is not on this day, so every show of the day is listed. Please pick one of its shows.",
    status: 200,
  },
};

/**
 * List Bookings' query from its URL (the page's and its CSV's), with the day and the show it can narrow the list to,
 * and what it says, by field and with the status to answer, of a day or a show it could not.
 */
export async function readBookingList(request: Request) {
  const { query, problem } = await settleShowFilter(parseQuery(bookingListSchema, new URL(request.url).searchParams));
  return { query, problem: problem && FILTER_PROBLEMS[problem] };
}
