/**
 * The events the API emits, each with its payload (the `Data` of a delivered body). Field names
 * follow the API's (PascalCase, `ID` prefix); money is a number with at most 2 decimals.
 */
export type EventPayloads = {
  "bank_file.imported": {
    IDJob: number;
    IDBankAccount: number;
    FileName: string;
    Result: { imported: number; duplicate: number; autoReconciled: number; pending: number };
  };
  "bank_line.reconciled": {
    IDBankStatementConciliation: number;
    IDBankAccount: number;
    Value: number;
    IDAccountPayableReceivable: number[];
  };
  "bank_line.unreconciled": {
    IDBankStatementConciliation: number;
    IDBankAccount: number;
    PreviousReconciledValue: number;
  };
  "title.paid": { IDAccountPayableReceivable: number; IDTypeAccount: number; Value: number };
  "transfer.created": {
    IDTransfer: number;
    IDBankFrom: number;
    IDBankTo: number;
    Value: number;
    Description: string;
  };
  "transfer.deleted": { IDTransfer: number; IDBankFrom: number; IDBankTo: number; Value: number };
  "order.status_changed": {
    IDOrder: number;
    IDStatusOrderFrom: number | null;
    IDStatusOrder: number;
    ChangedAt: string;
  };
  "tracking.status_changed": {
    IDOrder: number;
    IDTrackingStatusFrom: number | null;
    IDTrackingStatus: number;
    TrackingCode: string | null;
    ChangedAt: string;
  };
  "tracking.message": {
    IDOrder: number;
    IDTrackingStatus: number;
    IDTrackingMessage: number;
    Message: string;
  };
  "purchase.received": { IDPurchase: number; IDSupplier: number | null; ReceivedAt: string };
  "nfe.authorized": {
    IDNFe: number;
    IDOrder: number;
    IDCompanyInvoice: number;
    Model: number;
    Series: number;
    Number: number;
    Key: string;
    Protocol: string | null;
    AuthorizedAt: string | null;
    Total: number;
  };
  "nfe.contingency": {
    IDCompanyInvoice: number;
    Entered: boolean;
    ContingencyMode: "SVC-AN" | "SVC-RS" | null;
    /** tpEmis of the next notes: 6, 7 or 1. */
    EmissionType: number;
    ContingencySince: string;
    Reason: string;
    Authorizer: string;
    cStat: number | null;
    xMotivo: string | null;
  };
  "nfe.rejected": {
    IDNFe: number;
    IDOrder: number;
    IDCompanyInvoice: number;
    Series: number;
    Number: number;
    Key: string;
    Status: string;
    cStat: number | null;
    xMotivo: string | null;
  };
  "nfe.cancelled": {
    IDNFe: number;
    IDOrder: number;
    Key: string;
    Number: number;
    Series: number;
    /** nProt of the cancellation; null when SEFAZ's answer was lost (a resend answered 573). */
    Protocol: string | null;
    /** 135 (or 136), 155 cancelled out of time, 573 known from a resend. */
    cStat: number;
    /** 1 when the order was cancelled with the note (status 10, stock returned). */
    OrderCancelled: 0 | 1;
  };
  "nfe.corrected": {
    IDNFe: number;
    IDOrder: number;
    Key: string;
    Sequence: number;
    Correction: string;
    Protocol: string | null;
  };
};

export type EventType = keyof EventPayloads;

/** One event: its type and its payload. */
export type DomainEvent = { [T in EventType]: { type: T; payload: EventPayloads[T] } }[EventType];

/** What each event means, in the order the catalog lists them. */
export const EVENT_DESCRIPTIONS: { readonly [T in EventType]: string } = {
  "bank_file.imported": "Arquivo de extrato (OFX) importado: o job terminou `Done`, com as contagens.",
  "bank_line.reconciled": "Linha do extrato bancário conciliada (manualmente) com títulos ou lançamentos.",
  "bank_line.unreconciled": "Conciliação de uma linha do extrato bancário desfeita.",
  "title.paid": "Título a pagar ou a receber quitado (valor em aberto chegou a zero).",
  "transfer.created": "Transferência entre contas bancárias criada.",
  "transfer.deleted": "Transferência entre contas bancárias excluída.",
  "order.status_changed": "Pedido mudou de status.",
  "tracking.status_changed": "Pedido mudou de status de rastreio.",
  "tracking.message": "Mensagem de rastreio do canal webhook, renderizada do modelo do status.",
  "purchase.received": "Compra recebida (entrada no estoque).",
  "nfe.authorized":
    "NF-e do pedido autorizada pela SEFAZ (cStat 100/150): protocolo gravado e pedido faturado (status 6) no mesmo lote.",
  "nfe.rejected":
    "NF-e do pedido rejeitada (Status Rejected, cStat e xMotivo da SEFAZ como vieram; o pedido não muda e o número fica para a nova tentativa) ou denegada (Status Denied: 110/301/302/303).",
  "nfe.cancelled":
    "NF-e cancelada na SEFAZ (evento 110111 registrado): o pedido foi para 10 (Cancelado) com o estoque devolvido.",
  "nfe.corrected":
    "Carta de correção (CC-e, evento 110110) registrada na SEFAZ; Correction é o texto que vale.",
  "nfe.contingency":
    "Faturador entrou (Entered true: autorizador da NF-e da UF paralisado, 108/109) ou saiu (Entered false: NFeStatusServico4 respondeu 107) da contingência SVC (tpEmis 6 SVC-AN / 7 SVC-RS); as NF-e não enviadas vão à SVC enquanto durar.",
};

export const EVENT_TYPES = Object.keys(EVENT_DESCRIPTIONS) as EventType[];

export const isEventType = (value: string): value is EventType => Object.hasOwn(EVENT_DESCRIPTIONS, value);
