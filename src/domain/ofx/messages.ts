/**
 * Portuguese texts of every OFX problem, lower-case: `issueAt` prefixes `Linha N: ` (or capitalises
 * the text when there is no line).
 */

/** Quotes a value from the file, cut short so one bad field cannot flood a message. */
export function quoted(value: string): string {
  const oneLine = value.replace(/\s+/g, " ").trim();
  return `"${oneLine.length > 40 ? `${oneLine.slice(0, 40)}…` : oneLine}"`;
}

export const ofxMessages = {
  empty: "arquivo OFX vazio",
  notOfx: "o arquivo não está no formato OFX",
  ofc: "o arquivo está no formato OFC (antigo Microsoft Money), não OFX: exporte o extrato em OFX",
  noBody: "arquivo OFX sem o bloco <OFX>",
  truncated: (open: string) => `arquivo OFX incompleto: terminou com <${open}> ainda aberto`,
  unclosedMarkup: (what: string) => `${what} sem fim no arquivo`,
  badMarkup: (snippet: string) => `marcação inválida: ${quoted(snippet)}`,
  expectedRoot: (name: string) => `esperado <OFX> no início do conteúdo, encontrado <${name}>`,
  textOutsideField: (text: string) => `texto fora de um campo: ${quoted(text)}`,
  tooDeep: "estrutura do arquivo aninhada demais",
  noStatements: "nenhum extrato bancário (STMTRS) ou de cartão (CCSTMTRS) no arquivo",
  bankError: (code: string, message: string | null) =>
    `o banco respondeu com erro ${code}${message ? `: ${message}` : ""}`,
  emptyStatement: "extrato sem conta, lançamentos nem saldo",
  ignoredStatement: (reason: string) => `${reason}; extrato ignorado`,
  missingField: (tag: string) => `lançamento sem ${tag}`,
  invalidField: (tag: string, value: string) => `${tag} inválido: ${quoted(value)}`,
  skippedTransaction: (reason: string) => `${reason}; lançamento ignorado`,
  ignoredBalance: (reason: string) => `${reason}; saldo ignorado`,
  balanceLine: (memo: string) => `linha de saldo informativa (${memo}), não é um lançamento`,
} as const;
