import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { useRequestId } from "~/hooks/request-id";
import { useAdminLayout } from "~/hooks/use-admin-layout";

type NextStep = { to: string; label: string };

/** A page that says what went wrong and what to do next; also what our server answers before the app runs. */
export function ErrorPage({
  title,
  message,
  next = [{ to: "/", label: "Back to home" }],
  requestId,
}: {
  title: string;
  message: string;
  next?: NextStep[];
  /** The id of the request that failed, also in its log line: what someone reporting the problem can quote. */
  requestId?: string | null;
}) {
  return (
    <section className="error-page">
      <h1>{title}</h1>
      <p>{message}</p>
      {requestId ? (
        <p className="error-reference" data-request-id={requestId}>
          Request id: <code>{requestId}</code>
        </p>
      ) : null}
      <p className="error-actions">
        {next.map((step, index) => (
          // Plain links: our server renders this page without the router too.
          <a key={step.to} href={step.to} className={index === 0 ? "button" : "button button-ghost"}>
            {step.label}
          </a>
        ))}
      </p>
    </section>
  );
}

/**
 * The title and message of an error page. A 404 or 403 says in its body what was not found or why it is refused, a
 * 429 how long to wait, a 503 which service is away for a moment; anything else is our fault and says so without
 * details.
 */
export function errorPageText(error: unknown) {
  const said = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : null;
  if (isRouteErrorResponse(error) && error.status === 404)
    return {
      title: "Page not found",
      message: said ?? "We could not find that page. It may have moved, or the link may be wrong.",
    };
  if (isRouteErrorResponse(error) && error.status === 403)
    return { title: "Access denied", message: said ?? "You do not have access to this page." };
  if (isRouteErrorResponse(error) && error.status === 429 && said) return { title: "Too many requests", message: said };
  if (isRouteErrorResponse(error) && error.status === 503 && said)
    return { title: "Briefly unavailable", message: said };
  if (isRouteErrorResponse(error) && error.status < 500 && said) return { title: "Sorry", message: said };
  return {
    title: "Something went wrong",
    message: "Sorry, we could not show this page. Please try again in a moment.",
  };
}

const HOME: NextStep[] = [{ to: "/", label: "Back to home" }];
const DASHBOARD: NextStep[] = [{ to: "/admin", label: "Back to the Dashboard" }];
const MY_BOOKINGS: NextStep[] = [
  { to: "/my-bookings", label: "Go to My Bookings" },
  { to: "/movies", label: "Browse Movies" },
];
// A booking's pages, and a show's seat map where bookings are made.
const BOOKING_PAGES = /^\/(my-bookings\/[^/]+|movies\/[^/]+\/[^/]+)(\/|$)/;

/**
 * Every page's error boundary, and the root's: the error in the site's layout (and the staff area's, while its
 * layout is drawn), in words, with the request's id and the next steps that make sense where it happened.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRequestId();
  const inAdminLayout = useAdminLayout();
  const { pathname } = useLocation();
  // For the browser's console; on the server, entry.server's handleError logs it with the request.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  const next = inAdminLayout ? DASHBOARD : BOOKING_PAGES.test(pathname) ? MY_BOOKINGS : HOME;
  return <ErrorPage {...errorPageText(error)} next={next} requestId={requestId} />;
}
