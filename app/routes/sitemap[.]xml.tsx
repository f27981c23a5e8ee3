import { sitemapAddresses, sitemapXml } from "~/http/search-engines.server";

// The public pages and every film, for search engines (decision 68).
export async function loader() {
  return new Response(sitemapXml(await sitemapAddresses()), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
