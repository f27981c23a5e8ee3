import { useRouteLoaderData } from "@remix-run/react";

/**
 * Whether the staff area's layout (its header and menu) is drawn around the page: not when its own loader refused
 * or failed, when the page is the site's, with its navbar.
 */
export function useAdminLayout() {
  return useRouteLoaderData("routes/admin") !== undefined;
}
