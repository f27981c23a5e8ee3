import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TableScroll } from "~/components/StaffList";
import { SEAT_TYPE_NAMES, seatTypesOf } from "~/domain/hall-layout";
import { cinemaSettings } from "~/http/cinema.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { listHalls } from "~/models/halls.server";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";

export const meta = pageMeta("Halls – Admin Panel", "The cinema's screens: their seats, seat types and prices.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const halls = await listHalls();
  return {
    halls: halls.map(({ id, name, seatCount, inUse, upcomingShows, layout, typeExtras }) => ({
      id,
      name,
      seatCount,
      inUse,
      upcomingShows,
      types: seatTypesOf(layout).map((type) => ({ type, extraCents: typeExtras[type] ?? 0 })),
    })),
    ...cinemaSettings(),
  };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-programme");

export default function Halls() {
  const { halls, currency } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="halls-title" className="cards-on-phone">
      <h1 id="halls-title">Halls</h1>
      <p>
        <Link to="/admin/halls/new" className="button">
          New Hall
        </Link>
      </p>
      <p className="count">{halls.length === 1 ? "1 hall" : `${halls.length} halls`}</p>
      <TableScroll label="Hall list">
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">Hall</th>
              <th scope="col">Seats</th>
              <th scope="col">Seat types</th>
              <th scope="col">Shows to come</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {halls.map((hall) => (
              <tr key={hall.id}>
                <th scope="row">
                  {hall.name}
                  {hall.inUse ? null : <small> Not in use</small>}
                </th>
                <td data-label="Seats">{hall.seatCount}</td>
                <td data-label="Seat types">
                  {hall.types
                    .map(({ type, extraCents }) =>
                      extraCents > 0
                        ? `${SEAT_TYPE_NAMES[type]} +${formatMoney(extraCents, currency)}`
                        : SEAT_TYPE_NAMES[type],
                    )
                    .join(", ")}
                </td>
                <td data-label="Shows to come">{hall.upcomingShows}</td>
                <td>
                  <Link to={`/admin/halls/${hall.id}`} className="button button-ghost button-small">
                    Edit<span className="visually-hidden"> {hall.name}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
