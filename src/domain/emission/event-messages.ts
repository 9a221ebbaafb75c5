/**
 * Messages of the issuer's events (cancellation, CC-e), of number voiding and of the gaps listing.
 * Exact texts: the tests and docs/NFE.md quote them.
 */
import {
  CANCELLATION_WINDOW_HOURS,
  CORRECTION_MAX,
  CORRECTION_MIN,
  JUSTIFICATION_MAX,
  JUSTIFICATION_MIN,
  MAX_CORRECTION_SEQUENCE,
  MAX_NFE_NUMBER,
  MAX_NFE_SERIES,
  VOID_MAX_NUMBERS,
} from "./event-rules";

export const EVENT_NFE_NOT_FOUND = "NF-e não existe";
export const EVENT_INVOICE_COMPANY_NOT_FOUND = "Faturador não existe";

/** Field rules (the routes' schemas). */
export const justificationLength = `Justification deve ter de ${JUSTIFICATION_MIN} a ${JUSTIFICATION_MAX} caracteres`;
export const correctionLength = `Correction deve ter de ${CORRECTION_MIN} a ${CORRECTION_MAX} caracteres`;
export const VOID_MODEL = "Model deve ser 55 (NF-e)";
export const VOID_SERIES = `Series deve ser um número inteiro de 0 a ${MAX_NFE_SERIES}`;
export const voidNumber = (field: "NumberFrom" | "NumberTo") =>
  `${field} deve ser um número inteiro de 1 a ${MAX_NFE_NUMBER}`;
export const VOID_RANGE_REVERSED = "NumberTo deve ser maior ou igual a NumberFrom";
export const voidRangeTooLarge = (count: number) =>
  `A faixa tem ${count} números: a SEFAZ inutiliza no máximo ${VOID_MAX_NUMBERS} números por pedido`;

/** Cancellation. */
export const cancelNotAuthorized = (id: number, status: string) =>
  `Só uma NF-e autorizada pode ser cancelada: a NF-e ${id} está em ${status}`;
export const alreadyCancelled = (id: number) => `NF-e ${id} já está cancelada`;
export const cancellationWindowClosed = (authorizedAt: string, deadline: string) =>
  `Prazo de cancelamento esgotado: a NF-e foi autorizada em ${authorizedAt} e a SEFAZ só aceita o cancelamento até ${CANCELLATION_WINDOW_HOURS} horas depois (${deadline})`;
export const NO_AUTHORIZATION_DATE =
  "NF-e sem data de autorização (dhRecbto): o prazo de cancelamento não pode ser verificado";
export const orderNotCancellable = (orderId: number, status: number, description: string) =>
  `O pedido ${orderId} está no status ${status} (${description}): cancelar a NF-e cancela o pedido, e a tabela de transições não leva do status ${status} ao 10 (Cancelado)`;
export const cancellationRejected = (cStat: number, xMotivo: string) =>
  `SEFAZ rejeitou o cancelamento: ${cStat} - ${xMotivo}`;
export const cancellationInProgress = (id: number) =>
  `O cancelamento da NF-e ${id} está sendo enviado à SEFAZ por outra requisição: tente de novo em instantes`;

/** CC-e. */
export const correctionOnCancelled = (id: number) =>
  `NF-e ${id} está cancelada: uma NF-e cancelada não aceita carta de correção`;
export const correctionNotAuthorized = (id: number, status: string) =>
  `Só uma NF-e autorizada aceita carta de correção: a NF-e ${id} está em ${status}`;
export const correctionLimit = (id: number) =>
  `A NF-e ${id} já tem ${MAX_CORRECTION_SEQUENCE} cartas de correção: a SEFAZ aceita no máximo ${MAX_CORRECTION_SEQUENCE} por NF-e (nSeqEvento 1 a ${MAX_CORRECTION_SEQUENCE})`;
export const correctionWhileCancelling = (id: number) =>
  `A NF-e ${id} tem um cancelamento em andamento: a carta de correção não pode ser enviada`;
export const correctionRejected = (cStat: number, xMotivo: string) =>
  `SEFAZ rejeitou a carta de correção: ${cStat} - ${xMotivo}`;
export const correctionInProgress = (id: number) =>
  `Outra carta de correção da NF-e ${id} está sendo enviada à SEFAZ: tente de novo em instantes`;

/** Voiding. */
export const voidNumberUsed = (number: number, series: number, nfeId: number, status: string) =>
  `O número ${number} da série ${series} já é da NF-e ${nfeId} (${status}): só números nunca usados podem ser inutilizados`;
export const voidOverlap = (from: number, to: number, voidId: number) =>
  `A faixa ${from} a ${to} já foi inutilizada (inutilização ${voidId}): um número não é inutilizado duas vezes`;
export const voidPendingOverlap = (from: number, to: number, voidId: number) =>
  `A inutilização ${voidId} (${from} a ${to}) aguarda a resposta da SEFAZ: envie de novo exatamente essa faixa`;
export const voidBeyondNext = (series: number, next: number) =>
  `A faixa começa depois do próximo número da série ${series} (${next}): só números já pulados, ou a partir do próximo, podem ser inutilizados`;
export const voidRejected = (cStat: number, xMotivo: string) =>
  `SEFAZ rejeitou a inutilização: ${cStat} - ${xMotivo}`;
export const voidInProgress = (voidId: number) =>
  `A inutilização ${voidId} está sendo enviada à SEFAZ por outra requisição: tente de novo em instantes`;
export const invoiceCompanyWithout = (id: number, what: string) =>
  `Faturador ${id} sem ${what}: informe em PUT /company/invoice/${id}`;

/** The issuer's certificate (the company's certificate store). */
export const eventNoCertificate = (id: number) =>
  `Faturador ${id} sem certificado digital: envie o A1 em POST /company/invoice/${id}/certificate`;
export const eventCertificateExpired = (id: number, notAfter: string) =>
  `Certificado digital do faturador ${id} venceu em ${notAfter}: envie um novo em POST /company/invoice/${id}/certificate`;

/** SEFAZ gave no conclusive answer (timeout, 5xx, fault, garbage). */
export const eventNoAnswer = (what: "cancelamento" | "carta de correção", reason: string) =>
  `SEFAZ não respondeu ao ${what} (${reason}): a NF-e não mudou; envie de novo (se a SEFAZ já o registrou, o reenvio é reconhecido pela resposta 573)`;
export const voidNoAnswer = (reason: string) =>
  `SEFAZ não respondeu à inutilização (${reason}): envie de novo a mesma faixa (se a SEFAZ já a registrou, o reenvio é reconhecido pela resposta 563)`;
