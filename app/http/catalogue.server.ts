import { onCatalogue } from "~/models/catalogue.server";
import { getHall } from "~/models/halls.server";
import { browseMovies, getMovie, listNowShowing, listRecommended } from "~/models/movies.server";
import { listShowDays, listShowsOnDay } from "~/models/shows.server";
import { listTrailers } from "~/models/trailers.server";
import type { MovieFilters } from "~/schemas/movie-filters";

const movie = onCatalogue(getMovie);

/**
 * The catalogue as pages read it, each answer kept until the catalogue changes (docs/decisions/0019): signed-in
 * pages are rendered for each viewer, but what they show of the catalogue is the same for everyone.
 */
export const catalogue = {
  movie,
  nowShowing: onCatalogue(() => listNowShowing()),
  trailers: onCatalogue(listTrailers),
  browse: onCatalogue((filters: MovieFilters) => browseMovies(filters)),
  recommended: onCatalogue(async (movieId: string) => {
    const shown = await movie(movieId);
    return shown ? listRecommended(shown) : [];
  }),
  showDays: onCatalogue(listShowDays),
  showsOnDay: onCatalogue(listShowsOnDay),
  hall: onCatalogue((id: string) => getHall(id)),
};
