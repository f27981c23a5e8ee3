import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { errorPageText } from "~/components/ErrorPage";
import { Footer } from "~/components/Footer";
import { LoadingIndicator } from "~/components/LoadingIndicator";
import { Navbar } from "~/components/Navbar";
import { Toaster } from "~/components/Toaster";
import { useCssText } from "~/hooks/inline-css";
import { useAdminLayout } from "~/hooks/use-admin-layout";
import { layoutData } from "~/http/layout.server";
import layoutStyles from "~/styles/layout.css";
import { linksOf, pageLinks, sendsScripts } from "~/utils/page-links";

export const { links, handle } = pageLinks([
  { rel: "stylesheet", href: layoutStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
]);

// Also the meta of every error page: the routes' own defer to it there (`withErrorMeta`).
export const meta: MetaFunction = ({ error }) => {
  if (!error)
    return [
      { title: "Marquee Cinemas – book movie tickets" },
      { name: "description", content: "Book seats for the latest films at Marquee Cinemas, on any phone or computer." },
    ];
  const { title, message } = errorPageText(error);
  return [{ title: `${title} – Marquee Cinemas` }, { name: "description", content: message }];
};

export const loader = ({ request }: LoaderFunctionArgs) => layoutData(request);

const BARE_PAGES = /^\/(login|register|test-gateway)(\/|$)/;

/**
 * The `links` of the matched routes (from their `handle`: `pageLinks`), as Remix's <Links> renders them, except that a style sheet whose text is at
 * hand is put in the page: the first paint then waits for no second round trip (docs/decisions/0019).
 */
function PageLinks() {
  const cssText = useCssText();
  const descriptors = useMatches().flatMap((match) => linksOf(match.handle));
  const seen = new Set<string>();
  return descriptors.map((link) => {
    if (!("href" in link) || !link.href || seen.has(link.href)) return null;
    seen.add(link.href);
    const css = link.rel === "stylesheet" ? cssText(link.href) : undefined;
    return css === undefined ? (
      <link key={link.href} {...link} />
    ) : (
      <style key={link.href} data-href={link.href} dangerouslySetInnerHTML={{ __html: css }} />
    );
  });
}

const PAGE_END_ID = "page-end";

function Document({ children }: { children: ReactNode }) {
  // Decided for the page the server sends; in a browser already running them (a client-side navigation), they stay.
  const matches = useMatches();
  const scripts = typeof document !== "undefined" || matches.every((match) => sendsScripts(match.handle));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <PageLinks />
        {/* The styles come with the page, so a browser could paint a half-parsed page and move it as the rest
            arrives: painting waits for the end of the content instead (one small page; the scripts come after). */}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
      </head>
      <body>
        {children}
        <div id={PAGE_END_ID} hidden />
        {scripts ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  // The staff area draws its own header; a page it refused or failed (a customer's 403) keeps the site's navbar.
  const inAdminLayout = useAdminLayout();
  const bare = inAdminLayout || BARE_PAGES.test(pathname);
  const user = root?.user ?? null;
  // Marks the page as React's, once it is: a change made before then goes unheard (tests/e2e/steps.ts waits for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <Document>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {bare ? null : <Navbar user={user} search={pathname === "/movies" ? (searchParams.get("search") ?? "") : ""} />}
      <LoadingIndicator />
      <Toaster serverToast={root?.toast} />
      <main id="main">{children}</main>
      {bare || user ? null : <Footer address={root?.cinemaAddress ?? null} />}
    </Document>
  );
}

export default function App() {
  return <Outlet />;
}

export { ErrorBoundary } from "~/components/ErrorPage";
