/**
 * The NF-e distribution service's real adapter: `distDFeInt` (layout 1.01) in a SOAP 1.2 envelope,
 * posted to the national environment (or the integration's BaseUrl), its `retDistDFeInt` read and
 * each `docZip` decoded (base64, then gzip through `DecompressionStream`). HTTP 5xx, SOAP faults,
 * answers outside the layout, network errors and timeouts are typed failures.
 */

import { isAccessKeyText } from "../../domain/nfe/access-key";
import { isCnpjShape } from "../../lib/document-number";
import { inflateBounded, OutboundFailure, outboundFetch } from "../../platform/outbound";
import type {
  DistributedDocument,
  DistributedKind,
  DistributionAnswer,
  DistributionFailureKind,
  DistributionQuery,
  DistributionRequest,
  DistributionResult,
  Fetcher,
  SefazDistribution,
} from "./distribution-types";
import { readSoapBody, soap12ContentType, soap12Envelope } from "./soap";

export const NFE_NAMESPACE = "http://www.portalfiscal.inf.br/nfe";
export const DISTRIBUTION_WSDL_NAMESPACE = "http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe";
export const DISTRIBUTION_OPERATION = "nfeDistDFeInteresse";
export const DISTRIBUTION_ACTION = `${DISTRIBUTION_WSDL_NAMESPACE}/${DISTRIBUTION_OPERATION}`;
export const DISTRIBUTION_LAYOUT = "1.01";

/** The national environment's addresses (Ambiente Nacional), by `tpAmb`. */
/** The service's path under a host of SEFAZ's web services (an integration's `BaseUrl`). */
export const DISTRIBUTION_PATH = "/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx";

export const DISTRIBUTION_URLS: Record<1 | 2, string> = {
  1: "https://www1.nfe.fazenda.gov.br/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx",
  2: "https://hom1.nfe.fazenda.gov.br/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx",
};

const NSU = /^\d{15}$/;

/** An NSU as the layout writes it: 15 digits, zeros on the left. */
export const nsuText = (value: string | number | bigint) =>
  String(value).replace(/^0+/, "").padStart(15, "0");

function queryXml(query: DistributionQuery): string {
  switch (query.kind) {
    case "distNSU":
      return `<distNSU><ultNSU>${nsuText(query.ultNsu)}</ultNSU></distNSU>`;
    case "consNSU":
      return `<consNSU><NSU>${nsuText(query.nsu)}</NSU></consNSU>`;
    case "consChNFe":
      return `<consChNFe><chNFe>${query.accessKey}</chNFe></consChNFe>`;
  }
}

/** Why a request breaks the XSD's patterns, or null (the request is never sent broken). */
export function requestProblem(request: DistributionRequest): string | null {
  if (!/^\d{2}$/.test(request.ufAuthor)) return "cUFAutor deve ter 2 dígitos";
  if (!/^\d{11}$/.test(request.document) && !isCnpjShape(request.document))
    return "CNPJ (14 dígitos) ou CPF (11 dígitos) inválido";
  const query = request.query;
  if (query.kind === "distNSU" && !/^\d{1,15}$/.test(query.ultNsu)) return "ultNSU inválido";
  if (query.kind === "consNSU" && !/^\d{1,15}$/.test(query.nsu)) return "NSU inválido";
  if (query.kind === "consChNFe" && !isAccessKeyText(query.accessKey)) return "chNFe deve ter 44 dígitos";
  return null;
}

/** `distDFeInt` in its XSD's order: tpAmb, cUFAutor, CNPJ|CPF, then the query. */
export function distDFeIntXml(request: DistributionRequest): string {
  const party = request.document.length === 11 ? "CPF" : "CNPJ";
  return (
    `<distDFeInt xmlns="${NFE_NAMESPACE}" versao="${DISTRIBUTION_LAYOUT}">` +
    `<tpAmb>${request.environment}</tpAmb><cUFAutor>${request.ufAuthor}</cUFAutor>` +
    `<${party}>${request.document}</${party}>${queryXml(request.query)}</distDFeInt>`
  );
}

