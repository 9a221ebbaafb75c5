/**
 * The identifiers of the API Pix (BACEN's OpenAPI, `components/schemas`): the charge's `txid`, the
 * payment's `endToEndId`, and the payer/debtor documents.
 */

/** `TxId` of a charge (`cob`): 26 to 35 letters and digits, chosen by the receiving user. */
const TXID = /^[a-zA-Z0-9]{26,35}$/;

/** A received Pix's `txid` (`Pix.txid`): 1 to 35 letters and digits (static QR codes use short ones). */
const RECEIVED_TXID = /^[a-zA-Z0-9]{1,35}$/;

/** `EndToEndId` as the OpenAPI types it: 32 letters and digits. */
const END_TO_END_ID = /^[a-zA-Z0-9]{32}$/;

/**
 * The composition of an endToEndId (Manual de Padrões para Iniciação do Pix): `E`, the ISPB of the
 * payer's PSP (8 characters, alphanumeric since API Pix 2.9), the date and time `yyyyMMddHHmm` (UTC)
 * and 11 letters or digits of the PSP's own sequence.
 */
const END_TO_END_PARTS = /^E([0-9A-Z]{8})(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})([a-zA-Z0-9]{11})$/;

/** CPF: 11 digits; CNPJ: 14 characters `[0-9A-Z]` (alphanumeric CNPJ, API Pix 2.9). */
const CPF = /^\d{11}$/;
const CNPJ = /^[0-9A-Z]{14}$/;

export function isTxid(text: string): boolean {
  return TXID.test(text);
}

export function isReceivedTxid(text: string): boolean {
  return RECEIVED_TXID.test(text);
}

export function isEndToEndId(text: string): boolean {
  return END_TO_END_ID.test(text);
}

export function isCpf(text: string): boolean {
  return CPF.test(text);
}

export function isCnpj(text: string): boolean {
  return CNPJ.test(text);
}

/** The parts of an endToEndId built as the manual says; null when it is not of that form or date. */
export function endToEndIdParts(text: string): { ispb: string; at: Date; sequence: string } | null {
  const match = END_TO_END_PARTS.exec(text);
  if (!match) return null;
  const [, ispb = "", year, month, day, hour, minute, sequence = ""] = match;
  const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)));
  const valid =
    at.getUTCFullYear() === Number(year) &&
    at.getUTCMonth() === Number(month) - 1 &&
    at.getUTCDate() === Number(day) &&
    at.getUTCHours() === Number(hour) &&
    at.getUTCMinutes() === Number(minute);
  return valid ? { ispb, at, sequence } : null;
}

const SEQUENCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * An endToEndId for a payment made at `at` through the PSP `ispb`: `E` + ISPB + `yyyyMMddHHmm`
 * (UTC) + 11 letters or digits drawn from `randomBytes` (one byte per character).
 */
export function makeEndToEndId(ispb: string, at: Date, randomBytes: Uint8Array): string {
  if (!/^[0-9A-Z]{8}$/.test(ispb)) throw new RangeError("ISPB must be 8 characters [0-9A-Z]");
  if (randomBytes.length < 11) throw new RangeError("11 random bytes are needed");
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const stamp = `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}`;
  let sequence = "";
  for (const byte of randomBytes.subarray(0, 11)) {
    sequence += SEQUENCE_ALPHABET[byte % SEQUENCE_ALPHABET.length];
  }
  return `E${ispb}${stamp}${sequence}`;
}
