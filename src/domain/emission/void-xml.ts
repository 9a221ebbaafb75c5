import { canonicalize, element, signEnveloped } from "../../lib/xmldsig";
import { UF_CODES } from "../company/fiscal-profile";
import { NFE_NAMESPACE, NFE_VERSION } from "./build";
import { EmissionDraftError } from "./errors";
import type { FiscalEnvironment, NFeModel } from "./model";
import type { NFeSigner } from "./sign";
import { bareXml } from "./sign";
import { nfeText } from "./text";

/**
 * Inutilização (NFeInutilizacao4): a range of numbers of a series that will never be used, signed
 * as `inutNFe` 4.00 (leiauteInutNFe_v4.00.xsd). `Id` = "ID" + cUF + ano (2) + CNPJ + mod + serie (3)
 * + nNFIni (9) + nNFFin (9).
 */
export type VoidInput = {
  environment: FiscalEnvironment;
  /** The issuer's UF initials (SP). */
  uf: string;
  /** The year of the numbers (4 digits; `ano` is its last 2). */
  year: number;
  cnpj: string;
  model: NFeModel;
  series: number;
  from: number;
  to: number;
  /** xJust, 15 to 255 characters once cleaned. */
  justification: string;
};

export function voidId(input: VoidInput): string {
  const cUF = (UF_CODES as Record<string, string>)[input.uf];
  if (!cUF) throw new EmissionDraftError(`inutilização: UF inválida (${input.uf})`);
  if (!Number.isInteger(input.year) || input.year < 2000 || input.year > 2099)
    throw new EmissionDraftError("inutilização: ano inválido");
  if (!/^[0-9A-Z]{12}\d{2}$/.test(input.cnpj)) throw new EmissionDraftError("inutilização: CNPJ inválido");
  if (!Number.isInteger(input.series) || input.series < 0 || input.series > 999)
    throw new EmissionDraftError("inutilização: série deve ser de 0 a 999");
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= 999_999_999;
  if (!valid(input.from) || !valid(input.to) || input.from > input.to)
    throw new EmissionDraftError("inutilização: faixa de números inválida (1 a 999999999, inicial ≤ final)");
  return (
    `ID${cUF}${String(input.year % 100).padStart(2, "0")}${input.cnpj}${input.model}` +
    `${String(input.series).padStart(3, "0")}${String(input.from).padStart(9, "0")}${String(input.to).padStart(9, "0")}`
  );
}

/** The signed `<inutNFe>` (no XML declaration). */
export async function signVoid(input: VoidInput, signer: NFeSigner): Promise<string> {
  const id = voidId(input);
  const target = element(
    "infInut",
    { Id: id },
    element("tpAmb", {}, String(input.environment)),
    element("xServ", {}, "INUTILIZAR"),
    element("cUF", {}, id.slice(2, 4)),
    element("ano", {}, id.slice(4, 6)),
    element("CNPJ", {}, input.cnpj),
    element("mod", {}, String(input.model)),
    element("serie", {}, String(input.series)),
    element("nNFIni", {}, String(input.from)),
    element("nNFFin", {}, String(input.to)),
    element("xJust", {}, nfeText(input.justification, { field: "xJust", maxLength: 255, minLength: 15 })),
  );
  const signature = await signEnveloped({
    target,
    inheritedNamespace: NFE_NAMESPACE,
    key: signer.key,
    certificatePem: signer.certificatePem,
  });
  return canonicalize(element("inutNFe", { xmlns: NFE_NAMESPACE, versao: NFE_VERSION }, target, signature));
}

/** `procInutNFe` 4.00 (root element `ProcInutNFe`, as the schema names it): the signed `inutNFe` and SEFAZ's `retInutNFe` as SEFAZ sent it. */
export function procInutXml(inutXml: string, retInutXml: string): string {
  return `<ProcInutNFe xmlns="${NFE_NAMESPACE}" versao="${NFE_VERSION}">${bareXml(inutXml, "inutNFe")}${bareXml(retInutXml, "retInutNFe")}</ProcInutNFe>`;
}
