// Money as people read it, written in full so that people and tests can check it ("$450,000",
// "€1,800.50"): the one place amounts are formatted, for the builtin engine's sentences, the
// model's tool results and the widget's listing cards (bundled into the browser script, so it
// imports nothing).

const asGiven = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const withCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * `symbol` and the amount with thousands separators. A fraction is written as given ("€1,250,000.5",
 * a listing's price as its feed has it) or, with `cents`, to the cent ("€1,800.50", in a sentence).
 */
export function formatMoney(amount: number, symbol: string, options: { cents?: boolean } = {}): string {
  const cents = options.cents && !Number.isInteger(amount);
  return `${symbol}${(cents ? withCents : asGiven).format(amount)}`;
}
