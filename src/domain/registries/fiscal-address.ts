import { badRequest } from "../../lib/errors";
import { isUf, UF_CODES } from "../company/fiscal-profile";
import { cityCodeOutOfUf } from "../company/messages";

/**
 * The one rule between fields of a fiscal address (the issuer's and the recipient's alike): the
 * municipality (`CityCode`) lies in the UF (`UF`). Either may be null (not informed yet).
 */
export function refuseCityOutOfUf(cityCode: string | null, uf: string | null): void {
  if (cityCode === null || uf === null || !isUf(uf) || cityCode.startsWith(UF_CODES[uf])) return;
  throw badRequest(cityCodeOutOfUf(cityCode, uf, UF_CODES[uf]));
}

/** The pair a change of an address is checked against. */
export type StoredAddress = { cityCode: string | null; uf: string | null };

/** How many times a change is checked again when a concurrent change moved the address meanwhile. */
const ADDRESS_ATTEMPTS = 3;

/**
 * A partial change of a row with a fiscal address: the municipality is checked against the UF the row
 * will have (the one sent, else the stored one), and the write only lands while the stored pair is
 * still the one checked (`update` answers undefined otherwise), so two concurrent changes, one of the
 * municipality and one of the UF, can never leave a municipality outside its UF. A pair moved meanwhile
 * is read and checked again, up to 3 times, then the change is refused with `changedMessage`.
 */
export async function changeWithinUf<Row extends StoredAddress>(
  changes: { cityCode?: string | null; uf?: string | null },
  read: () => Promise<Row>,
  update: (expected: StoredAddress) => Promise<Row | undefined>,
  changedMessage: string,
): Promise<Row> {
  for (let attempt = 0; attempt < ADDRESS_ATTEMPTS; attempt++) {
    const stored = await read();
    refuseCityOutOfUf(
      changes.cityCode === undefined ? stored.cityCode : changes.cityCode,
      changes.uf === undefined ? stored.uf : changes.uf,
    );
    const row = await update({ cityCode: stored.cityCode, uf: stored.uf });
    if (row) return row;
  }
  throw badRequest(changedMessage);
}
