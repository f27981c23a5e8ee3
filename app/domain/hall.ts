// A hall as pages and rules see it, and what its seats cost.
import type { HallLayout, SeatType } from "./hall-layout";

/** The price difference of each seat type in a hall, in minor units; a type not named costs the show's price. */
export type TypeExtras = Partial<Record<SeatType, number>>;

export type Hall = {
  id: string;
  name: string;
  layout: HallLayout;
  /** How many seats its layout has. */
  seatCount: number;
  typeExtras: TypeExtras;
  /** A hall out of use keeps its shows but gets no new ones. */
  inUse: boolean;
};

/** A seat's price: the show's price and its type's difference in this hall, in integer minor units. */
export function seatPriceCents(showPriceCents: number, type: SeatType, extras: TypeExtras): number {
  const price = showPriceCents + (extras[type] ?? 0);
  if (!Number.isSafeInteger(price) || price < 0)
    throw new RangeError(`A seat's price must be a whole, non-negative number of minor units, not ${price}`);
  return price;
}

/** The amount of a booking: the prices of its seats added up, in integer minor units. */
export function bookingAmountCents(showPriceCents: number, seatTypes: readonly SeatType[], extras: TypeExtras): number {
  const amount = seatTypes.reduce((sum, type) => sum + seatPriceCents(showPriceCents, type, extras), 0);
  if (!Number.isSafeInteger(amount)) throw new RangeError(`The amount ${amount} is too large to count in minor units`);
  return amount;
}
