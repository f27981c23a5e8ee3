import type { LinkDescriptor, LinksFunction } from "@remix-run/node";

type PageLinksHandle = { links: LinkDescriptor[] };

/**
 * A route's `links` (what Remix loads before showing the route on a client-side navigation) and the same list in its
 * `handle`, where the root's `PageLinks` reads it through `useMatches` to put the style sheets' text in the page.
 */
export function pageLinks(links: LinkDescriptor[]): { links: LinksFunction; handle: PageLinksHandle } {
  return { links: () => links, handle: { links } };
}

/** The links a matched route declared with `pageLinks`, from its handle. */
export function linksOf(handle: unknown): LinkDescriptor[] {
  return (handle as Partial<PageLinksHandle> | undefined)?.links ?? [];
}
