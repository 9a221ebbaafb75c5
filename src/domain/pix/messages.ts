/**
 * Messages of the Pix integration: the reason a call to the PSP's API Pix did not succeed, shown as
 * the integration's state. They name the PSP's answer (status, problem title) and never hold the
 * integration's credentials or tokens.
 */

export const PIX_MESSAGES = {
  invalidRequest: (field: string) => `Cobrança Pix não enviada: o campo ${field} não respeita a API Pix`,
  credentialsRefused: (status: number) =>
    `O PSP recusou as credenciais da integração Pix (HTTP ${status}): confira ClientId e ClientSecret`,
  rateLimited: (seconds: number | null) =>
    seconds === null
      ? "O PSP limitou as requisições (HTTP 429); tente novamente mais tarde"
      : `O PSP limitou as requisições (HTTP 429); tente novamente em ${seconds} s`,
  unavailable: (status: number, problem: string | null) =>
    `O PSP está indisponível (HTTP ${status})${problem ? `: ${problem}` : ""}; tente novamente mais tarde`,
  refused: (status: number, problem: string | null) =>
    `O PSP recusou a requisição (HTTP ${status})${problem ? `: ${problem}` : ""}`,
  invalidAnswer: (detail: string) => `O PSP respondeu fora do formato da API Pix: ${detail}`,
  timeout: (milliseconds: number) => `O PSP não respondeu em ${milliseconds} ms; tente novamente mais tarde`,
  network: (detail: string) => `Falha de conexão com o PSP: ${detail}`,
  address: (detail: string) => `Chamada ao PSP recusada: ${detail}`,
} as const;
