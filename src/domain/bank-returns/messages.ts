import { type Cents, formatCents } from "../../lib/money";

/**
 * Portuguese texts of the CNAB return reader. A line's problem is prefixed with `Linha N: ` by
 * `lineIssue` (read-return.ts); a problem of the whole file stands alone.
 */

/** Quotes a value from the file, cut short so one bad field cannot flood a message. */
export function quoted(value: string): string {
  const oneLine = value.replace(/\s+/g, " ").trim();
  return `"${oneLine.length > 30 ? `${oneLine.slice(0, 30)}…` : oneLine}"`;
}

export const BANK_RETURN_MESSAGES = {
  linePrefix: (line: number, reason: string) => `Linha ${line}: ${reason}`,

  // file-level failures
  empty: "Arquivo de retorno vazio",
  unknownLayout: (length: number) =>
    `Arquivo não reconhecido como retorno CNAB: a primeira linha tem ${length} caracteres (esperado 240 ou 400)`,
  notReturnHeader:
    "Arquivo não reconhecido como retorno CNAB: a primeira linha não é um header de arquivo de retorno",
  remittance: "O arquivo é uma remessa (enviada ao banco), não um retorno do banco",
  unsupportedBank: (layout: "240" | "400", bankCode: string) =>
    `Banco ${quoted(bankCode)} não suportado no layout CNAB ${layout}`,
  truncated: "Arquivo de retorno incompleto: termina sem o trailer do arquivo (registro 9)",
  contentAfterTrailer: (line: number) =>
    `Arquivo de retorno com conteúdo após o trailer do arquivo (linha ${line})`,
  badControlLine: (line: number, reason: string) => `Linha ${line}: ${reason}; o arquivo não pode ser lido`,
  batchNotClosed: (line: number, batch: string) =>
    `Linha ${line}: o lote ${batch} não foi fechado pelo seu trailer (registro 5)`,
  outsideBatch: (line: number) => `Linha ${line}: registro fora de um lote (sem o header de lote antes)`,
  notCollectionBatch: (line: number, service: string) =>
    `Linha ${line}: o lote não é de cobrança (serviço ${quoted(service)}); o arquivo não é um retorno de cobrança`,
  batchTrailerCount: (line: number, batch: string, declared: number, counted: number) =>
    `Linha ${line}: o trailer do lote ${batch} declara ${declared} registros, o lote tem ${counted}`,
  batchTrailerTitles: (line: number, batch: string, declared: number, counted: number) =>
    `Linha ${line}: o trailer do lote ${batch} declara ${declared} títulos, o lote tem ${counted}`,
  batchTrailerValue: (line: number, batch: string, declared: Cents, counted: Cents) =>
    `Linha ${line}: o trailer do lote ${batch} declara valor total ${formatCents(declared)}, a soma dos títulos é ${formatCents(counted)}`,
  fileTrailerBatches: (line: number, declared: number, counted: number) =>
    `Linha ${line}: o trailer do arquivo declara ${declared} lotes, o arquivo tem ${counted}`,
  fileTrailerRecords: (line: number, declared: number, counted: number) =>
    `Linha ${line}: o trailer do arquivo declara ${declared} registros, o arquivo tem ${counted}`,
  trailerBank: (line: number, bankCode: string, expected: string) =>
    `Linha ${line}: trailer do banco ${quoted(bankCode)}, o header é do banco ${expected}`,

  // line-level problems (prefixed with "Linha N: ")
  wrongLength: (length: number, expected: number) => `tamanho ${length}, esperado ${expected}`,
  notNumeric: (name: string, value: string) => `${name} não numérico: ${quoted(value)}`,
  impossibleDate: (name: string, value: string) => `${name} inválida: ${quoted(value)}`,
  unknownOccurrence: (code: string) => `ocorrência desconhecida: ${quoted(code)}`,
  invalidNossoNumero: (value: string) => `nosso número inválido: ${quoted(value)}`,
  unknownRecordType: (type: string) => `tipo de registro desconhecido: ${quoted(type)}`,
  unknownSegment: (segment: string) => `segmento desconhecido: ${quoted(segment)}`,
  segmentTWithoutU: "segmento T sem o segmento U que o completa",
  segmentUWithoutT: "segmento U sem o segmento T que o precede",
} as const;

