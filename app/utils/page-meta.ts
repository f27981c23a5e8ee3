import type { MetaFunction } from "@remix-run/node";

/** A page's meta: its title (with the site's name) and its own description for search results. */
export function pageMeta(title: string, description: string): MetaFunction {
  return () => [{ title: `${title} – Marquee Cinemas` }, { name: "description", content: description }];
}
