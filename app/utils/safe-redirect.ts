const LOCAL_ORIGIN = "http://local.invalid";

// Control characters, backslashes (browsers read "\" as "/") and whitespace never belong in a local path.
const REFUSED_CHARACTERS = /[\p{Cc}\s\\]/u;

/**
 * `to` if it is a path on this site, else `fallback`. Checked twice: as given and once resolved,
 * because "/.//evil.example" resolves to "//evil.example", which a browser reads as another host.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  if (!isLocalPath(to) || REFUSED_CHARACTERS.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, LOCAL_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== LOCAL_ORIGIN) return fallback;
  const resolved = url.pathname + url.search + url.hash;
  return isLocalPath(resolved) ? resolved : fallback;
}

function isLocalPath(path: string) {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}
