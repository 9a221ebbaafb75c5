import { XMLParser } from "fast-xml-parser";
import { NFE_NAMESPACE } from "../../domain/emission/build";
import { eventIdOf, eventInfo } from "../../domain/emission/events-xml";
import { isCnpjShape } from "../../lib/document-number";
import { canonicalize, element, signEnveloped, type XmlElement } from "../../lib/xmldsig";
import type { ManifestAnswer, ManifestEventCode, ManifestRequest, SefazEnvironment } from "./types";

/**
 * The messages of the NF-e event service `NFeRecepcaoEvento4` (operation `nfeRecepcaoEventoNF`,
 * SOAP 1.2) for the recipient's manifest: `envEvento` 1.00 with one `evento` whose `infEvento` is
 * signed (XML-DSig), and the `retEnvEvento` answer. Layouts: NT 2012.002 (Manifestação do
 * Destinatário) and the event schemas (envConfRecebto_v1.00 / leiauteConfRecebto_v1.00); sources in
 * docs/SEFAZ.md, "Manifestação".
 */

export const EVENT_WSDL_NAMESPACE = "http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4";
export const EVENT_SOAP_ACTION = `${EVENT_WSDL_NAMESPACE}/nfeRecepcaoEventoNF`;
export const SOAP12_NAMESPACE = "http://www.w3.org/2003/05/soap-envelope";
export const EVENT_SERVICE_PATH = "/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx";

/** The national environment (Ambiente Nacional, cOrgao 91) that receives the recipient's events. */
export const NATIONAL_EVENT_HOSTS: Record<SefazEnvironment, string> = {
  1: "https://www.nfe.fazenda.gov.br",
  2: "https://hom1.nfe.fazenda.gov.br",
};

/** cOrgao of the Ambiente Nacional, where the manifest events are registered. */
const NATIONAL_ORGAO = "91";

/** descEvento as the schema fixes it (no accents), per event type. */
export const EVENT_DESCRIPTIONS: Record<ManifestEventCode, string> = {
  210200: "Confirmacao da Operacao",
  210210: "Ciencia da Operacao",
  210220: "Desconhecimento da Operacao",
  210240: "Operacao nao Realizada",
};

/** The manifest events are one per type and key: nSeqEvento is always 1. */
const SEQUENCE = 1;

/** `Id` of infEvento: "ID" + tpEvento + chNFe + nSeqEvento (2 digits). */
export const eventId = (event: ManifestEventCode, accessKey: string) => eventIdOf(event, accessKey, SEQUENCE);

/** The `infEvento` of a manifest request, unsigned (the issuer's events share its shape: domain/emission). */
export function infEvento(request: ManifestRequest, tpAmb: SefazEnvironment): XmlElement {
  if (!isCnpjShape(request.authorDocument))
    throw new TypeError("the author's CNPJ must have 14 characters (TCnpj)");
  const justification = request.event === 210240 ? request.comments : null;
  return eventInfo({
    orgao: NATIONAL_ORGAO,
    environment: tpAmb,
    cnpj: request.authorDocument,
    accessKey: request.accessKey,
    at: request.at,
    type: request.event,
    sequence: SEQUENCE,
    details: [
      element("descEvento", {}, EVENT_DESCRIPTIONS[request.event]),
      justification ? element("xJust", {}, justification) : null,
    ].filter((child) => child !== null),
  });
}

/** The SOAP 1.2 request: `envEvento` (one signed `evento`) inside `nfeDadosMsg`. */
export async function eventEnvelope(input: {
  request: ManifestRequest;
  tpAmb: SefazEnvironment;
  /** idLote: 1 to 15 digits. */
  batchId: string;
  key: CryptoKey;
  certificatePem: string;
}): Promise<string> {
  const target = infEvento(input.request, input.tpAmb);
  const signature = await signEnveloped({
    target,
    inheritedNamespace: NFE_NAMESPACE,
    key: input.key,
    certificatePem: input.certificatePem,
  });
  const envEvento = element(
    "envEvento",
    { xmlns: NFE_NAMESPACE, versao: "1.00" },
    element("idLote", {}, input.batchId),
    element("evento", { versao: "1.00" }, target, signature),
  );
  // default namespaces only, no prefix: the signed infEvento has the same namespaces in scope whether
  // it is verified inside the envelope or as the nfeDadosMsg document on its own (C14N 1.0 renders
  // every ancestor's declaration on the apex, so a `soap12:` prefix would change the digest in place)
  const soap = element(
    "Envelope",
    { xmlns: SOAP12_NAMESPACE },
    element("Body", {}, element("nfeDadosMsg", { xmlns: EVENT_WSDL_NAMESPACE }, envEvento)),
  );
  return `<?xml version="1.0" encoding="utf-8"?>${canonicalize(soap)}`;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) => name === "retEvento",
});

