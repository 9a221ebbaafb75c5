/**
 * Readers of the answers of the NF-e 4.00 services (`nfeResultMsg` under the SOAP 1.2 `Body`):
 * retEnviNFe, retConsReciNFe, retConsSitNFe, retEnvEvento, retInutNFe, retConsStatServ (layouts of
 * schema package PL_010: leiauteNFe_v4.00, leiauteConsSitNFe_v4.00, leiauteEventoCancNFe_v1.00,
 * leiauteInutNFe_v4.00, leiauteConsStatServ_v4.00). Pure text in, typed reading out; never throws.
 *
 * The parts kept as documents (protNFe for the nfeProc, retEvento for the procEventoNFe, retInutNFe
 * for the procInutNFe) are sliced from the answer's text as SEFAZ sent it, never re-serialised from
 * the parse: SEFAZ may sign them, and the legal document carries them verbatim.
 */
import { readSoapBody } from "../soap";

/** cStat of an NF-e whose use SEFAZ authorized (100, 150 late) or denied (110, 301, 302): it has nProt. */
export const PROTOCOLLED_STATUSES = new Set([100, 110, 150, 301, 302]);
/** retEnviNFe: 103 lot received (asynchronous: ask NFeRetAutorizacao4 with the receipt), 104 processed. */
export const LOT_RECEIVED = 103;
export const LOT_PROCESSED = 104;
/** retConsReciNFe: 105 the lot is still being processed (ask again with the same receipt). */
export const LOT_IN_PROCESS = 105;
/** retEnvEvento: 128 the lot of events processed (each event's answer is its retEvento). */
export const EVENT_LOT_PROCESSED = 128;
/** retEvento: 135 registered and linked, 136 registered not linked, 155 cancellation registered late. */
export const EVENT_REGISTERED_STATUSES = new Set([135, 136, 155]);
/** retInutNFe: 102 the voiding of the numbers is registered. */
export const VOID_REGISTERED = 102;

export type AuthorizeAnswer = {
  cStat: number;
  xMotivo: string;
  protNFeXml: string | null;
  protocol: string | null;
  authorizedAt: string | null;
  receipt: string | null;
};
export type ConsultAnswer = Omit<AuthorizeAnswer, "receipt">;
export type EventAnswer = {
  cStat: number;
  xMotivo: string;
  protocol: string | null;
  registeredAt: string | null;
  retEventoXml: string | null;
};
export type VoidAnswer = {
  cStat: number;
  xMotivo: string;
  protocol: string | null;
  registeredAt: string | null;
  retInutNFeXml: string | null;
};
export type StatusAnswer = { cStat: number; xMotivo: string; at: string | null };

export type AnswerRead<T> =
  | { kind: "answer"; answer: T }
  | { kind: "fault"; reason: string }
  | { kind: "invalid"; detail: string };

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;

/** The elements named `name` at any depth (wrappers vary with each server), document order. */
function findAll(node: unknown, name: string, found: Node[] = [], depth = 0): Node[] {
  if (depth > 16) return found;
  if (Array.isArray(node)) {
    for (const item of node) findAll(item, name, found, depth + 1);
    return found;
  }
  if (!isNode(node)) return found;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("@") || key === "#text") continue;
    if (key === name) {
      for (const item of Array.isArray(value) ? value : [value])
        found.push(isNode(item) ? item : { "#text": item });
    } else findAll(value, name, found, depth + 1);
  }
  return found;
}
const find = (node: unknown, name: string): Node | null => findAll(node, name)[0] ?? null;

const textOf = (value: unknown): string | null => {
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === "string") return value.trim();
  if (isNode(value) && typeof value["#text"] === "string") return value["#text"].trim();
  return null;
};

const MAX_REASON = 500;
const clip = (text: string) => (text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text);

/** cStat (3 digits) and xMotivo of an element, or null when either is missing. */
function statusOf(node: Node): { cStat: number; xMotivo: string } | null {
  const cStat = textOf(node.cStat);
  const xMotivo = textOf(node.xMotivo);
  if (!cStat || !/^\d{3}$/.test(cStat) || xMotivo === null) return null;
  return { cStat: Number(cStat), xMotivo: clip(xMotivo) };
}

const PROTOCOL = /^\d{15}$/;

/** The answer element named `root` inside the SOAP body, or why there is none. */
function resultOf(text: string, root: string): { node: Node } | AnswerRead<never> {
  const soap = readSoapBody(text);
  if (!soap.ok)
    return soap.fault
      ? { kind: "fault", reason: clip(soap.reason) }
      : { kind: "invalid", detail: soap.reason };
  const node = find(soap.body, root);
  if (!node) return { kind: "invalid", detail: `resposta sem ${root}` };
  return { node };
}

/**
 * The text of each `<name …>…</name>` element of the answer, unprefixed (the services answer in
 * the NF-e namespace as default namespace). These elements never nest in themselves.
 */
export function sliceElements(text: string, name: string): string[] {
  const pattern = new RegExp(`<${name}(?:\\s[^>]*)?>[\\s\\S]*?</${name}\\s*>`, "g");
  return text.match(pattern) ?? [];
}

