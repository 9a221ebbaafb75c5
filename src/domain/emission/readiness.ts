import { assertNfeReady, type EmissionSource } from "./draft";
import { assertNfceReady, isNfceSource } from "./nfce-draft";

/**
 * Every check of an order before its note's number is taken (the certificate is checked by the
 * caller): an NFC-e's (model 65) for a store-front order, an NF-e's (model 55) otherwise.
 */
export function assertEmissionReady(source: EmissionSource): void {
  if (isNfceSource(source)) assertNfceReady(source);
  else assertNfeReady(source);
}
