import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MovieBrowser } from "~/components/MovieBrowser";
import { catalogue } from "~/http/catalogue.server";
import { requireUser } from "~/http/viewer.server";
import { parseMovieFilters } from "~/schemas/movie-filters";
import cardStyles from "~/styles/cards.css";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: cardStyles }]);
export const meta = pageMeta(
  "Movies",
  "Every movie showing at Marquee Cinemas: search by title, filter by genre, sort by date, rating or title.",
);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return catalogue.browse(parseMovieFilters(new URL(request.url).searchParams));
}

export default function Movies() {
  const page = useLoaderData<typeof loader>();
  return <MovieBrowser {...page} title="Movies" path="/movies" resetLabel="Reset Filters" />;
}

export { ErrorBoundary } from "~/components/ErrorPage";