const childText = (xml: string, name: string): string | null =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]?.trim() ?? null;

/**
 * The protNFe of `accessKey` in the answer: its values (from the parse) and its text (sliced).
 * The text must be there when the parse found it, else the protocol could not be kept verbatim.
 */
function protocolOf(
  text: string,
  tree: Node,
  accessKey: string,
): { kind: "none" } | { kind: "invalid"; detail: string } | { kind: "found"; answer: ConsultAnswer } {
  const parsed = findAll(tree, "protNFe")
    .map((protNFe) => find(protNFe, "infProt"))
    .find((infProt) => infProt && textOf(infProt.chNFe) === accessKey);
  if (!parsed) return { kind: "none" };
  const status = statusOf(parsed);
  if (!status) return { kind: "invalid", detail: "protNFe sem cStat/xMotivo" };
  const xml = sliceElements(text, "protNFe").find((slice) => childText(slice, "chNFe") === accessKey);
  if (!xml)
    return { kind: "invalid", detail: "protNFe fora do namespace padrão (não pode ser guardado como veio)" };
  const protocol = textOf(parsed.nProt);
  const authorizedAt = textOf(parsed.dhRecbto);
  if (PROTOCOLLED_STATUSES.has(status.cStat) && (!protocol || !PROTOCOL.test(protocol) || !authorizedAt))
    return { kind: "invalid", detail: `protNFe ${status.cStat} sem nProt/dhRecbto` };
  return {
    kind: "found",
    answer: {
      ...status,
      protNFeXml: xml,
      protocol: protocol && PROTOCOL.test(protocol) ? protocol : null,
      authorizedAt: authorizedAt || null,
    },
  };
}

const noProtocol = (status: { cStat: number; xMotivo: string }): ConsultAnswer => ({
  ...status,
  protNFeXml: null,
  protocol: null,
  authorizedAt: null,
});

/**
 * retEnviNFe (NFeAutorizacao4) for the NF-e `accessKey`: 104 gives the note's protNFe (its cStat:
 * 100 authorized, 110/301/302 denied, or a rejection); 103 gives the receipt (nRec) to ask
 * NFeRetAutorizacao4; any other cStat is the lot's own answer (225 schema, 656, 108/109...).
 */
export function readAuthorizeAnswer(text: string, accessKey: string): AnswerRead<AuthorizeAnswer> {
  const result = resultOf(text, "retEnviNFe");
  if (!("node" in result)) return result;
  const lot = statusOf(result.node);
  if (!lot) return { kind: "invalid", detail: "retEnviNFe sem cStat/xMotivo" };
  if (lot.cStat === LOT_RECEIVED) {
    const receipt = textOf(find(result.node, "infRec")?.nRec);
    if (!receipt || !PROTOCOL.test(receipt))
      return { kind: "invalid", detail: "lote recebido (103) sem nRec" };
    return { kind: "answer", answer: { ...noProtocol(lot), receipt } };
  }
  const protocol = protocolOf(text, result.node, accessKey);
  if (protocol.kind === "invalid") return protocol;
  if (protocol.kind === "found") return { kind: "answer", answer: { ...protocol.answer, receipt: null } };
  if (lot.cStat === LOT_PROCESSED)
    return { kind: "invalid", detail: "lote processado (104) sem protNFe da chave" };
  return { kind: "answer", answer: { ...noProtocol(lot), receipt: null } };
}

/**
 * retConsReciNFe (NFeRetAutorizacao4): 104 with the note's protNFe; 105 still in process (the same
 * receipt is answered back to ask again); other cStat (106 lot not found, 656...) as they come.
 */
export function readReceiptAnswer(
  text: string,
  accessKey: string | null,
  receipt: string,
): AnswerRead<AuthorizeAnswer> {
  const result = resultOf(text, "retConsReciNFe");
  if (!("node" in result)) return result;
  const lot = statusOf(result.node);
  if (!lot) return { kind: "invalid", detail: "retConsReciNFe sem cStat/xMotivo" };
  if (lot.cStat === LOT_IN_PROCESS) return { kind: "answer", answer: { ...noProtocol(lot), receipt } };
  const key = accessKey ?? textOf(find(find(result.node, "protNFe"), "chNFe"));
  const protocol = key ? protocolOf(text, result.node, key) : ({ kind: "none" } as const);
  if (protocol.kind === "invalid") return protocol;
  if (protocol.kind === "found") return { kind: "answer", answer: { ...protocol.answer, receipt: null } };
  if (lot.cStat === LOT_PROCESSED)
    return { kind: "invalid", detail: "lote processado (104) sem protNFe da chave" };
  return { kind: "answer", answer: { ...noProtocol(lot), receipt: null } };
}

/**
 * retConsSitNFe (NFeConsultaProtocolo4): its cStat (100 authorized, 101 cancelled, 110/301/302
 * denied, 217 unknown key...) and, when present, the note's protNFe (the authorization's protocol).
 */
