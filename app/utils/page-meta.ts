import type { MetaDescriptor, MetaFunction } from "@remix-run/node";

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

export const SITE_NAME = "Marquee Cinemas";

/** What a page tells search engines and the apps its link is shared in (app/http/sharing.server.ts makes it). */
export type Sharing = {
  /** The page's one address, absolute, without the query that only picks a day or a filter. */
  canonicalUrl: string;
  image?: { url: string; width: number; height: number; alt: string };
  /** schema.org JSON-LD. */
  structuredData?: Record<string, unknown>;
};

/**
 * A page's title and description, with its canonical link, Open Graph and Twitter card tags and structured data: what
 * a search result or a shared link's preview shows.
 */
export function sharingMeta(title: string, description: string, sharing: Sharing): MetaDescriptor[] {
  const { canonicalUrl, image, structuredData } = sharing;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
          { property: "og:image:alt", content: image.alt },
          { name: "twitter:image", content: image.url },
          { name: "twitter:image:alt", content: image.alt },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(structuredData ? [{ "script:ld+json": structuredData } as MetaDescriptor] : []),
  ];
}
