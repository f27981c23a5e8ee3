import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { CardForm } from "~/components/test-gateway/CardForm";
import { readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { cardPaymentSchema } from "~/schemas/card";
import { gatewayPage, kickDelivery, payWithCard } from "~/services/payments/test-gateway.server";
import gatewayStyles from "~/styles/test-gateway.css";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

// The built-in gateway's hosted payment page (decision 45). It stands where Stripe's page stands in production: the
// site sends the customer here and learns the outcome from the gateway, never from this page's form.

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: gatewayStyles }]);
export const meta = pageMeta("Test payment gateway", "Pay for a booking on the TEST MODE payment page.");

const UNKNOWN = "This payment page does not exist.";

async function pageOrNotFound(id: string | undefined) {
  const page = await gatewayPage(id ?? "");
  if (!page) throw notFound(UNKNOWN);
  return page;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const page = await pageOrNotFound(params.id);
  return { page, attempt: randomUUID() };
}

export { revalidateAfterEveryPost as shouldRevalidate } from "~/utils/revalidation";

export async function action({ request, params }: ActionFunctionArgs) {
  const page = await pageOrNotFound(params.id);
  const form = await readSubmission(request, cardPaymentSchema(), { secretFields: ["cvc"] });
  if (!form.ok) return form.response;
  const paid = await payWithCard(page.id, form.value.cardNumber);
  switch (paid.outcome) {
    case "paid":
      void kickDelivery();
      return redirect(paid.returnUrl, 303);
    case "refused":
      return form.refuse(paid.message, 402);
    case "second-step":
    case "closed":
      return redirect(`/test-gateway/checkouts/${page.id}`, 303);
  }
}

export default function TestGatewayCheckout() {
  const { page, attempt } = useLoaderData<typeof loader>();
  const total = formatMoney(page.amountCents, page.currency);
  return (
    <section className="gateway" aria-labelledby="gateway-title">
      <p className="gateway-brand">Test payment gateway</p>
      <p className="test-mode" role="note">
        <strong>TEST MODE</strong> No real card is charged. Pay with 4242 4242 4242 4242. 4000 0000 0000 0002 is
        declined, 4000 0000 0000 9995 has insufficient funds, and 4000 0025 0000 3155 asks for a second step. Any future
        expiry date and any 3-digit security code work.
      </p>
      <h1 id="gateway-title">Pay {total}</h1>
      <div className="gateway-order">
        <p>{page.summary}</p>
        <ul aria-label="Order">
          {page.lines.map((line) => (
            <li key={line.name}>
              <span>
                {line.quantity} × {line.name}
              </span>
              <span>{formatMoney(line.unitAmountCents * line.quantity, page.currency)}</span>
            </li>
          ))}
        </ul>
        <p className="gateway-total">
          <span>Total</span> <span>{total}</span>
        </p>
        {page.customerEmail ? <p>Receipt to {page.customerEmail}</p> : null}
      </div>
      <GatewayState page={page} attempt={attempt} total={total} />
    </section>
  );
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>["page"];

function GatewayState({ page, attempt, total }: { page: PageData; attempt: string; total: string }) {
  if (page.status === "complete")
    return (
      <p role="status">
        This checkout is paid. <a href={page.returnUrl}>Back to the cinema</a>
      </p>
    );
  if (page.expired)
    return (
      <p role="alert">
        This checkout has expired. No payment was taken. <a href={page.cancelUrl}>Back to the cinema</a>
      </p>
    );
  if (page.awaitingStep)
    return (
      <Form method="post" action={`/test-gateway/checkouts/${page.id}/step`} className="gateway-step">
        <p>Your bank asks you to confirm this payment of {total}.</p>
        <button type="submit" name="decision" value="confirm" className="button">
          Confirm payment
        </button>
        <button type="submit" name="decision" value="refuse" className="button button-secondary">
          Refuse payment
        </button>
      </Form>
    );
  return (
    <>
      <CardForm attempt={attempt} payLabel={`Pay ${total}`} />
      <p>
        <a href={page.cancelUrl}>Back to the cinema</a>
      </p>
    </>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
