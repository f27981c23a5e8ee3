import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { accountFailure } from "~/http/account-failures.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { requireUser } from "~/http/viewer.server";
import { requestEmailVerification } from "~/models/accounts.server";

// Where My Bookings' "Send the link again" posts; opening the address shows My Bookings.
export function loader() {
  return redirect("/my-bookings");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request);
  const result = await requestEmailVerification(viewer.uid, context.clientAddress);
  if (!result.ok) return redirectWithError("/my-bookings", accountFailure(result).message);
  return redirectWithSuccess(
    "/my-bookings",
    `We sent a new link to ${result.email}. Open it to confirm your email; it may take a minute to arrive.`,
  );
}