/** The answer's body read: a SEFAZ answer, a SOAP Fault, or why neither was found. */
export type EventAnswerRead =
  | { kind: "answer"; answer: ManifestAnswer }
  | { kind: "fault"; code: string; reason: string }
  | { kind: "invalid"; detail: string };

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;

/** The first element named `name` at any depth (the answer's wrappers vary with each server). */
function find(node: unknown, name: string, depth = 0): Node | null {
  if (!isNode(node) || depth > 12) return null;
  if (isNode(node[name])) return node[name] as Node;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("@")) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const found = find(item, name, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

const textOf = (value: unknown): string | null => {
  if (typeof value === "string") return value.trim();
  if (isNode(value) && typeof value["#text"] === "string") return (value["#text"] as string).trim();
  return null;
};

/**
 * Reads `retEnvEvento`: a lot refused as a whole (cStat other than 128: schema, signature 297/298...)
 * is the answer itself; a processed lot (128) answers with the `retEvento` of the key and event
 * (135/136 with nProt and dhRegEvento, 573, 655...).
 */
export function readEventAnswer(body: string, request: ManifestRequest): EventAnswerRead {
  let tree: unknown;
  try {
    tree = parser.parse(body, true);
  } catch {
    return { kind: "invalid", detail: "corpo não é XML" };
  }
  const fault = find(tree, "Fault");
  if (fault) {
    const code = textOf(find(fault, "Code")?.Value) ?? "desconhecido";
    const reason = textOf(find(fault, "Reason")?.Text) ?? "sem motivo";
    return { kind: "fault", code: clip(code), reason: clip(reason) };
  }
  const batch = find(tree, "retEnvEvento");
  if (!batch) return { kind: "invalid", detail: "sem retEnvEvento" };
  const batchStatus = Number(textOf(batch.cStat));
  const batchReason = textOf(batch.xMotivo);
  if (!Number.isInteger(batchStatus) || batchReason === null)
    return { kind: "invalid", detail: "retEnvEvento sem cStat/xMotivo" };
  if (batchStatus !== 128) return { kind: "answer", answer: rejection(batchStatus, batchReason) };
  const events = Array.isArray(batch.retEvento) ? (batch.retEvento as unknown[]) : [];
  const info = events
    .map((item) => (isNode(item) && isNode(item.infEvento) ? item.infEvento : null))
    .find(
      (item) =>
        item !== null &&
        textOf(item.chNFe) === request.accessKey &&
        (textOf(item.tpEvento) === null || textOf(item.tpEvento) === String(request.event)),
    );
  if (!info) return { kind: "invalid", detail: "sem retEvento para a chave" };
  const cStat = Number(textOf(info.cStat));
  const xMotivo = textOf(info.xMotivo);
  if (!Number.isInteger(cStat) || xMotivo === null)
    return { kind: "invalid", detail: "retEvento sem cStat/xMotivo" };
  if (cStat !== 135 && cStat !== 136) return { kind: "answer", answer: rejection(cStat, xMotivo) };
  const protocol = textOf(info.nProt);
  const registeredAt = textOf(info.dhRegEvento);
  if (!protocol || !/^\d{15}$/.test(protocol))
    return { kind: "invalid", detail: "evento registrado sem nProt" };
  return {
    kind: "answer",
    answer: { cStat, xMotivo: clip(xMotivo), protocol, registeredAt: registeredAt || null },
  };
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

const rejection = (cStat: number, xMotivo: string): ManifestAnswer => ({
  cStat,
  xMotivo: clip(xMotivo),
  protocol: null,
  registeredAt: null,
});
