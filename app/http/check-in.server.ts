import type { HeadersFunction } from "@remix-run/node";
import { keepRetryAfter } from "./post-limits.server";
import { permissionsPolicy } from "./security.server";

/** The Check In pages' headers: their QR scanner may use the camera (for this site only); no other page may. */
export const checkInHeaders: HeadersFunction = (args) => {
  const headers = new Headers(keepRetryAfter(args));
  headers.set("Permissions-Policy", permissionsPolicy({ camera: "(self)" }));
  return headers;
};
