import { type Cents, formatCents } from "../../lib/money";

export { BANK_ACCOUNT_NOT_FOUND } from "../bank-accounts/messages";
export { CASHIER_NOT_OPEN } from "../registries/messages";

export const nsuAlreadyReceived = (nsu: string) => `Pagamento TEF com NSU ${nsu} já registrado nesta conta`;
export const cashBelowValue = (cashReceived: Cents, value: Cents) =>
  `CashReceived (R$ ${formatCents(cashReceived)}) abaixo de Value (R$ ${formatCents(value)}): o dinheiro entregue pelo cliente cobre ao menos o valor recebido`;
