import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { replace } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { AdminMenuToggle, useMenuCollapsed } from "~/components/AdminMenuToggle";
import { isMenuCollapsed, rememberMenu } from "~/http/admin-menu.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithError } from "~/http/toast.server";
import { requireAnyStaff } from "~/http/viewer.server";
import { adminMenuSchema } from "~/schemas/admin-menu";
import { roleAllows, STAFF_ROLE_LABELS, type StaffPermission } from "~/domain/staff-roles";
import adminStyles from "~/styles/admin.css";
import staffListStyles from "~/styles/staff-lists.css";
import { pageMeta } from "~/utils/page-meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { pageLinks } from "~/utils/page-links";

// The staff lists' table styles serve the dashboard and both lists, so they come with the layout.
export const { links, handle } = pageLinks([
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: staffListStyles },
]);
export const meta = pageMeta(
  "Admin Panel",
  "Marquee Cinemas' tools for staff: shows, bookings and the cinema's figures.",
);

// Every /admin page checks staff in its own loader and action too: Remix runs them in parallel with this one.
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email, photoUrl, role } = await requireAnyStaff(request);
  // The menu shows only what the role may use; each page checks the role again on the server.
  const menu = MENU.filter((item) => roleAllows(role, item.permission)).map(({ permission: _, ...item }) => item);
  return {
    staff: { name, email, photoUrl, role: STAFF_ROLE_LABELS[role] },
    menu,
    menuCollapsed: await isMenuCollapsed(request),
  };
}

/** The side menu's Hide/Show button: remembers the choice and goes back to the page it was pressed on. */
const MENU_UNREADABLE = "The menu button's form could not be read. Please try again.";

export async function action({ request }: ActionFunctionArgs) {
  await requireAnyStaff(request);
  const form = await readSubmission(request, adminMenuSchema);
  // Only a changed page sends other values than the menu button's own: the staff member is told, nothing is kept.
  if (!form.ok) return redirectWithError("/admin", MENU_UNREADABLE, { status: 303 });
  return replace(safeRedirect(form.value.redirectTo, "/admin"), {
    headers: { "Set-Cookie": await rememberMenu(form.value.collapsed) },
  });
}

const MENU: { to: string; label: string; permission: StaffPermission; end?: boolean; reloadDocument?: boolean }[] = [
  { to: "/admin", label: "Dashboard", end: true, permission: "manage-bookings" },
  { to: "/admin/schedule", label: "Schedule", permission: "manage-programme" },
  { to: "/admin/add-shows", label: "Add Shows", permission: "manage-programme" },
  { to: "/admin/list-shows", label: "List Shows", permission: "manage-programme" },
  { to: "/admin/list-bookings", label: "List Bookings", permission: "manage-bookings" },
  { to: "/admin/counter", label: "Counter", permission: "sell-at-counter" },
  { to: "/admin/takings", label: "Takings", permission: "sell-at-counter" },
  { to: "/admin/halls", label: "Halls", permission: "manage-programme" },
  { to: "/admin/prices", label: "Prices", permission: "manage-programme" },
  { to: "/admin/movies", label: "Movies", end: true, permission: "manage-programme" },
  { to: "/admin/movies/import", label: "Import from TMDB", permission: "manage-programme" },
  { to: "/admin/promo-codes", label: "Promo Codes", permission: "manage-programme" },
  { to: "/admin/reports", label: "Reports", permission: "manage-bookings" },
  // A page load, not a client-side navigation: only its own Permissions-Policy lets the scanner use the camera.
  { to: "/admin/check-in", label: "Check In", reloadDocument: true, permission: "check-in" },
  { to: "/admin/outbox", label: "Outbox", permission: "manage-bookings" },
  { to: "/admin/staff", label: "Staff", permission: "manage-staff" },
  { to: "/admin/changes", label: "Record of Changes", permission: "manage-staff" },
];

export default function AdminLayout() {
  const { staff, menu, menuCollapsed } = useLoaderData<typeof loader>();
  const collapsed = useMenuCollapsed(menuCollapsed);
  return (
    <div className="admin">
      <header className="admin-topbar">
        <AdminMenuToggle collapsed={collapsed} />
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
        <aside
          id="admin-menu"
          className={collapsed === null ? "admin-menu admin-menu-auto" : "admin-menu"}
          hidden={collapsed === true}
        >
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
              <small>{staff.role}</small>
            </p>
          </div>
          <nav aria-label="Admin">
            <ul>
              {menu.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} reloadDocument={item.reloadDocument}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className="admin-content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