/** Names of the fields as the messages show them (the banks' manuals' own words). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  bankCode: "código do banco",
  batch: "lote",
  recordType: "tipo de registro",
  sequence: "número sequencial",
  direction: "código remessa/retorno",
  generatedOn: "data de geração",
  fileSequence: "número sequencial do arquivo",
  occurrenceCode: "código de ocorrência",
  nossoNumero: "nosso número",
  documentNumber: "número do documento",
  companyReference: "identificação do título na empresa",
  dueDate: "data de vencimento",
  titleValue: "valor do título",
  paid: "valor pago",
  interest: "juros/multa",
  discount: "valor do desconto",
  abatement: "valor do abatimento",
  otherCredits: "outros créditos",
  tariff: "valor da tarifa",
  occurrenceDate: "data da ocorrência",
  creditDate: "data do crédito",
  reasons: "motivos da ocorrência",
  recordCount: "quantidade de registros",
  batchCount: "quantidade de lotes",
  simpleCount: "quantidade de títulos em cobrança simples",
  simpleValue: "valor dos títulos em cobrança simples",
  linkedCount: "quantidade de títulos em cobrança vinculada",
  linkedValue: "valor dos títulos em cobrança vinculada",
  pledgedCount: "quantidade de títulos em cobrança caucionada",
  pledgedValue: "valor dos títulos em cobrança caucionada",
  discountedCount: "quantidade de títulos em cobrança descontada",
  discountedValue: "valor dos títulos em cobrança descontada",
};

/**
 * Texts of the `BankReturnCNAB` job (import-job.ts): the job's failure, the notes of its lines
 * (`Errors`, prefixed with `Linha N: ` by `linePrefix`) and the descriptions of the entries it posts.
 */
export const BANK_RETURN_JOB_MESSAGES = {
  otherBank: (fileBank: string, fileBankName: string, accountBank: string) =>
    `O arquivo de retorno é do banco ${fileBank} (${fileBankName}); a conta bancária do job é do banco ${accountBank}. Nada foi gravado`,

  // notes of a line (the record still counts in the Result)
  noNossoNumero: "ocorrência sem nosso número: não há título a que aplicá-la",
  unknownTitle: (nossoNumero: string) =>
    `nosso número ${nossoNumero} não corresponde a nenhum título a receber desta empresa nesta conta`,
  alreadyRecorded: (nossoNumero: string, code: string, date: string) =>
    `ocorrência ${code} do nosso número ${nossoNumero} em ${date} já registrada: nada lançado de novo`,
  titleAlreadyPaid: (nossoNumero: string, titleId: number) =>
    `liquidação do nosso número ${nossoNumero}: o título ${titleId} já estava quitado; registrada no histórico, nenhum lançamento`,
  partialLiquidation: (titleId: number, openAfter: Cents) =>
    `liquidação parcial: o título ${titleId} segue em aberto com ${formatCents(openAfter)}`,
  surplus: (titleId: number, surplus: Cents) =>
    `valor pago acima do saldo do título ${titleId}: ${formatCents(surplus)} lançados à parte como entrada sem título`,
  nothingPaid: "liquidação sem valor pago, desconto nem abatimento: nada a baixar",
  noDate: "ocorrência sem data (nem da ocorrência, nem do crédito, nem do arquivo)",

  // history reasons
  rejectionReasons: (codes: readonly string[]) =>
    codes.length > 0
      ? `Motivos da rejeição (códigos do banco): ${codes.join(", ")}`
      : "Rejeitado pelo banco (sem motivo informado)",
  paidByHand: "Título já quitado antes deste retorno: liquidação registrada sem lançamento",

  // entries
  receiptEntry: (titleDescription: string) => `Recebimento ${titleDescription}`,
  interestEntry: (nossoNumero: string, titleDescription: string) =>
    `Juros/multa boleto ${nossoNumero} - ${titleDescription}`,
  surplusEntry: (nossoNumero: string, titleDescription: string) =>
    `Valor pago acima do título, boleto ${nossoNumero} - ${titleDescription}`,
  tariffEntry: (nossoNumero: string, code: string) =>
    `Tarifa de cobrança boleto ${nossoNumero} (ocorrência ${code})`,
} as const;
