import type { FieldMetadata } from "@conform-to/react";
import { FormField } from "~/components/FormField";
import type { OfferedType } from "~/domain/tickets";
import { MAX_PRICE_MINOR_UNITS } from "~/schemas/amount-fields";
import { formatAmount, minorUnitDigits } from "~/utils/money";

type Props = {
  /** The ticket types on sale, in the price list's order. */
  types: OfferedType[];
  prices: FieldMetadata<string[]>;
  priceTypes: FieldMetadata<string[]>;
  currency: string;
};

/**
 * Add Shows' second step: what the shows sell each ticket type for, in the currency's own decimals. Each field starts
 * at the price list's price; the type it is for goes beside it in a hidden field.
 */
export function PriceStep({ types, prices, priceTypes, currency }: Props) {
  // The smallest amount of the currency: 0.01 dollars, 1 yen.
  const step = String(10 ** -minorUnitDigits(currency));
  const priceFields = prices.getFieldList();
  const typeFields = priceTypes.getFieldList();
  return (
    <fieldset className="add-show-step">
      <legend>Set Price</legend>
      <p className="field-note">
        From the price list; a change here is for these shows only. <a href="/admin/prices">Edit the price list</a>
      </p>
      {types.map((type, index) =>
        priceFields[index] && typeFields[index] ? (
          <div key={type.id}>
            <input type="hidden" name={typeFields[index].name} value={type.id} form={typeFields[index].formId} />
            <FormField
              meta={priceFields[index]}
              label={`${type.name} (${currency})`}
              type="number"
              attributes={{ step, min: step, max: formatAmount(MAX_PRICE_MINOR_UNITS, currency), inputMode: "decimal" }}
            />
          </div>
        ) : null,
      )}
      <p id={prices.errorId} className="field-error">
        {prices.errors?.[0]}
      </p>
    </fieldset>
  );
}
