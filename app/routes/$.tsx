import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageNotFound } from "~/http/not-found.server";

export function loader({ request }: LoaderFunctionArgs) {
  throw pageNotFound(new URL(request.url).pathname);
}

export default function NotFound() {
  return null;
}

export { ErrorBoundary } from "~/components/ErrorPage";
