import { OfxParseError, parseOfx } from "../ofx";
import type { RegisteredAccount } from "./account-labels";
import { type OfxImportOutcome, planOfxImport } from "./plan-ofx-import";

/**
 * The bytes of an OFX file as an import plan for the bank account, dates read in the company's
 * zone. A file the parser refuses is an outcome too, with the parser's message (which names the
 * line), so the job can fail with it.
 */
export function readOfxImport(
  bytes: Uint8Array,
  timeZone: string,
  account: RegisteredAccount,
): OfxImportOutcome {
  try {
    return planOfxImport(parseOfx(bytes, { timeZone }), account);
  } catch (error) {
    if (error instanceof OfxParseError) return { ok: false, reason: error.message };
    throw error;
  }
}
