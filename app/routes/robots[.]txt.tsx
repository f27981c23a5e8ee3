import { config } from "~/config.server";
import { robotsTxt } from "~/http/search-engines.server";

// Where crawlers may go, and where the sitemap is (decision 68).
export function loader() {
  return new Response(robotsTxt(config.mail.siteUrl), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
