import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { config, getSessionSecrets } from "~/config.server";

// The bookings this browser may manage without an account (decision 46): the guest's own bookings, and those whose
// mailed link was opened here. Signed, so it cannot be edited to name another booking; each entry ends with its show.

// Enough for a guest's running bookings and a few past ones; the oldest fall out first.
const MAX_PASSES = 20;

const guestPassCookie = createCookie("guest_bookings", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  secrets: getSessionSecrets(),
});
const passesSchema = z.array(z.tuple([z.string().uuid(), z.number()])).max(MAX_PASSES);

async function readPasses(request: Request, now = Date.now()) {
  const cookie = await guestPassCookie.parse(request.headers.get("Cookie")).catch(() => null);
  const passes = passesSchema.safeParse(cookie);
  return passes.success ? passes.data.filter(([, until]) => until > now) : [];
}

/** The bookings this browser holds passes for (ended ones do not count): a guest's own, for their limits. */
export async function passBookingIds(request: Request) {
  return (await readPasses(request)).map(([id]) => id);
}

/** Whether this browser holds a pass for the booking (ended ones do not count). */
export async function holdsBookingPass(request: Request, bookingId: string) {
  return (await readPasses(request)).some(([id]) => id === bookingId);
}

/** The Set-Cookie header that adds a pass for the booking to this browser's, until `until`. */
export async function grantBookingPass(request: Request, bookingId: string, until: Date) {
  const others = (await readPasses(request)).filter(([id]) => id !== bookingId);
  const passes = [...others, [bookingId, until.getTime()] as [string, number]].slice(-MAX_PASSES);
  const lastEnd = Math.max(...passes.map(([, end]) => end));
  return guestPassCookie.serialize(passes, { maxAge: Math.ceil((lastEnd - Date.now()) / 1000) });
}
