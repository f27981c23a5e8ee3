import { getMovie } from "~/models/movies.server";

/** The movie a URL names; any other id is a 404. */
export async function requireMovie(id: string | undefined) {
  const movie = id ? await getMovie(id) : null;
  if (!movie) throw new Response("Movie not found", { status: 404 });
  return movie;
}