export function readConsultAnswer(text: string, accessKey: string): AnswerRead<ConsultAnswer> {
  const result = resultOf(text, "retConsSitNFe");
  if (!("node" in result)) return result;
  const situation = statusOf(result.node);
  if (!situation) return { kind: "invalid", detail: "retConsSitNFe sem cStat/xMotivo" };
  const answeredKey = textOf(result.node.chNFe);
  if (answeredKey && answeredKey !== accessKey)
    return { kind: "invalid", detail: "retConsSitNFe de outra chave" };
  const protocol = protocolOf(text, result.node, accessKey);
  if (protocol.kind === "invalid") return protocol;
  if (protocol.kind === "none") return { kind: "answer", answer: noProtocol(situation) };
  const { protNFeXml, protocol: nProt, authorizedAt } = protocol.answer;
  return { kind: "answer", answer: { ...situation, protNFeXml, protocol: nProt, authorizedAt } };
}

/**
 * retEnvEvento (NFeRecepcaoEvento4) for the event `tpEvento` of `accessKey`: a lot refused as a
 * whole (not 128: schema, signature, 656...) is the answer itself; a processed lot answers with the
 * event's retEvento (135/136/155 registered with nProt and dhRegEvento; 573, 501, 580... refused).
 */
export function readEventAnswer(text: string, accessKey: string, tpEvento: string): AnswerRead<EventAnswer> {
  const result = resultOf(text, "retEnvEvento");
  if (!("node" in result)) return result;
  const lot = statusOf(result.node);
  if (!lot) return { kind: "invalid", detail: "retEnvEvento sem cStat/xMotivo" };
  const none = { protocol: null, registeredAt: null, retEventoXml: null };
  if (lot.cStat !== EVENT_LOT_PROCESSED) return { kind: "answer", answer: { ...lot, ...none } };
  const matches = (values: { chNFe: string | null; tpEvento: string | null }) =>
    values.chNFe === accessKey && (values.tpEvento === null || values.tpEvento === tpEvento);
  const info = findAll(result.node, "retEvento")
    .map((retEvento) => find(retEvento, "infEvento"))
    .find((inf) => inf && matches({ chNFe: textOf(inf.chNFe), tpEvento: textOf(inf.tpEvento) }));
  if (!info) return { kind: "invalid", detail: "sem retEvento para a chave" };
  const status = statusOf(info);
  if (!status) return { kind: "invalid", detail: "retEvento sem cStat/xMotivo" };
  const xml = sliceElements(text, "retEvento").find((slice) =>
    matches({ chNFe: childText(slice, "chNFe"), tpEvento: childText(slice, "tpEvento") }),
  );
  if (!xml)
    return {
      kind: "invalid",
      detail: "retEvento fora do namespace padrão (não pode ser guardado como veio)",
    };
  if (!EVENT_REGISTERED_STATUSES.has(status.cStat))
    return { kind: "answer", answer: { ...status, ...none, retEventoXml: xml } };
  const protocol = textOf(info.nProt);
  const registeredAt = textOf(info.dhRegEvento);
  if (!protocol || !PROTOCOL.test(protocol) || !registeredAt)
    return { kind: "invalid", detail: "evento registrado sem nProt/dhRegEvento" };
  return { kind: "answer", answer: { ...status, protocol, registeredAt, retEventoXml: xml } };
}

/** retInutNFe (NFeInutilizacao4): 102 registered with nProt and dhRecbto; other cStat refused. */
export function readVoidAnswer(text: string): AnswerRead<VoidAnswer> {
  const result = resultOf(text, "retInutNFe");
  if (!("node" in result)) return result;
  const info = find(result.node, "infInut");
  const status = info && statusOf(info);
  if (!info || !status) return { kind: "invalid", detail: "retInutNFe sem infInut/cStat/xMotivo" };
  const xml = sliceElements(text, "retInutNFe")[0];
  if (!xml)
    return {
      kind: "invalid",
      detail: "retInutNFe fora do namespace padrão (não pode ser guardado como veio)",
    };
  if (status.cStat !== VOID_REGISTERED)
    return { kind: "answer", answer: { ...status, protocol: null, registeredAt: null, retInutNFeXml: xml } };
  const protocol = textOf(info.nProt);
  const registeredAt = textOf(info.dhRecbto);
  if (!protocol || !PROTOCOL.test(protocol) || !registeredAt)
    return { kind: "invalid", detail: "inutilização homologada sem nProt/dhRecbto" };
  return { kind: "answer", answer: { ...status, protocol, registeredAt, retInutNFeXml: xml } };
}

/** retConsStatServ (NFeStatusServico4): 107 in operation, 108/109 stopped; `at` is dhRecbto. */
export function readStatusAnswer(text: string): AnswerRead<StatusAnswer> {
  const result = resultOf(text, "retConsStatServ");
  if (!("node" in result)) return result;
  const status = statusOf(result.node);
  if (!status) return { kind: "invalid", detail: "retConsStatServ sem cStat/xMotivo" };
  return { kind: "answer", answer: { ...status, at: textOf(result.node.dhRecbto) || null } };
}
