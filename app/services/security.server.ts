import crypto from "node:crypto";

export function createNonce() {
  return crypto.randomBytes(16).toString("base64");
}

/** Extra origins a page may talk to, e.g. the identity provider; added by the services that need them. */
export const trustedOrigins = { connect: [] as string[], frame: [] as string[], script: [] as string[] };

export function securityHeaders(nonce: string, headers: Headers) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${trustedOrigins.script.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self' ${trustedOrigins.connect.join(" ")}`.trim(),
    `frame-src 'self' ${trustedOrigins.frame.join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}

const CROSS_SITE_MESSAGE = "This form was sent from another site, so it was refused.";

/**
 * Refuses a state-changing request that another site made the browser send (CSRF). Every action calls
 * it first. Requests without either header are not from a browser page, so there is nothing to forge.
 */
export function requireSameOrigin(request: Request) {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") throw crossSite();
  const origin = request.headers.get("Origin");
  if (origin && hostOf(origin) !== new URL(request.url).host) throw crossSite();
}

function hostOf(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" and other opaque origins
  }
}

function crossSite() {
  return new Response(CROSS_SITE_MESSAGE, { status: 403 });
}
