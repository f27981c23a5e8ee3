import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import adminStyles from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [
  { title: "Admin Panel – Marquee Cinemas" },
  { name: "description", content: "Marquee Cinemas' tools for staff: shows, bookings and the cinema's figures." },
];

// Every /admin page checks staff in its own loader and action too: Remix runs them in parallel with this one.
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email, photoUrl } = await requireStaff(request);
  return { staff: { name, email, photoUrl } };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request);

const MENU = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/add-shows", label: "Add Shows" },
  { to: "/admin/list-shows", label: "List Shows" },
  { to: "/admin/list-bookings", label: "List Bookings" },
];

export default function AdminLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <header className="admin-topbar">
        <Link to="/" className="brand">
          Marquee
        </Link>
        <p className="admin-title">Admin Panel</p>
        <Form method="post" action="/logout">
          <button type="submit" className="button button-ghost button-small">
            Logout
          </button>
        </Form>
      </header>
      <div className="admin-body">
        <details className="admin-menu" open>
          <summary>Menu</summary>
          <div className="admin-profile">
            {staff.photoUrl ? (
              <img src={staff.photoUrl} alt="" width={56} height={56} />
            ) : (
              <span className="admin-avatar" aria-hidden="true">
                {staff.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <p>
              <strong>{staff.name}</strong>
              <small>{staff.email}</small>
            </p>
          </div>
          <nav aria-label="Admin">
            <ul>
              {MENU.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </details>
        <div className="admin-content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
