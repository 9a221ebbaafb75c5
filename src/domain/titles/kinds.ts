import {
  CONSUMER_NOT_FOUND,
  PAYABLE_MESSAGES,
  RECEIVABLE_MESSAGES,
  SUPPLIER_NOT_FOUND,
  type TitleMessages,
} from "./messages";
import type { TitleStatus } from "./statuses";

/**
 * What differs between a payable and a receivable title. IDTypeAccount of the title is also the
 * direction of the entries its payments post: a receivable (0) brings money in, a payable (1) takes it out.
 */
export type TitleKind = {
  typeAccount: 0 | 1;
  /** The registry of the title's counterpart: suppliers for payables, consumers for receivables. */
  party: "supplier" | "consumer";
  partyNotFound: string;
  /** First word of the description of the entries its payments post. */
  entryPrefix: string;
  statusNames: Record<TitleStatus, string>;
  messages: TitleMessages;
};

export const PAYABLE: TitleKind = {
  typeAccount: 1,
  party: "supplier",
  partyNotFound: SUPPLIER_NOT_FOUND,
  entryPrefix: "Pagamento",
  statusNames: { 1: "Aberto", 2: "Parcialmente pago", 3: "Pago" },
  messages: PAYABLE_MESSAGES,
};

export const RECEIVABLE: TitleKind = {
  typeAccount: 0,
  party: "consumer",
  partyNotFound: CONSUMER_NOT_FOUND,
  entryPrefix: "Recebimento",
  statusNames: { 1: "Aberto", 2: "Parcialmente recebido", 3: "Recebido" },
  messages: RECEIVABLE_MESSAGES,
};
