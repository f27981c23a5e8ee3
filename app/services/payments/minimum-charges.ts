// The smallest amount Stripe charges in each currency, in its minor units (Stripe's "Minimum and maximum charge
// amounts"): below it Stripe refuses to make the checkout. The test gateway keeps the same minimums, so the embedded
// default walks the path a cinema on Stripe does.
const STRIPE_MINIMUM_CHARGES: Record<string, number> = {
  USD: 50,
  AED: 200,
  AUD: 50,
  BGN: 100,
  BRL: 50,
  CAD: 50,
  CHF: 50,
  CZK: 1500,
  DKK: 250,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  HUF: 17500,
  INR: 50,
  JPY: 50,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  NZD: 50,
  PLN: 200,
  RON: 200,
  SEK: 300,
  SGD: 50,
  THB: 1000,
};

/**
 * Stripe's minimum charge in a currency, in minor units. A currency Stripe lists no minimum for is charged in the
 * account's own currency, whose minimum is about 50 US cents: 50 minor units is the usual figure.
 */
export function stripeMinimumChargeCents(currency: string) {
  return STRIPE_MINIMUM_CHARGES[currency.toUpperCase()] ?? 50;
}
