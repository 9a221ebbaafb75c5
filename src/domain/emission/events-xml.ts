import { canonicalize, element, signEnveloped, type XmlElement, type XmlNode } from "../../lib/xmldsig";
import { isAccessKeyText } from "../nfe/access-key";
import { NFE_NAMESPACE } from "./build";
import { EmissionDraftError } from "./errors";
import type { FiscalEnvironment } from "./model";
import type { NFeSigner } from "./sign";
import { bareXml, checkLotId } from "./sign";
import { nfeText } from "./text";

/**
 * NF-e events (`evento` 1.00, NFeRecepcaoEvento4): the issuer's cancellation (110111) and CC-e
 * (110110) here; the recipient's manifest (adapters/sefaz/event-xml.ts) builds its `infEvento` with
 * the same `eventInfo`. Layouts: leiauteEventoCancNFe_v1.00.xsd, leiauteCCe_v1.00.xsd.
 */

export const EVENT_VERSION = "1.00";
export const CANCEL_EVENT = 110111;
export const CORRECTION_EVENT = 110110;

/**
 * xCondUso of the CC-e, fixed by the schema (leiauteCCe_v1.00.xsd accepts it with or without
 * accents; the version without is written).
 */
export const CORRECTION_CONDITIONS =
  "A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.";

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[-+]\d{2}:\d{2}$/;

/** `Id` of infEvento: "ID" + tpEvento + chNFe + nSeqEvento (2 digits). */
export const eventIdOf = (type: number, accessKey: string, sequence: number) =>
  `ID${type}${accessKey}${String(sequence).padStart(2, "0")}`;

export type EventInfo = {
  /** cOrgao: the UF's IBGE code, or 91 (Ambiente Nacional). */
  orgao: string;
  environment: FiscalEnvironment;
  /** The author's CNPJ (14 characters, the alphanumeric CNPJ allowed). */
  cnpj: string;
  accessKey: string;
  /** dhEvento, `AAAA-MM-DDThh:mm:ss±hh:mm`. */
  at: string;
  type: number;
  sequence: number;
  /** The children of detEvento (descEvento first). */
  details: XmlNode[];
};

/** The unsigned `infEvento` (TEvento of the event schemas). */
export function eventInfo(info: EventInfo): XmlElement {
  if (!isAccessKeyText(info.accessKey)) throw new TypeError("chNFe must have 44 characters (TChNFe)");
  if (!/^[0-9A-Z]{12}\d{2}$/.test(info.cnpj))
    throw new TypeError("the author's CNPJ must have 14 characters (TCnpj)");
  if (!DATE_TIME.test(info.at)) throw new TypeError("dhEvento must be AAAA-MM-DDThh:mm:ssTZD");
  if (!Number.isInteger(info.sequence) || info.sequence < 1 || info.sequence > 20)
    throw new TypeError("nSeqEvento must be 1 to 20");
  return element(
    "infEvento",
    { Id: eventIdOf(info.type, info.accessKey, info.sequence) },
    element("cOrgao", {}, info.orgao),
    element("tpAmb", {}, String(info.environment)),
    element("CNPJ", {}, info.cnpj),
    element("chNFe", {}, info.accessKey),
    element("dhEvento", {}, info.at),
    element("tpEvento", {}, String(info.type)),
    element("nSeqEvento", {}, String(info.sequence)),
    element("verEvento", {}, EVENT_VERSION),
    element("detEvento", { versao: EVENT_VERSION }, ...info.details),
  );
}

/** `infEvento` signed (enveloped XML-DSig, Reference `#ID…`) inside `evento`, as an element tree. */
export async function signedEvento(target: XmlElement, signer: NFeSigner): Promise<XmlElement> {
  const signature = await signEnveloped({
    target,
    inheritedNamespace: NFE_NAMESPACE,
    key: signer.key,
    certificatePem: signer.certificatePem,
  });
  return element("evento", { xmlns: NFE_NAMESPACE, versao: EVENT_VERSION }, target, signature);
}

export type NFeEventInput = {
  accessKey: string;
  cnpj: string;
  environment: FiscalEnvironment;
  type: 110111 | 110110;
  /** nSeqEvento: 1 for a cancellation; 1 to 20 for CC-e (the latest replaces the earlier). */
  sequence: number;
  /** dhEvento. */
  at: string;
  /** nProt of the note's authorization (cancellation only). */
  protocol?: string;
  /** xJust (cancellation, 15 to 255) or xCorrecao (CC-e, 15 to 1000), cleaned as NF-e text. */
  text: string;
};

/** The signed `<evento>` (no XML declaration) of a cancellation or CC-e; cOrgao from the key's cUF. */
export async function signNFeEvent(input: NFeEventInput, signer: NFeSigner): Promise<string> {
  let details: XmlNode[];
  if (input.type === CANCEL_EVENT) {
    if (!input.protocol || !/^(\d{15}|\d{17})$/.test(input.protocol))
      throw new EmissionDraftError("cancelamento: nProt da autorização deve ter 15 dígitos");
    details = [
      element("descEvento", {}, "Cancelamento"),
      element("nProt", {}, input.protocol),
      element("xJust", {}, nfeText(input.text, { field: "xJust", maxLength: 255, minLength: 15 })),
    ];
  } else if (input.type === CORRECTION_EVENT) {
    details = [
      element("descEvento", {}, "Carta de Correcao"),
      element("xCorrecao", {}, nfeText(input.text, { field: "xCorrecao", maxLength: 1000, minLength: 15 })),
      element("xCondUso", {}, CORRECTION_CONDITIONS),
    ];
  } else {
    throw new EmissionDraftError(`tipo de evento não emitido: ${input.type}`);
  }
  const target = eventInfo({
    orgao: input.accessKey.slice(0, 2),
    environment: input.environment,
    cnpj: input.cnpj,
    accessKey: input.accessKey,
    at: input.at,
    type: input.type,
    sequence: input.sequence,
    details,
  });
  return canonicalize(await signedEvento(target, signer));
}

/** `envEvento` 1.00 with one signed `evento`. */
export function envEventoXml(lotId: string, eventoXml: string): string {
  checkLotId(lotId);
  return `<envEvento xmlns="${NFE_NAMESPACE}" versao="${EVENT_VERSION}"><idLote>${lotId}</idLote>${bareXml(eventoXml, "evento")}</envEvento>`;
}

/** `procEventoNFe` 1.00: the signed `evento` and SEFAZ's `retEvento` as SEFAZ sent it. */
export function procEventoXml(eventoXml: string, retEventoXml: string): string {
  return `<procEventoNFe xmlns="${NFE_NAMESPACE}" versao="${EVENT_VERSION}">${bareXml(eventoXml, "evento")}${bareXml(retEventoXml, "retEvento")}</procEventoNFe>`;
}
