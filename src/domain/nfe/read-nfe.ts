import { XMLParser, XMLValidator } from "fast-xml-parser";
import { isValidDate } from "../../lib/dates";
import { isValidCnpj } from "../../lib/document-number";
import { formatCents } from "../../lib/money";
import { accessKeyProblem } from "./access-key";
import { centsOfDecimal, thousandthsOfDecimal } from "./decimals";
import {
  accessKeyMismatch,
  NFE_MAX_ITEMS,
  NFE_NOT_AN_NFE,
  nfeDuplicatasAboveTotal,
  nfeFieldInvalid,
  nfeFieldMissing,
  nfeItemNumberRepeated,
  nfeLayoutVersion,
  nfeMalformedXml,
  nfeTooManyItems,
} from "./messages";
import type { NfeDocument, NfeInstallment, NfeItem, NfePayment, NfeTaxes, NfeTotals } from "./types";

export type NfeReading = { ok: true; document: NfeDocument } | { ok: false; message: string };

type Node = { [name: string]: unknown };

/** Elements that repeat in the layout, always read as arrays (one `det` is still a list). */
const REPEATED = new Set(["det", "dup", "detPag"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  // every value stays text: CNPJs, EANs and codes keep their leading zeros, amounts their digits
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  // the signature is not read: its content is opaque to the import
  stopNodes: ["*.Signature"],
  isArray: (name) => REPEATED.has(name),
});

/** A refusal of the document with its message; caught once, in `readNfe`. */
class Refusal extends Error {}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function child(node: Node, name: string, path: string): Node {
  const value = node[name];
  if (!isNode(value)) throw new Refusal(nfeFieldMissing(`${path}/${name}`));
  return value;
}

/** Text of a leaf (`<x>text</x>`, or `#text` of an element with attributes); "" when empty. */
function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (isNode(value)) return typeof value["#text"] === "string" ? value["#text"] : "";
  return undefined;
}

function text(node: Node, name: string, path: string): string {
  const value = textOf(node[name]);
  if (value === undefined || value === "") throw new Refusal(nfeFieldMissing(`${path}/${name}`));
  return value;
}

const optionalText = (node: Node | undefined, name: string): string | null => {
  const value = node ? textOf(node[name]) : undefined;
  return value === undefined || value === "" ? null : value;
};

function cents(node: Node, name: string, path: string): number {
  const value = text(node, name, path);
  const parsed = centsOfDecimal(value);
  if (parsed === null) throw new Refusal(nfeFieldInvalid(`${path}/${name}`, value));
  return parsed;
}

function optionalCents(node: Node | undefined, name: string, path: string): number {
  const value = optionalText(node, name);
  if (value === null) return 0;
  const parsed = centsOfDecimal(value);
  if (parsed === null) throw new Refusal(nfeFieldInvalid(`${path}/${name}`, value));
  return parsed;
}

/** The single group inside a choice (`ICMS` holds one of `ICMS00`, `ICMS10`, ..., `ICMSSN900`). */
function choice(node: Node | undefined): Node | undefined {
  if (!node) return undefined;
  return Object.values(node).find(isNode);
}

const gtin = (value: string | null) => (value === null || value.toUpperCase() === "SEM GTIN" ? null : value);

function itemTaxes(tax: Node | undefined, path: string): NfeTaxes {
  const icms = choice(isNode(tax?.ICMS) ? tax.ICMS : undefined);
  const ipi = isNode(tax?.IPI) ? tax.IPI : undefined;
  const ipiTrib = isNode(ipi?.IPITrib) ? ipi.IPITrib : undefined;
  const pis = choice(isNode(tax?.PIS) ? tax.PIS : undefined);
  const cofins = choice(isNode(tax?.COFINS) ? tax.COFINS : undefined);
  const ibsCbs = isNode(tax?.IBSCBS) && isNode(tax.IBSCBS.gIBSCBS) ? tax.IBSCBS.gIBSCBS : undefined;
  const cbs = isNode(ibsCbs?.gCBS) ? ibsCbs.gCBS : undefined;
  return {
    icms: optionalCents(icms, "vICMS", `${path}/ICMS`),
    icmsSt: optionalCents(icms, "vICMSST", `${path}/ICMS`),
    ipi: optionalCents(ipiTrib, "vIPI", `${path}/IPI/IPITrib`),
    pis: optionalCents(pis, "vPIS", `${path}/PIS`),
    cofins: optionalCents(cofins, "vCOFINS", `${path}/COFINS`),
    ibs: optionalCents(ibsCbs, "vIBS", `${path}/IBSCBS/gIBSCBS`),
    cbs: optionalCents(cbs, "vCBS", `${path}/IBSCBS/gIBSCBS/gCBS`),
  };
}

