/**
 * The NFC-e (model 65) settings of an invoicing company that need more than a field check: the CSC
 * (Código de Segurança do Contribuinte) and its id travel together, and the CSC is a secret, sealed
 * with `encryptCredentials` (AES-GCM bound to the company, `HUB_CREDENTIALS_KEY`) before it is stored
 * and never answered (the invoicing company shows `CSCSet`).
 */
import { badRequest } from "../../lib/errors";
import { decryptCredentials, encryptCredentials } from "../../platform/credentials-cipher";
import { CSC_NO_CIPHER_KEY, CSC_PAIR } from "./messages";

export type CscBody = { CSC?: string | null | undefined; CSCId?: string | null | undefined };

/**
 * The sealed CSC to store from a body: undefined when the body does not touch the CSC, null to clear
 * it, the sealed text otherwise. CSC and CSCId go together (both sent, or neither).
 */
export async function sealCsc(
  secret: string | undefined,
  companyId: number,
  body: CscBody,
): Promise<string | null | undefined> {
  const sentCsc = body.CSC !== undefined;
  const sentId = body.CSCId !== undefined;
  if (!sentCsc && !sentId) return undefined;
  if (sentCsc !== sentId || (body.CSC === null) !== (body.CSCId === null)) throw badRequest(CSC_PAIR);
  if (body.CSC === null) return null;
  if (!secret) throw badRequest(CSC_NO_CIPHER_KEY);
  return encryptCredentials(secret, companyId, { csc: body.CSC });
}

/** The stored CSC in clear, or null when there is none or it does not open with this key. */
export async function openCsc(
  secret: string | undefined,
  companyId: number,
  stored: { cscId: string | null; cscSealed: string | null },
): Promise<{ id: string; code: string } | null> {
  if (!secret || !stored.cscId || !stored.cscSealed) return null;
  const plain = (await decryptCredentials(secret, companyId, stored.cscSealed)) as { csc?: unknown } | null;
  return plain && typeof plain.csc === "string" ? { id: stored.cscId, code: plain.csc } : null;
}
