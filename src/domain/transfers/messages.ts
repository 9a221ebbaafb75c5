import { STATEMENT_MESSAGES } from "../statement/messages";

/** Messages of POST and DELETE /accounts/bank-statement/transfer (SPEC, exact text). */
export const TRANSFER_MESSAGES = {
  originNotInformed: "Conta bancária de origem não informada",
  destinationNotInformed: "Conta bancária de destino não informada",
  sameAccount: "A conta de origem e destino não podem ser a mesma",
  valueNotPositive: "Valor deve ser maior que zero",
  companyNotFound: STATEMENT_MESSAGES.companyNotFound,
  accountsNotInCompany:
    "Uma ou ambas as contas bancárias não foram encontradas ou não pertencem a esta empresa",
  originNotFound: "Conta bancária de origem não encontrada",
  destinationNotFound: "Conta bancária de destino não encontrada",
  debitFailed: "Falha ao inserir transação de débito",
  creditFailed: "Falha ao inserir transação de crédito",
  transferFailed: "Falha ao processar transferência",

  notATransfer: "Lançamento não é uma transferência ou não foi encontrado",
  legsNotInCompany: "Uma ou ambas as transações não pertencem a esta empresa",
  deleteEntriesFailed: "Falha ao excluir as transações",
  deleteTransferFailed: "Falha ao excluir transferência",
  // Beyond the spec's list: a reconciled leg is part of a reconciliation that must be undone first.
  legReconciled: "Transferência conciliada não pode ser excluída; desfaça a conciliação do lançamento antes",
} as const;

/** Messages of the transfer proposals (`/accounts/bank-statement/transfer-proposals`). */
export const TRANSFER_PROPOSAL_MESSAGES = {
  bankLineNotFound: STATEMENT_MESSAGES.bankLineNotFound,
  companyNotFound: STATEMENT_MESSAGES.companyNotFound,
  lineNotPending: (id: number) =>
    `O lançamento bancário ${id} já está conciliado (ou em conciliação); só linhas pendentes formam uma transferência proposta`,
  lineAtBank: (id: number, why: "pending" | "withdrawn") =>
    why === "pending"
      ? `O lançamento bancário ${id} ainda está pendente no banco (não efetivado); só forma uma transferência depois de efetivado`
      : `O lançamento bancário ${id} foi retirado pelo banco; não forma uma transferência`,
  notAPair: (from: number, to: number, days: number) =>
    `Os lançamentos ${from} e ${to} não formam uma transferência: é preciso um débito (IDBankStatementConciliationFrom) e um crédito do mesmo valor (IDBankStatementConciliationTo) em contas diferentes da empresa, com até ${days} dia útil entre as datas`,
  rangeTooLong: (days: number) => `O período (DateFrom a DateTo) aceita no máximo ${days} dias`,
  dateOrder: "DateFrom não pode ser posterior a DateTo",
  tooManyLines: (limit: number) =>
    `O período tem mais de ${limit} linhas pendentes; informe um período menor`,
  processingFailed: "Falha ao processar conciliação",
} as const;

/** Description of a transfer when the request sends none (SPEC). */
export const DEFAULT_TRANSFER_DESCRIPTION = "Transferência entre contas";
