import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormField } from "~/components/FormField";
import { TableScroll } from "~/components/StaffList";
import { config } from "~/config.server";
import { describePromo, describeValidDays } from "~/domain/promo-codes";
import { useValidatedForm } from "~/hooks/use-validated-form";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { listMovieRatings } from "~/models/certificates.server";
import {
  createPromoCode,
  listPromoCodes,
  retirePromoCode,
  type NewPromoCodeFailure,
} from "~/models/promo-codes.server";
import { typesOnSale } from "~/models/ticket-types.server";
import {
  AMOUNT_OFF,
  CODE_NOT_FOUND,
  CREATE_CODE,
  discountOf,
  END_CODE,
  PERCENT_OFF,
  promoCodeSchema,
} from "~/schemas/promo-code";
import { pageMeta } from "~/utils/page-meta";

export const meta = pageMeta(
  "Promo Codes – Admin Panel",
  "Make promo codes customers apply at checkout, and end them.",
);

const FAILURES: Record<NewPromoCodeFailure, { message: string; field: string }> = {
  "code-taken": { message: "A promo code with these letters already exists.", field: "code" },
  "no-movie": { message: "That film no longer exists. Please choose another.", field: "movieId" },
  "unknown-type": { message: "A ticket type chosen no longer exists. Please choose again.", field: "types" },
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const [codes, types, movies] = await Promise.all([listPromoCodes(), typesOnSale(), listMovieRatings()]);
  return { codes, types, movies: movies.map(({ id, title }) => ({ id, title })), ...cinemaSettings() };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const form = await readSubmission(request, promoCodeSchema(config.currency));
  if (!form.ok) return form.response;
  const value = form.value;
  if (value.intent === END_CODE) {
    if (!(await retirePromoCode(staff.uid, value.id ?? ""))) return form.refuse(CODE_NOT_FOUND, 404);
    return redirectWithSuccess("/admin/promo-codes", "Promo code ended");
  }
  const created = await createPromoCode(staff.uid, {
    code: value.code ?? "",
    ...discountOf(value, config.currency),
    ticketTypeIds: value.types,
    movieId: value.movieId || null,
    firstDay: value.firstDay ?? "",
    lastDay: value.lastDay ?? "",
    maxUses: value.maxUses ?? null,
  });
  if (!created.ok) {
    const { message, field } = FAILURES[created.reason];
    return form.refuse(message, 409, field);
  }
  return redirectWithSuccess("/admin/promo-codes", `Promo code ${value.code?.toUpperCase()} created`);
}

export default function PromoCodes() {
  const { codes, types, movies, timeZone, currency } = useLoaderData<typeof loader>();
  const submitting = useNavigation().state === "submitting";
  // A new code at the top means Create Code worked. The form then starts afresh under a new id (JavaScript would keep
  // what was typed, and what a refused post said), so pressing Create Code again cannot post the same code twice.
  const formId = `promo-code-form-${codes[0]?.id ?? "first"}`;
  const [form, fields] = useValidatedForm(promoCodeSchema(currency), {
    id: formId,
    defaultValue: { kind: PERCENT_OFF },
  });
  // The types of a refused post, ticked again (a single one comes back as a string).
  const chosenTypes = [fields.types.initialValue ?? []].flat();
  return (
    <section aria-labelledby="promo-codes-title" className="promo-codes cards-on-phone">
      <h1 id="promo-codes-title">Promo Codes</h1>
      <p>
        A customer applies a code at checkout, once per code, and it takes its discount off the tickets it is for. A
        cancelled booking gives its use back. Codes are read in any case.
      </p>
      <h2>New promo code</h2>
      <Form method="post" {...getFormProps(form)} className="promo-code-form" key={formId}>
        {/* What was wrong with the post as a whole, either form's: its button, the code to end. */}
        <FormErrors
          id={form.errorId}
          errors={[...(form.errors ?? []), ...(fields.intent.errors ?? []), ...(fields.id.errors ?? [])]}
        />
        <FormField meta={fields.code} label="Code" type="text" required attributes={{ placeholder: "SPRING25" }} />
        <div className="field">
          <label htmlFor={fields.kind.id}>Discount</label>
          <select
            id={fields.kind.id}
            name={fields.kind.name}
            key={fields.kind.key}
            defaultValue={fields.kind.initialValue ?? PERCENT_OFF}
          >
            <option value={PERCENT_OFF}>Percent off</option>
            <option value={AMOUNT_OFF}>Amount off ({currency})</option>
          </select>
        </div>
        <FormField
          meta={fields.value}
          label="Discount amount"
          type="text"
          required
          attributes={{ inputMode: "decimal" }}
        />
        <fieldset className="field">
          <legend>Ticket types (none chosen: every type)</legend>
          {types.map((type) => (
            <label key={type.id} className="field-checkbox">
              <input
                type="checkbox"
                name={fields.types.name}
                value={type.id}
                key={fields.types.key}
                defaultChecked={chosenTypes.includes(type.id)}
              />{" "}
              {type.name}
            </label>
          ))}
          <p id={fields.types.errorId} className="field-error">
            {fields.types.errors?.[0]}
          </p>
        </fieldset>
        <div className="field">
          <label htmlFor={fields.movieId.id}>Film</label>
          <select
            id={fields.movieId.id}
            name={fields.movieId.name}
            key={fields.movieId.key}
            defaultValue={fields.movieId.initialValue ?? ""}
          >
            <option value="">Any film</option>
            {movies.map((movie) => (
              <option key={movie.id} value={movie.id}>
                {movie.title}
              </option>
            ))}
          </select>
          <p id={fields.movieId.errorId} className="field-error">
            {fields.movieId.errors?.[0]}
          </p>
        </div>
        <FormField meta={fields.firstDay} label="First day" type="date" required />
        <FormField meta={fields.lastDay} label="Last day" type="date" required />
        <FormField
          meta={fields.maxUses}
          label="Uses in all"
          type="number"
          attributes={{ min: "1", step: "1", placeholder: "No limit" }}
        />
        <button type="submit" name="intent" value={CREATE_CODE} className="button" disabled={submitting}>
          Create Code
        </button>
      </Form>
      <h2>Codes</h2>
      {codes.length === 0 ? (
        <p>No promo codes yet.</p>
      ) : (
        <TableScroll label="Promo code list">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">For</th>
                <th scope="col">Valid</th>
                <th scope="col">Used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.id}>
                  <th scope="row">{code.code}</th>
                  <td data-label="Discount">{describePromo(code, currency)}</td>
                  <td data-label="For">
                    {code.ticketTypeNames.length > 0 ? code.ticketTypeNames.join(", ") : "Every type"},{" "}
                    {code.movieTitle ?? "any film"}
                  </td>
                  <td data-label="Valid">{code.retired ? "Ended" : describeValidDays(code, timeZone)}</td>
                  <td data-label="Used">
                    {code.uses}
                    {code.maxUses === null ? "" : ` of ${code.maxUses}`}
                  </td>
                  <td>
                    {code.retired ? null : (
                      <Form method="post">
                        <input type="hidden" name="id" value={code.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={END_CODE}
                          className="button button-ghost button-small"
                          disabled={submitting}
                        >
                          End now<span className="visually-hidden"> {code.code}</span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
