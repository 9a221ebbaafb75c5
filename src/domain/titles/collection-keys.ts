import { titleKeyConflict } from "../../db/titles";
import { NOSSO_NUMERO_TAKEN, TX_ID_TAKEN } from "./messages";

/**
 * The keys by which a collection finds its title: the boleto's nosso número (the bank's "identificação
 * do título no banco", a numeric field of at most 20 positions in FEBRABAN's CNAB 240 segment T, padded
 * with zeros on the left) and the Pix charge's txid (BACEN's API Pix: `[a-zA-Z0-9]{26,35}`, chosen by
 * the receiver and unique for it). Neither moves money.
 */

/** 1 to 20 digits, not all zeros (a nosso número is compared with its leading zeros ignored). */
export const NOSSO_NUMERO_PATTERN = /^\d{1,20}$/;
export const isNossoNumero = (value: string) => NOSSO_NUMERO_PATTERN.test(value) && /[1-9]/.test(value);

/** BACEN's txid: 26 to 35 letters or digits, case-sensitive. */
export const TX_ID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;

/** The form a nosso número is compared by: its digits without the leading zeros (`000123` = `123`). */
export const nossoNumeroKey = (digits: string) => digits.replace(/^0+/, "");

/** The refusal of a write that a title's key index refused (the key already used), or undefined. */
export function collectionKeyConflict(error: unknown): string | undefined {
  const key = titleKeyConflict(error);
  if (key === "nossoNumero") return NOSSO_NUMERO_TAKEN;
  if (key === "txId") return TX_ID_TAKEN;
  return undefined;
}
