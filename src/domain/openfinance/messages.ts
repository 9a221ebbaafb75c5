/** Messages of the Open Finance feeds (docs/OPEN-FINANCE.md). */
export const OPENFINANCE_MESSAGES = {
  notOpenFinanceIntegration: "Integração Open Finance não existe",
  notConfigured: "Integração Open Finance não configurada: informe BaseUrl e Credentials",
  baseUrlInvalid: "BaseUrl inválida: informe o endereço http(s) da API do agregador",
  baseUrlRequired: "BaseUrl é obrigatória na primeira configuração",
  credentialsRequired: "Credentials é obrigatório na primeira configuração",
  noCipherKey: "O servidor não tem a chave de credenciais (HUB_CREDENTIALS_KEY)",
  credentialsUnreadable:
    "As credenciais da integração Open Finance não puderam ser lidas: informe-as de novo",
  feedNotFound: "Conta bancária sem feed Open Finance",
  feedAccountTaken: (bankAccountId: number) =>
    `A conta do agregador já alimenta outra conta bancária (IDBankAccount ${bankAccountId})`,
  syncScheduled: "Sincronização agendada",
  syncAlreadyOpen: "Já há uma sincronização na fila para este feed",
  syncParams: "Parâmetros do job de sincronização inválidos",
  feedGone: "O feed Open Finance desta conta foi removido",
  accountInactive: "A conta bancária do feed não existe mais",
  waitRateLimit: (until: string) =>
    `O agregador pediu para esperar (HTTP 429): nova leitura a partir de ${until} (UTC)`,
  itemUnreadable: (action: string) => `Item do agregador não pode ser lido agora: ${action}`,
  refreshSkipped: (reason: string) => `Atualização na instituição não pedida: ${reason}`,
  futureDate: (id: string, date: string) => `Movimento ${id} com data futura (${date}): não gravado`,
  zeroAmount: (id: string) => `Movimento ${id} de valor zero: não gravado`,
  refused: (id: string | null, reason: string) => `Movimento ${id ?? "sem id"} recusado: ${reason}`,
  postedChanged: (id: string) =>
    `Movimento ${id} já efetivado mudou de valor ou data no agregador: a linha gravada fica como está`,
  keyValueDiffers: (id: string) =>
    `Movimento ${id}: sua chave (FITID ou endToEndId) já está em uma linha de outra origem com outro valor: não gravado; confira`,
  webhookInvalid: (reason: string) => `Notificação do agregador inválida: ${reason}`,
  webhookUnknownItem: (itemId: string) => `Item ${itemId} não alimenta nenhuma conta desta integração`,
  webhookUnknownAccount: (accountId: string) =>
    `Conta ${accountId} do agregador não alimenta nenhuma conta bancária desta integração`,
  webhookIgnored: (event: string) => `Evento ${event} não usado pelo feed`,
} as const;
