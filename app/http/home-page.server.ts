import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogue } from "./catalogue.server";

// The home page's loader (app/routes/_index.tsx), in a module of its own for the reason the seat page's is
// (decision 23).

export async function loadHomePage({ request }: LoaderFunctionArgs) {
  const [movies, trailers] = await Promise.all([catalogue.nowShowing(), catalogue.trailers()]);
  const requested = new URL(request.url).searchParams.get("trailer");
  const selectedTrailerId = trailers.find((t) => t.id === requested)?.id ?? trailers[0]?.id ?? "";
  return { featured: movies[0] ?? null, movies, trailers, selectedTrailerId };
}
