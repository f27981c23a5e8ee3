import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MovieBrowser } from "~/components/MovieBrowser";
import { requireUser } from "~/http/viewer.server";
import { browseMovies } from "~/models/movies.server";
import { parseMovieFilters } from "~/schemas/movie-filters";
import cardStyles from "~/styles/cards.css";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: cardStyles }]);
export const meta = pageMeta(
  "Your favourites",
  "The movies you keep at Marquee Cinemas: find them again and book a show.",
);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return browseMovies(parseMovieFilters(new URL(request.url).searchParams), { favouritesOf: user.uid });
}

export default function Favourites() {
  const page = useLoaderData<typeof loader>();
  return (
    <MovieBrowser
      {...page}
      title="YOUR FAVOURITES"
      path="/favourites"
      resetLabel="Reset Filter"
      nothingYet={
        <div className="empty-state">
          <h2>You have no favourites yet</h2>
          <p>Open a movie and press Add to favourites to keep it here.</p>
          <Link to="/movies" className="button">
            Browse Movies
          </Link>
        </div>
      }
    />
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
