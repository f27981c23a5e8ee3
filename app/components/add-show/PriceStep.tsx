import type { FieldMetadata } from "@conform-to/react";
import { FormField } from "~/components/FormField";
import { MAX_PRICE_MINOR_UNITS } from "~/schemas/amount-fields";
import { formatAmount, minorUnitDigits } from "~/utils/money";

/** Add Shows' second step: the price of a seat, in the currency's own decimals. */
export function PriceStep({ field, currency }: { field: FieldMetadata<string>; currency: string }) {
  // The smallest amount of the currency: 0.01 dollars, 1 yen.
  const step = String(10 ** -minorUnitDigits(currency));
  return (
    <fieldset className="add-show-step">
      <legend>Set Price</legend>
      <FormField
        meta={field}
        label={`Show price (${currency})`}
        type="number"
        attributes={{ step, min: step, max: formatAmount(MAX_PRICE_MINOR_UNITS, currency), inputMode: "decimal" }}
      />
    </fieldset>
  );
}
