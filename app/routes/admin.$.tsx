import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/http/not-found.server";
import { refuseAdminPost, requireAnyStaff } from "~/http/viewer.server";

// Any /admin URL without a page of its own: guarded like the rest of the admin area, then not found.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnyStaff(request);
  throw notFound(`There is no staff page at ${new URL(request.url).pathname}.`);
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, null);

export default function AdminNotFound() {
  return null;
}

export { ErrorBoundary } from "~/components/ErrorPage";
