import { type Cents, formatCents } from "../../lib/money";

/** Registry references of a title, validated against the caller's company. */
export { BANK_ACCOUNT_NOT_FOUND } from "../bank-accounts/messages";
export {
  ACCOUNT_TYPE_NOT_FOUND,
  CONSUMER_NOT_FOUND,
  COST_CENTER_NOT_FOUND,
  DOCUMENT_TYPE_NOT_FOUND,
  PAYMENT_TYPE_NOT_FOUND,
  SUPPLIER_NOT_FOUND,
} from "../registries/messages";

/** The messages that differ between payable and receivable titles. */
export type TitleMessages = {
  notFound: string;
  accountTypeOtherDirection: string;
  hasPayments: string;
  paymentNotFound: string;
  paymentReconciled: string;
  overpayment: (value: Cents, openValue: Cents) => string;
  paymentConflict: (value: Cents) => string;
  valueBelowPaid: (value: Cents, paid: Cents) => string;
  valueConflict: (value: Cents) => string;
};

export const PAYABLE_MESSAGES: TitleMessages = {
  notFound: "Conta a pagar não existe",
  accountTypeOtherDirection: "Plano de contas não é de contas a pagar (saída)",
  hasPayments: "Conta a pagar possui pagamentos e não pode ser excluída",
  paymentNotFound: "Pagamento não existe",
  paymentReconciled: "Pagamento conciliado não pode ser excluído; desfaça a conciliação antes",
  overpayment: (value, openValue) =>
    `Valor do pagamento ${formatCents(value)} maior que o valor em aberto ${formatCents(openValue)} da conta a pagar`,
  paymentConflict: (value) =>
    `Pagamento de ${formatCents(value)} recusado: a conta a pagar foi alterada por outra operação ao mesmo tempo; consulte o valor em aberto e tente novamente`,
  valueBelowPaid: (value, paid) =>
    `Valor ${formatCents(value)} menor que o valor já pago ${formatCents(paid)} da conta a pagar`,
  valueConflict: (value) =>
    `Valor ${formatCents(value)} recusado: a conta a pagar foi alterada por outra operação ao mesmo tempo; consulte o valor pago e tente novamente`,
};

export const RECEIVABLE_MESSAGES: TitleMessages = {
  notFound: "Conta a receber não existe",
  accountTypeOtherDirection: "Plano de contas não é de contas a receber (entrada)",
  hasPayments: "Conta a receber possui recebimentos e não pode ser excluída",
  paymentNotFound: "Recebimento não existe",
  paymentReconciled: "Recebimento conciliado não pode ser excluído; desfaça a conciliação antes",
  overpayment: (value, openValue) =>
    `Valor do recebimento ${formatCents(value)} maior que o valor em aberto ${formatCents(openValue)} da conta a receber`,
  paymentConflict: (value) =>
    `Recebimento de ${formatCents(value)} recusado: a conta a receber foi alterada por outra operação ao mesmo tempo; consulte o valor em aberto e tente novamente`,
  valueBelowPaid: (value, paid) =>
    `Valor ${formatCents(value)} menor que o valor já recebido ${formatCents(paid)} da conta a receber`,
  valueConflict: (value) =>
    `Valor ${formatCents(value)} recusado: a conta a receber foi alterada por outra operação ao mesmo tempo; consulte o valor recebido e tente novamente`,
};

/**
 * Titles another area created and keeps (an order's payment, a purchase's installment): the titles
 * routes may pay them but not change their money nor delete them.
 */
export const orderPaymentTitleChange = (titleId: number, orderId: number) =>
  `Conta a receber ${titleId} é um pagamento do pedido ${orderId}: altere-a por PUT /orders/${orderId}/payment/${titleId}, que mantém o PaidValue do pedido`;
export const orderPaymentTitleDelete = (titleId: number, orderId: number) =>
  `Conta a receber ${titleId} é um pagamento do pedido ${orderId} e não pode ser excluída; altere-a por PUT /orders/${orderId}/payment/${titleId}`;
export const purchaseInstallmentChange = (
  titleId: number,
  purchaseId: number,
  installment: number,
  fields: string[],
) =>
  `Conta a pagar ${titleId} é a parcela ${installment} da compra ${purchaseId}: Value, DueDate, IDSupplier e IDTypePayment seguem a compra e não podem ser alterados (alterado: ${fields.join(", ")})`;
export const purchaseInstallmentDelete = (titleId: number, purchaseId: number, installment: number) =>
  `Conta a pagar ${titleId} é a parcela ${installment} da compra ${purchaseId} e não pode ser excluída`;

/** The collection keys of a title: the boleto's nosso número and the Pix charge's txid. */
export const NOSSO_NUMERO_INVALID = "NossoNumero inválido";
export const TX_ID_INVALID = "TxId inválido";
export const NOSSO_NUMERO_TAKEN = "NossoNumero já usado nesta conta";
export const TX_ID_TAKEN = "TxId já usado";
