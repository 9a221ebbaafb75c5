/** Texts of the OFX import job (the spec fixes none; the wording is the service's own). */

/** `FailureReason` when the file is not of the chosen bank account. */
export const accountMismatch = (fileAccounts: string[], chosen: string) =>
  `O arquivo OFX é da conta ${fileAccounts.join("; ")}, não da conta bancária escolhida (${chosen})`;

/** `FailureReason` when the chosen account has no number to pick one of the file's accounts by. */
export const severalAccounts = (fileAccounts: string[], chosen: string) =>
  `O arquivo OFX tem extratos de ${fileAccounts.length} contas (${fileAccounts.join("; ")}); ` +
  `cadastre o número da conta bancária escolhida (${chosen}) para importar só o extrato dela`;

/** Per-line notes of the job (`Errors[]`), lower-case like the parser's reasons. */
export const importNotes = {
  otherAccount: (fileAccount: string) =>
    `extrato da conta ${fileAccount} ignorado: não é a conta bancária escolhida`,
  repeatedInFile: (firstLine: number) =>
    `lançamento repetido no arquivo (igual ao da linha ${firstLine}); importado uma vez`,
} as const;

/** An account nobody wrote in the file. */
export const UNKNOWN_FILE_ACCOUNT = "não informada no arquivo";
