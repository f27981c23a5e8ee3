import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/http/not-found.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { savedMailForStaff } from "~/models/outbox-admin.server";

// A sent mail as its .eml file, as it was written to the data folder (the embedded default's mailbox).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-bookings");
  const id = params.id ?? "";
  const mail = await savedMailForStaff(id);
  if (!mail) throw notFound("That message has no .eml file to download.");
  return new Response(new Uint8Array(mail), {
    headers: { "Content-Type": "message/rfc822", "Content-Disposition": `attachment; filename="${id}.eml"` },
  });
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-bookings");
