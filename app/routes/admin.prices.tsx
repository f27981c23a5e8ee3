import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormField } from "~/components/FormField";
import { config } from "~/config.server";
import type { TicketType } from "~/domain/tickets";
import type { FieldState } from "~/hooks/use-form-reply";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { addTicketType, listTicketTypes, setTicketTypeRetired, updateTicketType } from "~/models/ticket-types.server";
import { MAX_PRICE_MINOR_UNITS } from "~/schemas/amount-fields";
import {
  ADD_TYPE,
  MAX_AGE_LIMIT,
  RESTORE_TYPE,
  RETIRE_TYPE,
  SAVE_TYPE,
  ticketTypeSchema,
  TYPE_NOT_FOUND,
} from "~/schemas/ticket-type";
import { formatAmount, formatMoney, minorUnitDigits, toMinorUnits } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";

export const meta = pageMeta(
  "Prices – Admin Panel",
  "The price list: ticket types, their prices and rules, which new shows take by default.",
);

const FAILURES = {
  "not-found": TYPE_NOT_FOUND,
  "name-taken": "A ticket type with this name already exists.",
  "last-on-sale": "At least one ticket type must stay on sale.",
} as const;

const DONE = {
  [ADD_TYPE]: "Ticket type added",
  [SAVE_TYPE]: "Ticket type saved",
  [RETIRE_TYPE]: "Ticket type taken off sale",
  [RESTORE_TYPE]: "Ticket type back on sale",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  return { types: await listTicketTypes(), ...cinemaSettings() };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-programme");
  const form = await readSubmission(request, ticketTypeSchema(config.currency));
  if (!form.ok) return form.response;
  const { intent, id = "", name = "", rule = "", price = "", maxAge = null } = form.value;
  const input = { name, rule, maxAge, priceCents: toMinorUnits(price, config.currency) };
  const result =
    intent === ADD_TYPE
      ? await addTicketType(staff.uid, input)
      : intent === SAVE_TYPE
        ? await updateTicketType(staff.uid, id, input)
        : await setTicketTypeRetired(staff.uid, id, intent === RETIRE_TYPE);
  if (result.ok) return redirectWithSuccess("/admin/prices", DONE[intent]);
  return form.refuse(FAILURES[result.reason], 409, result.reason === "name-taken" ? "name" : undefined);
}

type Reply = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

/**
 * The fields of one of the page's forms, with the last reply's values and field messages when it was for that form.
 * What was wrong with the post as a whole (its button, its type, a refusal) is said at the top of the page.
 */
function formFields(key: string, values: Record<string, string>, reply: Reply | undefined) {
  const mine = reply && (reply.initialValue?.id ?? "") === values.id && reply.initialValue?.intent === values.intent;
  const field = (name: string): FieldState => ({
    id: `${key}-${name}`,
    name,
    formId: key,
    errorId: `${key}-${name}-error`,
    errors: (mine && reply.error?.[name]) || undefined,
    initialValue: mine && typeof reply.initialValue?.[name] === "string" ? reply.initialValue[name] : values[name],
  });
  return field;
}

/** What the last reply said of the post as a whole: shown above the list, whichever form it came from. */
const postErrors = (reply: Reply | undefined) => ["", "intent", "id"].flatMap((name) => reply?.error?.[name] ?? []);

export default function Prices() {
  const { types, currency } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const onSale = types.filter((type) => !type.retired);
  const offSale = types.filter((type) => type.retired);
  return (
    <section aria-labelledby="prices-title" className="price-list">
      <h1 id="prices-title">Prices</h1>
      <FormErrors id="price-list-errors" errors={postErrors(reply)} />
      <p>
        New shows take these prices by default; Add Shows can change them for the shows it makes. A change here leaves
        shows already made, and tickets already sold, as they are.
      </p>
      <p>
        A type with an oldest age (Child: 11) is not sold for films whose certificate admits no one that young, and
        where a certificate admits children only with an adult, their booking needs a type for any age too.
      </p>
      <h2>On sale</h2>
      <ul className="ticket-type-list">
        {onSale.map((type) => (
          <li key={type.id}>
            <TypeForm type={type} currency={currency} reply={reply} />
          </li>
        ))}
      </ul>
      <h2>Add a ticket type</h2>
      <TypeForm type={null} currency={currency} reply={reply} />
      {offSale.length > 0 ? (
        <>
          <h2>Off sale</h2>
          <p>No show sells these now. Tickets sold as them keep their type and price.</p>
          <ul className="ticket-type-list">
            {offSale.map((type) => (
              <li key={type.id}>
                <TypeForm type={type} currency={currency} reply={reply} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** A type's name, rule and price with Save and Retire (or Restore); for `type` null, the form that adds one. */
function TypeForm({ type, currency, reply }: { type: TicketType | null; currency: string; reply: Reply | undefined }) {
  const submitting = useNavigation().state === "submitting";
  const key = type ? `type-${type.id}` : "new-type";
  const intent = type ? SAVE_TYPE : ADD_TYPE;
  const field = formFields(
    key,
    {
      id: type?.id ?? "",
      intent,
      name: type?.name ?? "",
      rule: type?.rule ?? "",
      maxAge: type?.maxAge?.toString() ?? "",
      price: type ? formatAmount(type.priceCents, currency) : "",
    },
    reply,
  );
  const step = String(10 ** -minorUnitDigits(currency));
  const label = type ? `${type.name}, ${formatMoney(type.priceCents, currency)}` : "New ticket type";
  return (
    <div className="ticket-type-editor" aria-label={label} role="group">
      <Form method="post" id={key} className="ticket-type-form" noValidate>
        {type ? <input type="hidden" name="id" value={type.id} /> : null}
        <FormField meta={field("name")} label="Name" type="text" />
        <FormField meta={field("rule")} label="Rule shown to customers" type="text" />
        <FormField
          meta={field("maxAge")}
          label="Oldest age"
          type="number"
          attributes={{ min: "0", max: String(MAX_AGE_LIMIT), step: "1", inputMode: "numeric", placeholder: "Any age" }}
        />
        <FormField
          meta={field("price")}
          label={`Price (${currency})`}
          type="number"
          attributes={{ step, min: step, max: formatAmount(MAX_PRICE_MINOR_UNITS, currency), inputMode: "decimal" }}
        />
        <button type="submit" name="intent" value={intent} className="button" disabled={submitting}>
          {type ? `Save ${type.name}` : "Add Ticket Type"}
        </button>
      </Form>
      {type ? (
        <Form method="post" className="ticket-type-toggle">
          <input type="hidden" name="id" value={type.id} />
          <button
            type="submit"
            name="intent"
            value={type.retired ? RESTORE_TYPE : RETIRE_TYPE}
            className="button button-ghost"
            disabled={submitting}
          >
            {type.retired ? `Put ${type.name} on sale` : `Take ${type.name} off sale`}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
