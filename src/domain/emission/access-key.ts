import { accessKeyCheckDigitOf } from "../nfe/access-key";
import { EmissionDraftError } from "./errors";

/**
 * The access key (chNFe) of a note this service issues: cUF(2) AAMM(4) CNPJ(14, the alphanumeric CNPJ
 * allowed) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1), the check digit by the modulus 11 of
 * `domain/nfe/access-key.ts` (alphanumeric aware).
 */
export type AccessKeyParts = {
  cUF: string;
  /** dhEmi, `YYYY-MM-DDThh:mm:ss±hh:mm`: its year and month give AAMM. */
  issuedAt: string;
  cnpj: string;
  model: number;
  series: number;
  number: number;
  emissionType: number;
  cnf: string;
};

/** The 44-character key. Throws `EmissionDraftError` on a part that does not fit its positions. */
export function nfeAccessKey(parts: AccessKeyParts): string {
  if (!/^\d{2}$/.test(parts.cUF)) throw new EmissionDraftError(`cUF inválido: ${parts.cUF}`);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(parts.cnpj))
    throw new EmissionDraftError(`CNPJ do emitente inválido para a chave de acesso: ${parts.cnpj}`);
  if (!/^\d{8}$/.test(parts.cnf)) throw new EmissionDraftError("cNF deve ter 8 dígitos");
  if (!Number.isInteger(parts.series) || parts.series < 0 || parts.series > 999)
    throw new EmissionDraftError("série deve ser de 0 a 999");
  if (!Number.isInteger(parts.number) || parts.number < 1 || parts.number > 999_999_999)
    throw new EmissionDraftError("nNF deve ser de 1 a 999999999");
  const yymm = parts.issuedAt.slice(2, 4) + parts.issuedAt.slice(5, 7);
  const first43 =
    parts.cUF +
    yymm +
    parts.cnpj +
    String(parts.model).padStart(2, "0") +
    String(parts.series).padStart(3, "0") +
    String(parts.number).padStart(9, "0") +
    String(parts.emissionType) +
    parts.cnf;
  return first43 + String(accessKeyCheckDigitOf(first43));
}

/**
 * cNF values SEFAZ refuses as weak (NT 2019.001 rule on cNF: the eight repeated digits and the
 * ascending/descending runs), besides the one equal to nNF.
 */
const WEAK_CNF = new Set([
  ...Array.from({ length: 10 }, (_, d) => String(d).repeat(8)),
  "12345678",
  "23456789",
  "34567890",
  "45678901",
  "56789012",
  "67890123",
  "78901234",
  "89012345",
  "90123456",
  "01234567",
  "87654321",
  "98765432",
  "76543210",
]);

/** Why a cNF cannot go with this nNF, or null. */
export function cnfProblem(cnf: string, number: number): string | null {
  if (!/^\d{8}$/.test(cnf)) return "cNF deve ter 8 dígitos";
  if (Number(cnf) === number) return `cNF ${cnf} igual ao número da nota (nNF ${number}): a SEFAZ rejeita`;
  if (WEAK_CNF.has(cnf)) return `cNF ${cnf} é uma sequência que a SEFAZ rejeita`;
  return null;
}

/**
 * Draws the note's cNF (8 digits) once, for the caller to keep with the note: never equal to nNF
 * (the layout's rule: SEFAZ rejects a cNF equal to the number) nor a repeated/sequential code.
 * `random` answers a number in [0, 1) (a CSPRNG in production: `crypto.getRandomValues`).
 */
export function drawCnf(number: number, random: () => number): string {
  for (let attempt = 0; attempt < 100; attempt++) {
    const cnf = String(Math.floor(random() * 100_000_000) % 100_000_000).padStart(8, "0");
    if (cnfProblem(cnf, number) === null) return cnf;
  }
  throw new Error("drawCnf: the random source keeps answering refused codes");
}

/** A `random` for `drawCnf` from WebCrypto. */
export const cryptoRandom = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
