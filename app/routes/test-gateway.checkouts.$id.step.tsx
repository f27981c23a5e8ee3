import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { redirectWithError } from "~/http/toast.server";
import { secondStepSchema } from "~/schemas/payment";
import { finishSecondStep, gatewayPage, kickDelivery } from "~/services/payments/test-gateway.server";

// The test gateway's second step (as a bank's 3-D Secure page): the customer confirms the payment or refuses it.

export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/test-gateway/checkouts/${encodeURIComponent(params.id ?? "")}`);

export async function action({ request, params }: ActionFunctionArgs) {
  const page = await gatewayPage(params.id ?? "");
  if (!page) throw notFound("This payment page does not exist.");
  const pageUrl = `/test-gateway/checkouts/${page.id}`;
  const form = await readSubmission(request, secondStepSchema);
  if (!form.ok) return redirectWithError(pageUrl, form.message);
  const step = await finishSecondStep(page.id, form.value.decision === "confirm");
  if (step.outcome === "paid") {
    void kickDelivery();
    return redirect(step.returnUrl, 303);
  }
  if (step.outcome === "refused") return redirectWithError(pageUrl, step.message);
  return redirect(pageUrl, 303);
}
