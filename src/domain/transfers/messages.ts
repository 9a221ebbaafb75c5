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

/** Description of a transfer when the request sends none (SPEC). */
export const DEFAULT_TRANSFER_DESCRIPTION = "Transferência entre contas";
