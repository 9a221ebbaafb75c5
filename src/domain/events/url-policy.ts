import { type AddressRefusal, addressRefusal } from "../../lib/address-rule";
import { EVENT_MESSAGES as M } from "./messages";

const MESSAGES: Record<AddressRefusal, string> = {
  invalid: M.urlInvalid,
  notHttps: M.urlNotHttps,
  private: M.urlPrivate,
};

/** Where webhooks may go: the address rule of src/lib/address-rule.ts, with the webhooks' messages. */
export function webhookUrlRefusal(raw: string, production: boolean): string | null {
  const refusal = addressRefusal(raw, production);
  return refusal ? MESSAGES[refusal] : null;
}
