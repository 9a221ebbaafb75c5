export { BANK_ACCOUNT_NOT_FOUND } from "../bank-accounts/messages";
export { CASHIER_NOT_OPEN } from "../registries/messages";

export const nsuAlreadyReceived = (nsu: string) => `Pagamento TEF com NSU ${nsu} já registrado nesta conta`;
