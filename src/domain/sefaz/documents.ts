/**
 * A distributed document as stored (`sefaz_documents`): pure. A summary (`resNFe`) keeps its key,
 * issuer, date, value and situation; a full NF-e (`procNFe`) is read as an uploaded file is (its
 * reading's refusal is the document's reason) and waits for its import job; events are kept as
 * they came. A docZip that did not decode, or an XML outside its schema, is `Invalid` with why.
 */
import { XMLParser } from "fast-xml-parser";
import type { DistributedDocument } from "../../adapters/sefaz/distribution-types";
import type { SummaryLine } from "../../db/sefaz-followups";
import type { NewSefazDocument } from "../../db/sefaz-integrations";
import { isAccessKeyText } from "../nfe/access-key";
import { centsOfDecimal } from "../nfe/decimals";
import { readNfe } from "../nfe/read-nfe";
import { SEFAZ_MESSAGES as M } from "./messages";

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
});

type Node = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" ? value : null);

function parsed(xml: string): Node | null {
  try {
    const value = parser.parse(xml, true) as unknown;
    return value && typeof value === "object" ? (value as Node) : null;
  } catch {
    return null;
  }
}

type Target = { companyId: number; integrationId: number };

export function storedDocument(target: Target, document: DistributedDocument): NewSefazDocument {
  const base = {
    companyId: target.companyId,
    companyIntegrationId: target.integrationId,
    nsu: document.nsu,
    schema: document.schema,
    kind: document.kind,
  };
  // too large to keep: refused with its NSU (the cursor moves past it), its XML never stored
  if (!document.ok)
    return { ...base, status: document.tooLarge ? "Refused" : "Invalid", reason: document.reason, xml: null };
  const xml = document.xml;
  switch (document.kind) {
    case "resNFe": {
      const summary = parsed(xml)?.resNFe as Node | undefined;
      const key = str(summary?.chNFe);
      if (!summary || !key || !isAccessKeyText(key))
        return { ...base, status: "Invalid", reason: M.summaryUnreadable, xml };
      const total = centsOfDecimal(str(summary.vNF) ?? "");
      const situation = Number(str(summary.cSitNFe));
      return {
        ...base,
        status: "Summary",
        chNfe: key,
        issuerDocument: str(summary.CNPJ) ?? str(summary.CPF),
        issuerName: str(summary.xNome),
        issuedAt: str(summary.dhEmi),
        totalValue: typeof total === "number" ? total : 0,
        situation: Number.isInteger(situation) ? situation : null,
        xml,
      };
    }
    case "procNFe": {
      const reading = readNfe(new TextEncoder().encode(xml));
      if (!reading.ok) return { ...base, status: "Invalid", reason: M.documentNotNfe(reading.message), xml };
      const nfe = reading.document;
      return {
        ...base,
        status: "Queued",
        chNfe: nfe.accessKey,
        issuerDocument: nfe.issuer.document,
        issuerName: nfe.issuer.name,
        issuedAt: nfe.issuedAt,
        totalValue: nfe.totals.total,
        xml,
      };
    }
    default: {
      const root = parsed(xml);
      const event = (root?.procEventoNFe as Node | undefined)?.evento as Node | undefined;
      const info = (event?.infEvento ?? (root?.resEvento as Node | undefined)) as Node | undefined;
      const key = str(info?.chNFe);
      return {
        ...base,
        status: root ? "Stored" : "Invalid",
        reason: root ? null : "XML ilegível",
        chNfe: key,
        xml,
      };
    }
  }
}

export function gapDocument(target: Target, nsu: string): NewSefazDocument {
  return {
    companyId: target.companyId,
    companyIntegrationId: target.integrationId,
    nsu,
    schema: "",
    kind: "other",
    status: "Gap",
    reason: M.nsuGap,
    xml: null,
  };
}

/**
 * The feed line of a stored summary (`GET /purchase/feed`), or null when it is not one: the key
 * gives the series and number (positions 23-25 and 26-34 of the 44 digits: cUF, AAMM, CNPJ, mod,
 * serie, nNF, tpEmis, cNF, cDV), the summary the issuer, date, value, protocol and situation; the
 * recipient is the integration's CNPJ (the party the distribution answers for).
 */
export function summaryLine(
  row: NewSefazDocument,
  recipient: string,
  environment: 1 | 2,
): SummaryLine | null {
  if (row.status !== "Summary" || !row.chNfe || !row.xml) return null;
  const summary = parsed(row.xml)?.resNFe as Node | undefined;
  const key = row.chNfe;
  const issuedAt = row.issuedAt ?? "";
  return {
    companyId: row.companyId,
    chNfe: key,
    series: Number(key.slice(22, 25)),
    number: Number(key.slice(25, 34)),
    issuedAt,
    issueDate: /^\d{4}-\d{2}-\d{2}/.test(issuedAt) ? issuedAt.slice(0, 10) : "",
    environment,
    issuerDocument: row.issuerDocument ?? key.slice(6, 20),
    issuerName: row.issuerName ?? "",
    issuerIe: str(summary?.IE),
    recipientDocument: recipient,
    totalValue: row.totalValue ?? 0,
    protocolNumber: str(summary?.nProt),
    situation: row.situation ?? null,
  };
}

/** cSitNFe 1: the NF-e is authorized (an awareness or the full XML only make sense then). */
export const AUTHORIZED = 1;
