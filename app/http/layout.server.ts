import { data } from "@remix-run/node";
import { config } from "~/config.server";
import { takeToast } from "./toast.server";
import { getViewer } from "./viewer.server";

/**
 * What the layout of every page shows: the toast waiting for this request (the answer clears its cookie), who
 * is signed in, and the cinema's address for the footer (CINEMA_ADDRESS, the one tickets and mails give). The root
 * imports this one module, not the ones it uses: each server module a route names is an empty chunk in the browser
 * (Remix's classic compiler), which every page would then load.
 */
export async function layoutData(request: Request) {
  const [{ toast, headers }, viewer] = await Promise.all([takeToast(request), getViewer(request)]);
  const user = viewer && { name: viewer.name, isStaff: viewer.isStaff };
  return data({ toast, user, cinemaAddress: config.address }, { headers });
}
