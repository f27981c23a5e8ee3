import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { PriceStep } from "~/components/add-show/PriceStep";
import { FormErrors } from "~/components/FormField";
import { config } from "~/config.server";
import { useValidatedForm } from "~/hooks/use-validated-form";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { notFound } from "~/http/not-found.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { changeShowPrices, findShowToChange, type PriceChangeFailure } from "~/models/show-changes.server";
import { showPriceList } from "~/models/ticket-types.server";
import { PRICE_LIST_CHANGED } from "~/schemas/add-show";
import { listedShowPath, SHOW_NOT_FOUND } from "~/schemas/show-list";
import { showPricesSchema } from "~/schemas/show-prices";
import addShowsStyles from "~/styles/add-shows.css";
import { formatAmount, toMinorUnits } from "~/utils/money";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";

// Show Prices: what a show sells each ticket type for, changed after it was made, for tickets not yet set.

// Add Shows' price step, and its look.
export const { links, handle } = pageLinks([{ rel: "stylesheet", href: addShowsStyles }]);
export const meta = pageMeta("Show Prices – Admin Panel", "Change what a show sells each ticket type for.");

const FAILURES: Record<PriceChangeFailure, string> = {
  "not-found": SHOW_NOT_FOUND,
  cancelled: "This show is cancelled, so its prices can no longer be changed.",
  started: "This show has already started, so its prices can no longer be changed.",
  "price-list-changed": PRICE_LIST_CHANGED,
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const show = await findShowToChange(params.id ?? "");
  if (!show) throw notFound(SHOW_NOT_FOUND);
  return { show, types: await showPriceList(show.id), back: listedShowPath(show), ...cinemaSettings() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const form = await readSubmission(request, showPricesSchema(config.currency));
  if (!form.ok) return form.response;
  const { priceTypes, prices } = form.value;
  const sold = Object.fromEntries(
    priceTypes.flatMap((type, index) => {
      const price = prices[index];
      return price === undefined ? [] : [[type, toMinorUnits(price, config.currency)]];
    }),
  );
  const changed = await changeShowPrices(staff.uid, params.id ?? "", sold);
  if (!changed.ok) {
    if (changed.reason === "not-found") throw notFound(SHOW_NOT_FOUND);
    return form.refuse(FAILURES[changed.reason], 409);
  }
  const show = (await findShowToChange(params.id!))!;
  return redirectWithSuccess(listedShowPath(show), "Prices saved. Tickets already sold keep their price.");
}

export default function ShowPrices() {
  const { show, types, back, timeZone, currency } = useLoaderData<typeof loader>();
  const [form, fields] = useValidatedForm(showPricesSchema(currency), {
    defaultValue: {
      priceTypes: types.map((type) => type.id),
      prices: types.map((type) => (type.priceCents === null ? "" : formatAmount(type.priceCents, currency))),
    },
  });
  const submitting = useNavigation().state === "submitting";
  const unchangeable = show.cancelled ? FAILURES.cancelled : show.started ? FAILURES.started : null;
  return (
    <section aria-labelledby="show-prices-title" className="show-change">
      <h1 id="show-prices-title">Show Prices</h1>
      <p>
        <strong>{show.title}</strong>, <time dateTime={show.startsAt}>{formatShowTime(show.startsAt, timeZone)}</time>,{" "}
        {show.hallName}
      </p>
      {unchangeable ? (
        <p role="alert">{unchangeable}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="show-change-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <PriceStep
            types={types}
            prices={fields.prices}
            priceTypes={fields.priceTypes}
            currency={currency}
            legend="Prices"
            note={
              <>
                For tickets from now on: tickets sold or held keep the price they were set at. Leave a type empty and
                this show no longer sells it.
              </>
            }
            emptyNotSold
          />
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? "Saving..." : "Save prices"}
          </button>
        </Form>
      )}
      <p>
        <Link to={back} className="text-link">
          Back to List Shows
        </Link>
      </p>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