/** `nItem`: an integer from 1 to 990 (the position in the file when absent). */
function itemNumber(det: Node, index: number): number {
  const raw = det["@nItem"];
  if (raw === undefined) return index + 1;
  const text = String(raw);
  const number = /^\d{1,3}$/.test(text) ? Number(text) : 0;
  if (number < 1 || number > NFE_MAX_ITEMS)
    throw new Refusal(nfeFieldInvalid(`det[${index + 1}]/@nItem`, text));
  return number;
}

function readItem(det: unknown, index: number): NfeItem {
  if (!isNode(det)) throw new Refusal(nfeFieldMissing(`det[${index + 1}]/prod`));
  const number = itemNumber(det, index);
  const path = `det[${number}]`;
  const prod = child(det, "prod", path);
  const prodPath = `${path}/prod`;
  const quantityText = text(prod, "qCom", prodPath);
  const quantity = thousandthsOfDecimal(quantityText);
  if (quantity === null) throw new Refusal(nfeFieldInvalid(`${prodPath}/qCom`, quantityText));
  const unitValueText = text(prod, "vUnCom", prodPath);
  if (thousandthsOfDecimal(unitValueText) === null)
    throw new Refusal(nfeFieldInvalid(`${prodPath}/vUnCom`, unitValueText));
  return {
    number,
    supplierCode: text(prod, "cProd", prodPath),
    ean: gtin(optionalText(prod, "cEAN")),
    eanTrib: gtin(optionalText(prod, "cEANTrib")),
    description: text(prod, "xProd", prodPath),
    ncm: text(prod, "NCM", prodPath),
    cfop: text(prod, "CFOP", prodPath),
    unit: text(prod, "uCom", prodPath),
    quantityText,
    quantity,
    unitValueText,
    total: cents(prod, "vProd", prodPath),
    taxes: itemTaxes(isNode(det.imposto) ? det.imposto : undefined, `${path}/imposto`),
  };
}

function readTotals(infNFe: Node): NfeTotals {
  const path = "infNFe/total/ICMSTot";
  const tot = child(child(infNFe, "total", "infNFe"), "ICMSTot", "infNFe/total");
  const reform = isNode(infNFe.total) && isNode(infNFe.total.IBSCBSTot) ? infNFe.total.IBSCBSTot : undefined;
  const ibs = isNode(reform?.gIBS) ? reform.gIBS : undefined;
  const cbs = isNode(reform?.gCBS) ? reform.gCBS : undefined;
  return {
    products: cents(tot, "vProd", path),
    icms: optionalCents(tot, "vICMS", path),
    icmsSt: optionalCents(tot, "vST", path),
    ipi: optionalCents(tot, "vIPI", path),
    pis: optionalCents(tot, "vPIS", path),
    cofins: optionalCents(tot, "vCOFINS", path),
    ibs: optionalCents(ibs, "vIBS", "infNFe/total/IBSCBSTot/gIBS"),
    cbs: optionalCents(cbs, "vCBS", "infNFe/total/IBSCBSTot/gCBS"),
    freight: optionalCents(tot, "vFrete", path),
    insurance: optionalCents(tot, "vSeg", path),
    discount: optionalCents(tot, "vDesc", path),
    other: optionalCents(tot, "vOutro", path),
    total: cents(tot, "vNF", path),
  };
}

