/**
 * A distributed document as stored (`sefaz_documents`): pure. A summary (`resNFe`) keeps its key,
 * issuer, date, value and situation; a full NF-e (`procNFe`) is read as an uploaded file is (its
 * reading's refusal is the document's reason) and waits for its import job; events are kept as
 * they came. A docZip that did not decode, or an XML outside its schema, is `Invalid` with why.
 */
import { XMLParser } from "fast-xml-parser";
import type { DistributedDocument } from "../../adapters/sefaz/distribution-types";
import type { NewSefazDocument } from "../../db/sefaz-integrations";
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
  if (!document.ok) return { ...base, status: "Invalid", reason: document.reason, xml: null };
  const xml = document.xml;
  switch (document.kind) {
    case "resNFe": {
      const summary = parsed(xml)?.resNFe as Node | undefined;
      const key = str(summary?.chNFe);
      if (!summary || !key || !/^\d{44}$/.test(key))
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
