import crypto from "node:crypto";
import { config, type Config } from "~/config.server";
import { TRAILER_PLAYER_ORIGINS } from "~/domain/film-draft";

// An inline script element's text (one with a src has none): what a browser hashes to check it against the CSP.
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources of a page's inline scripts, 'sha256-…' of each: they allow exactly this page's scripts, are the
 * same for every copy of the page, so a page kept in memory keeps its CSP (no per-response nonce).
 */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT))
    if (text) hashes.add(`'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`);
  return [...hashes];
}

/**
 * The origins a page may use besides its own, from the identity settings: the Google popup loads Google's gapi
 * for its helper iframe (the emulator's too) and talks to the identity provider from the page.
 */
export function identityOrigins(identity: Config["identity"]) {
  const emulator = identity.emulatorHost ? `http://${identity.emulatorHost}` : null;
  return {
    script: ["https://apis.google.com"],
    connect: emulator ? [emulator] : ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"],
    frame: emulator ? [emulator] : [`https://${identity.authDomain}`],
  };
}

/** The CSP of a page whose inline scripts are `scriptSources` (their hashes); no inline script runs without one. */
export function contentSecurityPolicy(scriptSources: string[], identity = config.identity) {
  const origins = identityOrigins(identity);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources, ...origins.script].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self' ${origins.connect.join(" ")}`,
    // A film's YouTube or Vimeo trailer, framed only once Watch Trailer is pressed.
    `frame-src 'self' ${[...origins.frame, ...TRAILER_PLAYER_ORIGINS].join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries, page or file; our server sets them. Pages add their CSP (entry.server). */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": permissionsPolicy({ camera: "()" }),
};

/**
 * Sent with every answer to a request that came over https (through a proxy we trust, which says so in
 * X-Forwarded-Proto): browsers then use https alone for a year (decision 57). Over plain http browsers ignore it.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** The features a page may use: none of these but, on the pages that allow it, the camera for our own origin. */
export function permissionsPolicy({ camera }: { camera: "()" | "(self)" }) {
  return `camera=${camera}, microphone=(), geolocation=()`;
}

export const CROSS_SITE_MESSAGE = "This form was sent from another site, so it was refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request was sent by another site's page (CSRF). Requests with neither header are not
 * from a browser page, so there is nothing to forge.
 */
export function isCrossSiteRequest(
  method: string,
  headers: { get(name: string): string | null | undefined },
  host: string,
) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = headers.get("Origin");
  return Boolean(origin) && hostOf(origin!) !== host;
}

function hostOf(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" and other opaque origins
  }
}
