import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useHydrated } from "~/hooks/use-hydrated";
import { ShowListFilters } from "~/components/ShowListFilters";
import { FilterLinks, PageJump, SortHeader, StaffList } from "~/components/StaffList";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { deleteShow, listShowFilterChoices, listShowsForStaff, type StaffShow } from "~/models/show-list.server";
import { listQuery, parseQuery } from "~/schemas/list-query";
import {
  showIdSchema,
  SHOW_LIST_DEFAULTS,
  SHOW_NOT_FOUND,
  showListSchema,
  type ShowListQuery,
  type ShowPeriod,
} from "~/schemas/show-list";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";

export const meta = pageMeta(
  "List Shows – Admin Panel",
  "Every show with its seats booked and earnings, upcoming and past.",
);

const HAS_BOOKINGS = "This show has bookings, so it cannot be deleted.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const query = parseQuery(showListSchema, new URL(request.url).searchParams);
  const [{ page, ...list }, choices] = await Promise.all([listShowsForStaff(query), listShowFilterChoices()]);
  return { query: { ...query, page }, ...list, ...choices, ...cinemaSettings() };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const form = await readSubmission(request, showIdSchema);
  if (!form.ok) return redirectWithError(back, form.message);
  const deleted = await deleteShow(staff.uid, form.value.showId);
  if (!deleted.ok) return redirectWithError(back, deleted.reason === "has-bookings" ? HAS_BOOKINGS : SHOW_NOT_FOUND);
  return redirectWithSuccess(back, "Show deleted");
}

const PERIODS: Record<ShowPeriod, string> = { upcoming: "Upcoming", past: "Past", all: "All" };

export default function ListShows() {
  const { query, shows, total, pageCount, movies, halls, currency, timeZone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const link = (changes: Partial<ShowListQuery>) =>
    `/admin/list-shows${listQuery({ ...query, page: 1, ...changes }, SHOW_LIST_DEFAULTS)}`;
  const sortLink = (sort: ShowListQuery["sort"], dir: ShowListQuery["dir"]) => link({ sort, dir });
  // The server never sees the fragment: the row it names is marked once the page runs (a move within the site).
  const targeted = useHydrated() ? location.hash : "";
  return (
    <section aria-labelledby="list-shows-title" className="cards-on-phone">
      <h1 id="list-shows-title">List Shows</h1>
      <FilterLinks label="Which shows" options={PERIODS} current={query.when} link={(when) => link({ when })} />
      <ShowListFilters query={query} movies={movies} halls={halls} />
      <StaffList
        rows={shows.length}
        empty="No Shows Found"
        count={<>{total === 1 ? "1 show" : `${total} shows`}</>}
        label="Shows"
        head={
          <tr>
            <SortHeader label="Movie" column="title" {...query} link={sortLink} />
            <SortHeader label="Date and Time" column="date" {...query} link={sortLink} />
            <th scope="col">Hall</th>
            <SortHeader label="Seats Booked" column="bookings" {...query} link={sortLink} />
            <th scope="col">Price</th>
            <SortHeader label="Earnings" column="earnings" {...query} link={sortLink} />
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        }
        page={query.page}
        pageCount={pageCount}
        link={(page) => link({ page })}
      >
        {shows.map((show) => {
          const when = formatShowTime(show.startsAt, timeZone);
          return (
            <tr key={show.id} id={`show-${show.id}`} aria-current={targeted === `#show-${show.id}` || undefined}>
              <th scope="row">{show.title}</th>
              <td>
                <time dateTime={show.startsAt}>{when}</time>
              </td>
              <td data-label="Hall">{show.hallName}</td>
              <td data-label="Seats Booked">
                {show.seatsBooked} / {show.capacity}
              </td>
              <td data-label="Price">
                {show.priceCents === null ? "No ticket on sale" : formatMoney(show.priceCents, currency)}
              </td>
              <td data-label="Earnings">{formatMoney(show.earningsCents, currency)}</td>
              <td>
                <ShowActions show={show} named={` ${show.title}, ${when}`} />
              </td>
            </tr>
          );
        })}
      </StaffList>
      <PageJump state={query} pageCount={pageCount} />
    </section>
  );
}

/**
 * What staff may do with a show: one nobody booked is deleted, one with bookings cancelled (its paid bookings
 * refunded); either can be moved, and its prices changed, until it starts. A cancelled show stays listed, for its bookings' record.
 */
function ShowActions({ show, named }: { show: StaffShow; named: string }) {
  if (show.cancelled) return <span className="admin-note">Cancelled</span>;
  const label = <span className="visually-hidden">{named}</span>;
  return (
    <div className="show-actions">
      {show.started ? null : (
        <>
          <Link to={`/admin/shows/${show.id}/move`} className="button button-ghost button-small">
            Move{label}
          </Link>
          <Link to={`/admin/shows/${show.id}/prices`} className="button button-ghost button-small">
            Prices{label}
          </Link>
        </>
      )}
      {show.bookings === 0 ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="showId" value={show.id} />
          <button type="submit" className="button button-danger button-small">
            Delete{label}
          </button>
        </Form>
      ) : show.started ? null : (
        <Link to={`/admin/shows/${show.id}/cancel`} className="button button-danger button-small">
          Cancel{label}
        </Link>
      )}
    </div>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
