export { PAYMENT_TYPE_NOT_FOUND } from "../registries/messages";

export const paymentTypeWithoutRate = (installments: number) =>
  `Tipo pagamento sem taxa cadastrada para ${installments} parcela(s)`;
export const REPEATED_RATE_INSTALLMENTS = "Taxas repetidas para o mesmo número de parcelas";
