import { describe, expect, it } from "vitest";
import type { DistributedDocument } from "../../../src/adapters/sefaz/distribution-types";
import { answeredRows, summaryLines } from "../../../src/domain/sefaz/answer-rows";

const KEY = "35261199887766000100550020000043211100043216";
const resNfe = (situation: number) =>
  `<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><chNFe>${KEY}</chNFe><CNPJ>99887766000100</CNPJ>` +
  `<xNome>Fornecedor</xNome><IE>123456</IE><dhEmi>2026-11-20T10:00:00-03:00</dhEmi><tpNF>1</tpNF><vNF>1234.56</vNF>` +
  `<digVal>abc=</digVal><dhRecbto>2026-11-20T10:00:05-03:00</dhRecbto><nProt>135260000000001</nProt><cSitNFe>${situation}</cSitNFe></resNFe>`;
const doc = (nsu: string, xml: string): DistributedDocument => ({
  nsu,
  schema: "resNFe_v1.01.xsd",
  kind: "resNFe",
  ok: true,
  xml,
});
const options = (autoAwareness: boolean) => ({
  target: { companyId: 7, integrationId: 9 },
  recipient: "11222333000181",
  environment: 2 as const,
  autoAwareness,
});

describe("the rows of an answer", () => {
  it("marks only authorized summaries for the automatic awareness, and only when asked", () => {
    const documents = [doc("000000000000001", resNfe(1)), doc("000000000000002", resNfe(3))];
    expect(answeredRows(options(true), documents).map((row) => row.awareness ?? null)).toEqual([
      "Pending",
      null,
    ]);
    expect(answeredRows(options(false), documents).map((row) => row.awareness ?? null)).toEqual([null, null]);
  });

  it("makes a summary's feed line from its key and fields", () => {
    const rows = answeredRows(options(false), [doc("000000000000001", resNfe(1))]);
    expect(summaryLines(options(false), rows)).toEqual([
      {
        companyId: 7,
        chNfe: KEY,
        series: 2,
        number: 4321,
        issuedAt: "2026-11-20T10:00:00-03:00",
        issueDate: "2026-11-20",
        environment: 2,
        issuerDocument: "99887766000100",
        issuerName: "Fornecedor",
        issuerIe: "123456",
        recipientDocument: "11222333000181",
        totalValue: 123456,
        protocolNumber: "135260000000001",
        situation: 1,
      },
    ]);
  });

  it("makes no line of what is not a readable summary", () => {
    const unreadable = answeredRows(options(true), [
      doc("000000000000001", "<resNFe><chNFe>123</chNFe></resNFe>"),
      {
        nsu: "000000000000002",
        schema: "resNFe_v1.01.xsd",
        kind: "resNFe",
        ok: false,
        reason: "docZip não é base64",
      },
    ]);
    expect(unreadable.map((row) => [row.status, row.awareness ?? null])).toEqual([
      ["Invalid", null],
      ["Invalid", null],
    ]);
    expect(summaryLines(options(true), unreadable)).toEqual([]);
  });
});
