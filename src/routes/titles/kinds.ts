import { PAYABLE, RECEIVABLE, type TitleKind } from "../../domain/titles/kinds";
import { type PartyField, titleSchemas } from "./schemas";

/** How one kind of title is exposed over HTTP. */
export type TitleRouteKind = {
  domain: TitleKind;
  tag: string;
  partyField: PartyField;
  /** `AccountPayable` / `AccountReceivable`: schema names and operation ids. */
  name: string;
  /** `conta a pagar` / `conta a receber`, for summaries. */
  noun: string;
  /** `pagamento` / `recebimento`, for summaries. */
  paymentNoun: string;
  schemas: ReturnType<typeof titleSchemas>;
};

export const PAYABLE_ROUTES: TitleRouteKind = {
  domain: PAYABLE,
  tag: "Accounts payable",
  partyField: "IDSupplier",
  name: "AccountPayable",
  noun: "conta a pagar",
  paymentNoun: "pagamento",
  schemas: titleSchemas({
    prefix: "AccountPayable",
    partyField: "IDSupplier",
    partyName: "Fornecedor",
    paid: "pago",
  }),
};

export const RECEIVABLE_ROUTES: TitleRouteKind = {
  domain: RECEIVABLE,
  tag: "Accounts receivable",
  partyField: "IDConsumer",
  name: "AccountReceivable",
  noun: "conta a receber",
  paymentNoun: "recebimento",
  schemas: titleSchemas({
    prefix: "AccountReceivable",
    partyField: "IDConsumer",
    partyName: "Cliente",
    paid: "recebido",
  }),
};
