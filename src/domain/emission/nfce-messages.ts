import { type Cents, formatCents } from "../../lib/money";
import type { NfceUfRules } from "./nfce-rules";

/** Messages of the NFC-e (model 65): the checks before a number is taken and the offline contingency. */

const brl = (cents: Cents) => `R$ ${formatCents(cents)}`;

export const nfceConsumerDocumentInvalid = (consumerId: number, document: string) =>
  `${document.length === 11 ? "CPF" : "CNPJ"} ${document} do cliente ${consumerId} com dígito verificador inválido: corrija o Document em PUT /consumer/${consumerId} (a NFC-e identifica o consumidor pelo CPF/CNPJ)`;
export const nfceUnidentifiedAboveLimit = (uf: string, total: Cents, limit: Cents, lacks: string) =>
  `NFC-e de ${brl(total)} acima de ${brl(limit)}, o limite de ${uf} para consumidor não identificado: o pedido precisa de um cliente com CPF/CNPJ, nome e endereço completo (${lacks})`;
export const nfceCashBelowTotal = (cash: Cents, total: Cents) =>
  `Pagamento em dinheiro de ${brl(cash)} abaixo do total da NFC-e (${brl(total)}): faltam ${brl(total - cash)}`;
export const nfcePaymentsBelowTotal = (paid: Cents, total: Cents) =>
  `Pagamentos do pedido (${brl(paid)}) abaixo do total da NFC-e (${brl(total)}): faltam ${brl(total - paid)}`;
export const nfceChangeWithoutCash = (paid: Cents, total: Cents) =>
  `Pagamentos do pedido (${brl(paid)}) acima do total da NFC-e (${brl(total)}) sem dinheiro que cubra o troco: só o pagamento em dinheiro tem troco (vTroco)`;
export const nfceConsumerOutOfState = (consumerId: number, uf: string, issuerUf: string) =>
  `Cliente ${consumerId} com endereço em ${uf}: a NFC-e só acoberta operação dentro da UF do emitente (${issuerUf}); emita NF-e (modelo 55)`;
export const nfceCscRequired = (invoiceId: number, uf: string) =>
  `Faturador ${invoiceId}: ${uf} pede o QR Code da NFC-e na versão 2, com o CSC: informe CSC e CSCId em PUT /company/invoice/${invoiceId}`;

export const NFCE_MESSAGES = {
  offline: (reason: string) =>
    `NFC-e emitida em contingência off-line (tpEmis 9): o autorizador não respondeu (${reason}); será transmitida em até 24 h`,
  offlineWaiting: (reason: string, at: string) =>
    `NFC-e em contingência off-line aguardando transmissão: ${reason}; nova tentativa após ${at} UTC`,
  expired: (deadline: string) =>
    `NFC-e em contingência off-line não autorizada em 24 h (prazo ${deadline}): transmissão encerrada`,
  onlineAuthorized:
    "A NFC-e normal (tpEmis 1) já estava autorizada na SEFAZ: a autorização vale e a emissão off-line do mesmo número foi descartada",
};

/** `POST /nfe/{idnfe}/transmit` refuses an NF-e (model 55): it has no offline contingency. */
export const nfceTransmitNotNfce = (id: number) =>
  `A NF-e ${id} é modelo 55: só a NFC-e (modelo 65) emitida em contingência off-line é transmitida por esta rota`;
/** `POST /nfe/{idnfe}/transmit` refuses an NFC-e that is not waiting offline. */
export const nfceTransmitNotOffline = (id: number, status: string) =>
  `Só uma NFC-e em contingência off-line (Offline) pode ser transmitida: a NFC-e ${id} está em ${status}`;

export const NFCE_NO_DANFE = (status: string) =>
  `NFC-e em ${status}: o DANFE NFC-e só existe para uma NFC-e autorizada ou emitida em contingência off-line (Offline)`;
export const nfceCancellationWindowClosed = (authorizedAt: string, deadline: string, rules: NfceUfRules) =>
  `Prazo de cancelamento esgotado: a NFC-e foi autorizada em ${authorizedAt} e a SEFAZ só aceita o cancelamento da NFC-e até ${rules.cancellationMinutes} minutos depois (${deadline})`;