function readInstallments(infNFe: Node): NfeInstallment[] {
  const cobr = isNode(infNFe.cobr) ? infNFe.cobr : undefined;
  const dups = Array.isArray(cobr?.dup) ? cobr.dup : [];
  return dups.map((dup, index) => {
    const path = `infNFe/cobr/dup[${index + 1}]`;
    if (!isNode(dup)) throw new Refusal(nfeFieldMissing(`${path}/vDup`));
    const dueDate = text(dup, "dVenc", path);
    if (!isDueDate(dueDate)) throw new Refusal(nfeFieldInvalid(`${path}/dVenc`, dueDate));
    const value = cents(dup, "vDup", path);
    if (value <= 0) throw new Refusal(nfeFieldInvalid(`${path}/vDup`, text(dup, "vDup", path)));
    return { number: optionalText(dup, "nDup") ?? String(index + 1), dueDate, value };
  });
}

/** A duplicata's due date: a real calendar date of this century or the next. */
const isDueDate = (date: string) => isValidDate(date) && date >= "2000-01-01" && date <= "2199-12-31";

/**
 * The duplicatas of the document: real due dates, positive values, together never above the note's
 * total (they may be below it: a part paid on issue is not a duplicata).
 */
function checkedInstallments(infNFe: Node, totals: NfeTotals): NfeInstallment[] {
  const installments = readInstallments(infNFe);
  const sum = installments.reduce((total, dup) => total + dup.value, 0);
  if (sum > totals.total)
    throw new Refusal(nfeDuplicatasAboveTotal(formatCents(sum), formatCents(totals.total)));
  return installments;
}

/** The items: at most 990 (the layout's limit), each `nItem` once. */
function readItems(dets: unknown[]): NfeItem[] {
  if (dets.length > NFE_MAX_ITEMS) throw new Refusal(nfeTooManyItems(dets.length));
  const items = dets.map(readItem);
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.number)) throw new Refusal(nfeItemNumberRepeated(item.number));
    seen.add(item.number);
  }
  return items;
}

function readPayments(infNFe: Node): NfePayment[] {
  const pag = isNode(infNFe.pag) ? infNFe.pag : undefined;
  const details = Array.isArray(pag?.detPag) ? pag.detPag : [];
  return details.map((detail, index) => {
    const path = `infNFe/pag/detPag[${index + 1}]`;
    if (!isNode(detail)) throw new Refusal(nfeFieldMissing(`${path}/tPag`));
    return {
      indicator: optionalText(detail, "indPag"),
      type: text(detail, "tPag", path),
      value: cents(detail, "vPag", path),
    };
  });
}

/**
 * The party's CNPJ, or its CPF (rural producers issue NF-e with a CPF). A CNPJ is the numeric or the
 * alphanumeric one (`[A-Z0-9]{12}[0-9]{2}` of the NT Conjunta DF-e 2025.001 §4) with valid check digits.
 */
function documentOf(node: Node, path: string): string {
  const cnpj = optionalText(node, "CNPJ");
  const document = cnpj ?? optionalText(node, "CPF");
  if (document === null) throw new Refusal(nfeFieldMissing(`${path}/CNPJ`));
  const valid = cnpj === null ? /^\d{11}$/.test(document) : isValidCnpj(document);
  if (!valid) throw new Refusal(nfeFieldInvalid(`${path}/CNPJ`, document));
  return document;
}

