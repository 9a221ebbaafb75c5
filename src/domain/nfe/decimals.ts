/**
 * Decimal texts of the NF-e layout (`125.00`, `10.0000`, `12.5000000000`): read digit by digit,
 * never through a float, rounded half up to the unit asked for. Null when the text is not a decimal.
 */
function scaled(text: string, places: number): number | null {
  const parts = /^(\d{1,15})(?:\.(\d{1,10}))?$/.exec(text);
  if (!parts) return null;
  const fraction = parts[2] ?? "";
  const kept = Number(parts[1]! + fraction.padEnd(places, "0").slice(0, places));
  const next = fraction.length > places ? Number(fraction[places]) : 0;
  return next >= 5 ? kept + 1 : kept;
}

export const centsOfDecimal = (text: string) => scaled(text, 2);
export const thousandthsOfDecimal = (text: string) => scaled(text, 3);
