import { type Cents, formatCents } from "../../lib/money";
import { STATEMENT_MESSAGES } from "../statement/messages";

export type LineKind = "bank" | "acquirer";

/** `<line kind>` of the messages (DESIGN: Responses and errors). */
export const LINE_KIND_TEXT: Record<LineKind, string> = {
  acquirer: "lançamento de conciliação de adquirente",
  bank: "lançamento bancário",
};

/** Maximum items of Accounts[] or Transfers[] in one request (keeps the atomic batch bounded). */
export const MAX_RECONCILIATION_ITEMS = 500;

/** Messages of POST /accounts/bank-statement (SPEC, exact text) and of the undo operations. */
export const RECONCILIATION_MESSAGES = {
  lineNotSelected: "Lançamento de conciliação não selecionado",
  onlyOneLine: "Informe apenas uma conciliação: bancária ou de adquirente",
  bankAccountNotSelected: STATEMENT_MESSAGES.bankAccountNotSelected,
  accountsRequired: "Contas a receber/pagar é obrigatório e deve ser um array com pelo menos um item",
  transfersRequired: "Transferência é obrigatória e deve ser um array com pelo menos um item",
  accountItemInvalid: (index: number) =>
    `Accounts[${index}]. Conta a pagar/receber não informada ou inválida`,
  transferItemInvalid: (index: number) => `Transfers[${index}]. Transferência não informada ou inválida`,
  companyNotFound: STATEMENT_MESSAGES.companyNotFound,
  acquirerLineNotFound: STATEMENT_MESSAGES.acquirerLineNotFound,
  bankLineNotFound: STATEMENT_MESSAGES.bankLineNotFound,
  bankAccountNotFound: STATEMENT_MESSAGES.bankAccountNotFound,
  titlesNotFound: (ids: number[]) => `Contas não encontradas: ${ids.join(", ")}`,
  titleOverpaid: (total: Cents, titleValue: Cents, titleId: number, details: string) =>
    `O valor total dos lançamentos (${formatCents(total)}) é maior que o valor do título (${formatCents(titleValue)}). Código do título: ${titleId}. Lançamentos: ${details}`,
  paymentDateDiverges: (kind: LineKind) =>
    `Divergência na data dos pagamentos realizados e a data do ${LINE_KIND_TEXT[kind]}`,
  titleAlreadyReconciled: (titleId: number, lineId: number) =>
    `Título ${titleId} já está conciliado na conciliação bancária código: ${lineId}`,
  accountsAboveLine: (total: Cents, lineValue: Cents, kind: LineKind) =>
    `O valor total das contas (${formatCents(total)}) é maior que o valor do ${LINE_KIND_TEXT[kind]} (${formatCents(lineValue)}). Não é possível conciliar.`,
  transfersNotFound: (ids: number[]) =>
    `Transferência(s) não encontradas ou já conciliadas: ${ids.join(", ")}`,
  processingFailed: "Falha ao processar conciliação",
  lineStillPendingAtBank:
    "Lançamento pendente no banco (ainda não efetivado) não pode ser conciliado; aguarde o banco efetivá-lo",

  // Beyond the spec's list (clear messages for cases it does not name).
  onlyOneList: "Informe apenas uma lista: Accounts ou Transfers",
  tooManyItems: (list: "Accounts" | "Transfers") =>
    `${list} aceita no máximo ${MAX_RECONCILIATION_ITEMS} itens`,
  accountItemValueInvalid: (index: number) =>
    `Accounts[${index}].Value deve ser um número maior que zero com no máximo 2 casas decimais`,
  nothingToUndo: (kind: LineKind) => `O ${LINE_KIND_TEXT[kind]} não possui conciliação para desfazer`,
  undoFailed: "Falha ao desfazer conciliação",
} as const;
