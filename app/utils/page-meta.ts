/** A page's title (with the site's name) and its own description for search results. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} – Marquee Cinemas` }, { name: "description", content: description }];
}
