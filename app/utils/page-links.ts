import type { LinkDescriptor, LinksFunction } from "@remix-run/node";

type PageLinksHandle = { links: LinkDescriptor[]; scripts?: false };

/**
 * A route's `links` (what Remix loads before showing the route on a client-side navigation) and the same list in its
 * `handle`, where the root's `PageLinks` reads it through `useMatches` to put the style sheets' text in the page.
 * With `scripts: false` the page is sent without Remix's scripts (the root reads it with `sendsScripts`): it is whole
 * as the server draws it, and its loader data is not sent again for hydration (Remix's guide "Disabling JavaScript").
 */
export function pageLinks(
  links: LinkDescriptor[],
  { scripts = true }: { scripts?: boolean } = {},
): { links: LinksFunction; handle: PageLinksHandle } {
  return { links: () => links, handle: scripts ? { links } : { links, scripts: false } };
}

/** The links a matched route declared with `pageLinks`, from its handle. */
export function linksOf(handle: unknown): LinkDescriptor[] {
  return (handle as Partial<PageLinksHandle> | undefined)?.links ?? [];
}

/** Whether a matched route's page wants Remix's scripts: all do but those declared with `scripts: false`. */
export function sendsScripts(handle: unknown): boolean {
  return (handle as Partial<PageLinksHandle> | undefined)?.scripts !== false;
}