export const distributionEnvelope = (request: DistributionRequest) =>
  soap12Envelope(DISTRIBUTION_WSDL_NAMESPACE, DISTRIBUTION_OPERATION, distDFeIntXml(request));

export function kindOfSchema(schema: string): DistributedKind {
  const name = schema.split("_")[0] ?? "";
  return name === "resNFe" || name === "procNFe" || name === "resEvento" || name === "procEventoNFe"
    ? name
    : "other";
}

function base64Bytes(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, "");
  if (clean === "" || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) return null;
  try {
    return Uint8Array.from(atob(clean), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * A decoded document holds at most this much XML (1 MiB): an NF-e message is at most 500 KB (MOC,
 * "Padrão de Comunicação"), and a row of D1 at most 2,000,000 bytes. A docZip that inflates past it
 * is refused as such, without inflating the rest (a small payload may inflate to gigabytes).
 */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** The answer's body, as read, at most (50 docZip of the largest NF-e, base64 of gzip). */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export const SEFAZ_PARTY = "SEFAZ";

/**
 * The text of a gzip member (RFC 1952: starts 1f 8b 08) inflated within `maxBytes`, or why not: not
 * gzip, not UTF-8, or larger than the bound (`tooLarge`).
 */
export async function gunzipText(
  bytes: Uint8Array,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<{ ok: true; text: string } | { ok: false; tooLarge: boolean }> {
  if (bytes.length < 18 || bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8)
    return { ok: false, tooLarge: false };
  try {
    const inflated = await inflateBounded(bytes, "gzip", maxBytes, SEFAZ_PARTY);
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(inflated) };
  } catch (error) {
    return { ok: false, tooLarge: error instanceof OutboundFailure && error.kind === "too_large" };
  }
}

export const documentTooLarge = (maxBytes: number) =>
  `docZip excede ${maxBytes} bytes ao descompactar: documento recusado, não guardado`;

type Node = { [name: string]: unknown };
const str = (value: unknown) =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

async function decodeDocument(zip: unknown): Promise<DistributedDocument | null> {
  if (!zip || typeof zip !== "object") return null;
  const node = zip as Node;
  // the NSU is optional in the layout (retDistDFeInt_v1.01.xsd, `use="optional"`): an answer to
  // consChNFe may bring a document that has none yet (NT 2014.002 v1.15); "" stands for none
  const nsu = node["@NSU"] === undefined ? "" : str(node["@NSU"]);
  const schema = str(node["@schema"]);
  if (nsu !== "" && !NSU.test(nsu)) return null;
  const base = { nsu, schema, kind: kindOfSchema(schema) };
  const bytes = base64Bytes(str(node["#text"]));
  if (!bytes) return { ...base, ok: false, reason: "docZip não é base64" };
  const xml = await gunzipText(bytes);
  if (!xml.ok)
    return xml.tooLarge
      ? { ...base, ok: false, tooLarge: true, reason: documentTooLarge(MAX_DOCUMENT_BYTES) }
      : { ...base, ok: false, reason: "docZip não é gzip de um XML" };
  return { ...base, ok: true, xml: xml.text };
}

/**
 * `retDistDFeInt` from the SOAP body (`nfeDistDFeInteresseResponse/nfeDistDFeInteresseResult`), or
 * why it is outside the layout. A `docZip` that does not decode stays in the answer with its reason.
 */
export async function readDistributionAnswer(
  body: Node,
): Promise<{ ok: true; answer: DistributionAnswer } | { ok: false; reason: string }> {
  const response = body.nfeDistDFeInteresseResponse as Node | undefined;
  const result = response?.nfeDistDFeInteresseResult as Node | undefined;
  const ret = result?.retDistDFeInt as Node | undefined;
  if (!ret || typeof ret !== "object") return { ok: false, reason: "resposta sem retDistDFeInt" };
  const cStat = str(ret.cStat);
  if (!/^\d{3}$/.test(cStat)) return { ok: false, reason: "retDistDFeInt sem cStat" };
  const ultNsu = str(ret.ultNSU);
  const maxNsu = str(ret.maxNSU);
  const lot = ret.loteDistDFeInt as Node | undefined;
  const zips = lot && typeof lot === "object" && Array.isArray(lot.docZip) ? lot.docZip : [];
  const documents: DistributedDocument[] = [];
  for (const zip of zips) {
    const document = await decodeDocument(zip);
    if (!document) return { ok: false, reason: "docZip sem NSU válido" };
    documents.push(document);
  }
  const numeric = Number(cStat);
  if (numeric === 138 && (!NSU.test(ultNsu) || !NSU.test(maxNsu)))
    return { ok: false, reason: "retDistDFeInt sem ultNSU/maxNSU" };
  return {
    ok: true,
    answer: { cStat: numeric, xMotivo: str(ret.xMotivo), dhResp: str(ret.dhResp), ultNsu, maxNsu, documents },
  };
}

export type DistributionOptions = {
  url: string;
  fetcher: Fetcher;
  timeoutMs: number;
  /** The address rule's mode (src/lib/address-rule.ts): production allows https on a public host only. */
  production: boolean;
};

/** The failure state of a call that gave no answer (outboundFetch's kinds). */
function failureOf(error: OutboundFailure): { failure: DistributionFailureKind; reason: string } {
  switch (error.kind) {
    case "timeout":
      return { failure: "timeout", reason: error.message };
    case "network":
      return { failure: "network", reason: error.message };
    case "redirect":
      return { failure: "unavailable", reason: error.message };
    case "address":
      return { failure: "refused", reason: error.message };
    case "too_large":
    case "unreadable":
      return { failure: "invalid_answer", reason: `resposta inválida: ${error.message}` };
  }
}

/**
 * The real service (or its double at the BaseUrl): one POST per call, through the one outbound
 * helper (the address rule, no redirect followed, the answer bounded to `MAX_ANSWER_BYTES`).
 */
export class SoapDistribution implements SefazDistribution {
  constructor(private readonly options: DistributionOptions) {}

  async distribute(request: DistributionRequest): Promise<DistributionResult> {
    const problem = requestProblem(request);
    if (problem) return { ok: false, failure: "refused", reason: problem };
    let status: number;
    let text: string;
    try {
      const answer = await outboundFetch(
        this.options.url,
        {
          method: "POST",
          headers: { "Content-Type": soap12ContentType(DISTRIBUTION_ACTION) },
          body: distributionEnvelope(request),
        },
        {
          party: SEFAZ_PARTY,
          production: this.options.production,
          timeoutMs: this.options.timeoutMs,
          maxBytes: MAX_ANSWER_BYTES,
          fetcher: this.options.fetcher,
        },
      );
      status = answer.status;
      text = answer.text;
    } catch (error) {
      if (error instanceof OutboundFailure) return { ok: false, ...failureOf(error) };
      return { ok: false, failure: "network", reason: "SEFAZ inacessível" };
    }
    const soap = readSoapBody(text);
    if (!soap.ok && soap.fault)
      return { ok: false, failure: "fault", reason: `SOAP Fault: ${soap.reason.slice(0, 200)}` };
    if (status >= 500) return { ok: false, failure: "unavailable", reason: `SEFAZ respondeu HTTP ${status}` };
    if (status < 200 || status >= 300)
      return { ok: false, failure: "refused", reason: `SEFAZ respondeu HTTP ${status}` };
    if (!soap.ok)
      return { ok: false, failure: "invalid_answer", reason: `resposta inválida: ${soap.reason}` };
    const read = await readDistributionAnswer(soap.body);
    if (!read.ok)
      return { ok: false, failure: "invalid_answer", reason: `resposta inválida: ${read.reason}` };
    return { ok: true, answer: read.answer };
  }
}
