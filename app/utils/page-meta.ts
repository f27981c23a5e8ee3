import type { MetaFunction } from "@remix-run/node";

/**
 * A route's meta, except on its error page: there the root's, whose title and description say what went wrong (the
 * route's own would name the page that could not be shown).
 */
export function withErrorMeta<Loader = unknown>(meta: MetaFunction<Loader>): MetaFunction<Loader> {
  return (args) => (args.error ? (args.matches.find((match) => match.id === "root")?.meta ?? []) : meta(args));
}

/** A page's meta: its title (with the site's name) and its own description for search results. */
export function pageMeta(title: string, description: string): MetaFunction {
  return withErrorMeta(() => [{ title: `${title} – Marquee Cinemas` }, { name: "description", content: description }]);
}
