/**
 * Messages of the received Pix (webhook, polling job, the poll route), Portuguese like the rest of
 * the API. The PSP's own failures are worded by `PIX_MESSAGES` (messages.ts).
 */

export const PIX_INBOX_MESSAGES = {
  integrationNotFound: "Integração Pix não encontrada",
  pollParams: "Parâmetros do job PixReceivedPoll inválidos: IDCompanyIntegration é obrigatório",
  pollScheduled: "Leitura dos Pix recebidos agendada",
  pollAlreadyOpen: "Já há uma leitura dos Pix recebidos desta integração na fila; o job dela foi devolvido",
  accountInactive: "A conta bancária da integração Pix não está ativa",
  invalidCallback: (detail: string) => `Callback Pix inválido: ${detail}`,
} as const;
