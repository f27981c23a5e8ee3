import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { rememberRequestId } from "~/hooks/request-id";

// An error page rendered here names the request it is about: the document's, then each data request's since (the
// route manifest's requests, made as links appear, are not what a page shows).
rememberRequestId(document.querySelector("[data-request-id]")?.getAttribute("data-request-id"));
const fetchFromSite = window.fetch.bind(window);
window.fetch = async (...args) => {
  const response = await fetchFromSite(...args);
  if (new URL(response.url, window.location.href).pathname.endsWith(".data"))
    rememberRequestId(response.headers.get("X-Request-Id"));
  return response;
};

// A loader's or an action's redirect (a thrown Response) waits, unobserved, while Remix preloads the route's style
// sheets, and the browser calls it uncaught although the router takes it up a moment later (decision 52).
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof Response) event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
