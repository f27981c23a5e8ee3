import { catalogue } from "./catalogue.server";
import { movieNotFound } from "./not-found.server";

/** The movie a URL names; any other id is a 404. */
export async function requireMovie(id: string | undefined) {
  const movie = id ? await catalogue.movie(id) : null;
  if (!movie) throw movieNotFound();
  return movie;
}
