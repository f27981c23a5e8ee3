import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { FormField } from "~/components/FormField";
import type { OfferedType } from "~/domain/tickets";
import { MAX_PRICE_MINOR_UNITS } from "~/schemas/amount-fields";
import { formatAmount, minorUnitDigits } from "~/utils/money";

type Props = {
  /** The ticket types on sale, in the price list's order. */
  types: Pick<OfferedType, "id" | "name">[];
  prices: FieldMetadata<(string | undefined)[]>;
  priceTypes: FieldMetadata<string[]>;
  currency: string;
  legend: string;
  /** What the prices are for, under the legend. */
  note: ReactNode;
  /** An empty field means the show does not sell the type (a show's prices), rather than a price still to type. */
  emptyNotSold?: boolean;
};

/**
 * What shows sell each ticket type for, in the currency's own decimals: Add Shows' second step, and a show's prices
 * changed later. The type each field is for goes beside it in a hidden field.
 */
export function PriceStep({ types, prices, priceTypes, currency, legend, note, emptyNotSold = false }: Props) {
  // The smallest amount of the currency: 0.01 dollars, 1 yen.
  const step = String(10 ** -minorUnitDigits(currency));
  const priceFields = prices.getFieldList();
  const typeFields = priceTypes.getFieldList();
  return (
    <fieldset className="add-show-step">
      <legend>{legend}</legend>
      <p className="field-note">{note}</p>
      {types.map((type, index) =>
        priceFields[index] && typeFields[index] ? (
          <div key={type.id}>
            <input type="hidden" name={typeFields[index].name} value={type.id} form={typeFields[index].formId} />
            <FormField
              meta={priceFields[index]}
              label={`${type.name} (${currency})`}
              type="number"
              attributes={{
                step,
                min: step,
                max: formatAmount(MAX_PRICE_MINOR_UNITS, currency),
                inputMode: "decimal",
                placeholder: emptyNotSold ? "Not sold" : undefined,
              }}
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
