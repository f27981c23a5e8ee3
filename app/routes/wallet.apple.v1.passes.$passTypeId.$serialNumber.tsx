import type { LoaderFunctionArgs } from "@remix-run/node";
import { shortBookingId } from "~/domain/booking";
import { passRequest, serviceAnswer, servicePath, wrongToken } from "~/http/apple-wallet-service.server";
import { latestPass } from "~/models/wallet-updates.server";

// Apple Wallet fetches a pass again after a push: the pass as the booking is now, or 304 when it has not changed
// since the copy the device holds.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const path = servicePath(params);
  if (!path.ok) return path.answer;
  const latest = await latestPass(passRequest(request, path));
  if (!latest) return wrongToken();
  const lastModified = latest.lastModified.toUTCString();
  // HTTP dates have whole seconds: a copy from the same second is the same pass.
  const held = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  if (Math.floor(latest.lastModified.getTime() / 1000) * 1000 <= held)
    return serviceAnswer(304, undefined, { "Last-Modified": lastModified });
  return new Response(new Uint8Array(latest.pass), {
    headers: {
      "Content-Type": "application/vnd.apple.pkpass",
      "Content-Disposition": `attachment; filename="marquee-${shortBookingId(latest.booking.id)}.pkpass"`,
      "Last-Modified": lastModified,
    },
  });
}