function readDocument(root: Node): NfeDocument {
  const proc = isNode(root.nfeProc) ? root.nfeProc : undefined;
  const nfe = proc ? proc.NFe : root.NFe;
  if (!isNode(nfe) || !isNode(nfe.infNFe)) throw new Refusal(NFE_NOT_AN_NFE);
  const infNFe = nfe.infNFe;
  const version = String(infNFe["@versao"] ?? "");
  if (version !== "4.00") throw new Refusal(nfeLayoutVersion(version || "ausente"));
  const id = String(infNFe["@Id"] ?? "");
  if (!id.startsWith("NFe")) throw new Refusal(nfeFieldMissing("infNFe/@Id"));
  const accessKey = id.slice(3);

  const ide = child(infNFe, "ide", "infNFe");
  const emit = child(infNFe, "emit", "infNFe");
  const dest = child(infNFe, "dest", "infNFe");
  const issuedAt = text(ide, "dhEmi", "infNFe/ide");
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(issuedAt))
    throw new Refusal(nfeFieldInvalid("infNFe/ide/dhEmi", issuedAt));
  const issuer = {
    document: documentOf(emit, "infNFe/emit"),
    name: text(emit, "xNome", "infNFe/emit"),
    stateRegistration: optionalText(emit, "IE"),
  };
  const keyProblem = accessKeyProblem(accessKey, { issuerDocument: issuer.document, issuedAt });
  if (keyProblem) throw new Refusal(keyProblem);

  const infProt =
    proc && isNode(proc.protNFe) && isNode(proc.protNFe.infProt) ? proc.protNFe.infProt : undefined;
  let protocol: NfeDocument["protocol"] = null;
  if (infProt) {
    const protocolKey = text(infProt, "chNFe", "protNFe/infProt");
    if (protocolKey !== accessKey) throw new Refusal(accessKeyMismatch(accessKey, protocolKey));
    protocol = {
      number: optionalText(infProt, "nProt") ?? "",
      status: text(infProt, "cStat", "protNFe/infProt"),
      receivedAt: optionalText(infProt, "dhRecbto") ?? "",
    };
  }

  const dets = Array.isArray(infNFe.det) ? infNFe.det : [];
  if (dets.length === 0) throw new Refusal(nfeFieldMissing("infNFe/det"));
  const seriesText = text(ide, "serie", "infNFe/ide");
  const numberText = text(ide, "nNF", "infNFe/ide");
  const items = readItems(dets);
  const totals = readTotals(infNFe);
  return {
    accessKey,
    model: text(ide, "mod", "infNFe/ide"),
    series: Number(seriesText),
    number: Number(numberText),
    issuedAt,
    issueDate: issuedAt.slice(0, 10),
    nature: optionalText(ide, "natOp") ?? "",
    environment: optionalText(ide, "tpAmb") ?? "1",
    issuer,
    recipient: { document: documentOf(dest, "infNFe/dest"), name: optionalText(dest, "xNome") },
    items,
    totals,
    payments: readPayments(infNFe),
    installments: checkedInstallments(infNFe, totals),
    protocol,
  };
}

/**
 * The validator's finding in the message: elements left open at the end of the file (a truncated
 * download) are named in order; any other error keeps the validator's text and its position.
 */
function validationDetail(err: { code: string; msg: string; line: number; col: number }): string {
  const open = err.code === "InvalidXml" ? /^Invalid '(\[.*\])' found/s.exec(err.msg)?.[1] : undefined;
  if (open) {
    try {
      return `arquivo truncado, elementos não fechados: ${(JSON.parse(open) as string[]).join(" > ")}`;
    } catch {
      // not the list of open elements: fall through to the validator's text
    }
  }
  return `${err.msg} (linha ${err.line}, coluna ${err.col})`;
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * Reads an NF-e XML file (`nfeProc` with its protocol, or the bare signed `NFe`), layout 4.00:
 * malformed or truncated XML, XML that is not an NF-e, a missing required field or a bad access key
 * each answer their message. The XML is checked whole before it is read (a truncated file never
 * yields a partial document).
 */
export function readNfe(bytes: Uint8Array | string): NfeReading {
  let xml: string;
  try {
    xml = typeof bytes === "string" ? bytes : decoder.decode(bytes);
  } catch {
    return { ok: false, message: nfeMalformedXml("o arquivo não está em UTF-8") };
  }
  if (xml.trim() === "") return { ok: false, message: nfeMalformedXml("arquivo vazio") };
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    return {
      ok: false,
      message: nfeMalformedXml(validationDetail(valid.err)),
    };
  // an NF-e never declares a DTD: entity definitions are refused instead of expanded
  if (xml.includes("<!DOCTYPE")) return { ok: false, message: NFE_NOT_AN_NFE };
  try {
    const root = parser.parse(xml) as unknown;
    if (!isNode(root)) return { ok: false, message: NFE_NOT_AN_NFE };
    return { ok: true, document: readDocument(root) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    return { ok: false, message: nfeMalformedXml(error instanceof Error ? error.message : String(error)) };
  }
}
