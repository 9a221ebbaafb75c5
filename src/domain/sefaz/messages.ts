/**
 * Messages of a SEFAZ integration (`/company/integration/{id}/sefaz`) and of the NF-e distribution
 * it runs (job `SefazDistribution`).
 */
export { INTEGRATION_NOT_FOUND } from "../registries/messages";

/**
 * Where a document a consChNFe answer brought without an NSU is stored (`sefaz_documents.nsu`, one
 * per integration and key): the NSU is optional in those answers since NT 2014.002 v1.15.
 */
export const keyNsu = (accessKey: string) => `chNFe-${accessKey}`;
export const isKeyNsu = (nsu: string) => nsu.startsWith("chNFe-");

/** Times a gap (consNSU) or a summary without its full NF-e (consChNFe) is asked before giving up. */
export const FOLLOW_UP_MAX_REQUESTS = 3;

export const SEFAZ_MESSAGES = {
  notSefazIntegration: "Integração não encontrada ou não é de Kind SEFAZ",
  notConfigured: "Integração SEFAZ sem configuração: envie CNPJ e UF em PUT /company/integration/{id}/sefaz",
  cnpjInvalid: "CNPJ inválido: informe os 14 dígitos do CNPJ da empresa ou de uma empresa emissora dela",
  cnpjNotOfCompany: "CNPJ não é da empresa nem de uma empresa emissora ativa dela",
  ufInvalid: "UF inválida: informe a sigla (SP) ou o código IBGE (35) do estado",
  certificateInvalid: "Certificate deve ser um certificado X.509 em PEM (-----BEGIN CERTIFICATE-----)",
  privateKeyInvalid: "PrivateKey deve ser a chave privada em PEM (-----BEGIN PRIVATE KEY-----)",
  privateKeyMismatch:
    "PrivateKey não corresponde ao Certificate: a chave pública do certificado não é a desta chave privada (envie o par do mesmo certificado A1)",
  privateKeyUnreadable:
    "PrivateKey deve ser a chave privada RSA do Certificate em PEM PKCS#8 (-----BEGIN PRIVATE KEY-----)",
  noCipherKey:
    "O serviço não tem a chave de cifra (HUB_CREDENTIALS_KEY): a chave privada não pode ser guardada",
  mtlsCertificateInvalid:
    "MtlsCertificate deve ser o nome de um binding de certificado mTLS (letras, dígitos e _)",
  productionNeedsCertificate:
    "Em produção a integração SEFAZ precisa de MtlsCertificate: o binding mtls_certificates com o certificado A1",
  noCertificateBinding: (name: string) => `O Worker não tem o binding de certificado mTLS ${name}`,
  certificateExpired: (notAfter: string) => `Certificado vencido em ${notAfter}: envie um certificado válido`,
  manifestNeedsKey:
    "A integração SEFAZ do CNPJ destinatário não tem Certificate e PrivateKey: envie-os em PUT /company/integration/{id}/sefaz para assinar a manifestação",
  syncScheduled: "Distribuição de NF-e agendada",
  syncAlreadyOpen: "Já há uma distribuição de NF-e na fila para esta integração",
  syncWaiting: (at: string) =>
    `A SEFAZ só aceita nova consulta distNSU a partir de ${at} UTC (1 hora depois de 137, ultNSU = maxNSU ou 656): o job faz só as consultas por NSU e por chave pendentes`,
  syncParams: "Parâmetros do job de distribuição inválidos",
  nothingNew: "Nenhum documento novo (137): próxima consulta em 1 hora",
  caughtUp: "Todos os documentos lidos (ultNSU = maxNSU): próxima consulta em 1 hora",
  consumptionRefused: (xMotivo: string) => `SEFAZ recusou a consulta por consumo indevido (656): ${xMotivo}`,
  rejected: (cStat: number, xMotivo: string) => `SEFAZ rejeitou a consulta (${cStat}): ${xMotivo}`,
  accessKeyInvalid: "Chave de acesso deve ter 44 dígitos",
  documentNotNfe: (reason: string) => `Documento não é uma NF-e legível: ${reason}`,
  summaryUnreadable: "Resumo de NF-e (resNFe) sem chave de acesso válida",
  nsuGap: "NSU ausente na distribuição: consulte-o por consNSU",
  gapNothing: (requests: number) =>
    `consNSU (${requests}ª consulta): a SEFAZ não tem documento neste NSU (137)${requests >= FOLLOW_UP_MAX_REQUESTS ? ": não será consultado de novo" : ": nova consulta em 1 hora"}`,
  keyFound: (nsu: string) =>
    isKeyNsu(nsu)
      ? "NF-e completa recebida por consChNFe (resposta sem NSU)"
      : `NF-e completa recebida por consChNFe (NSU ${nsu})`,
  distNsuWithoutNsu: "resposta inválida: docZip sem NSU numa resposta a distNSU",
  keySummaryOnly: (requests: number) =>
    `consChNFe (${requests}ª consulta): a SEFAZ devolveu só o resumo ou nada (137): a NF-e completa só vem depois da Ciência (210210) ou da Confirmação (210200)${requests >= FOLLOW_UP_MAX_REQUESTS ? "; não será consultada de novo" : "; nova consulta em 1 hora"}`,
  followUpRejected: (query: string, cStat: number, xMotivo: string) =>
    `${query}: SEFAZ rejeitou a consulta (${cStat}): ${xMotivo}`,
  followUpFailed: (query: string, reason: string) =>
    `${query} sem resposta: ${reason}; nova consulta em 1 hora`,
  awarenessParams: "Parâmetros do job de ciência automática inválidos",
  awarenessKnown: (cStat: number, xMotivo: string) => `Ciência já conhecida da SEFAZ (${cStat}): ${xMotivo}`,
  awarenessRegistered: (protocol: string) => `Ciência registrada (protocolo ${protocol})`,
  awarenessLineMissing: "Linha do feed do resumo não encontrada",
} as const;
