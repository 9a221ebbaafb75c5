import { describe, expect, it } from "vitest";
import {
  DANFE_MALFORMED_XML,
  DANFE_NOT_AUTHORIZED,
  DANFE_NOT_NFE_PROC,
  DanfeError,
  readDanfe,
} from "../../../src/domain/emission/danfe/read";
import {
  danfeBenchSample,
  danfeSampleItems,
  danfeSampleKey,
  danfeSampleXml,
} from "../../fixtures/nfe/danfe-samples";
import { cnpjOf } from "../../fixtures/nfe/generate";
import threeItems from "../../fixtures/nfe/procnfe-3-items.xml?raw";

const refusal = (xml: string) => {
  try {
    readDanfe(xml);
  } catch (error) {
    if (error instanceof DanfeError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("read without refusal");
};

describe("readDanfe", () => {
  it("reads the blocks a DANFE prints from an authorized nfeProc", () => {
    const sample = { ...danfeBenchSample(3), carrier: true };
    const view = readDanfe(danfeSampleXml(sample));
    expect(view).toMatchObject({
      accessKey: danfeSampleKey(sample),
      model: 55,
      environment: 2,
      entryExit: 1,
      number: 4321,
      series: 1,
      issuedAt: "2026-11-20T10:15:00-03:00",
      exitAt: "2026-11-20T11:30:00-03:00",
      natOp: "VENDA DE MERCADORIA",
      protocol: { number: "135260000004321", receivedAt: "2026-11-20T10:16:07-03:00", status: "100" },
      issuer: {
        name: "Comercio de Roupas Exemplo Ltda",
        document: "11222333000181",
        stateRegistration: "111222333444",
        address: {
          street: "Rua Augusta",
          number: "1500",
          complement: "Loja 2",
          uf: "SP",
          zipCode: "01304001",
        },
      },
      recipient: {
        document: "44555666000181",
        stateRegistration: "555666777888",
        email: "compras@example.com",
      },
      transport: {
        freightBy: "0",
        carrier: { name: "Transportes Rapidos Ltda", uf: "SP" },
        vehicle: { plate: "ABC1D23", uf: "SP", rntc: "12345678" },
        volumes: [{ quantity: "3", species: "CAIXA", grossKg: "13.250", netKg: "12.500" }],
      },
    });
    expect(view.items).toHaveLength(3);
    // item 1: 1 x 19.90, IPI 5 %, ICMS 18 %
    expect(view.items[0]).toMatchObject({
      number: 1,
      code: "SKU-0001",
      ncm: "61091000",
      cst: "000",
      cfop: "5102",
      unit: "UN",
      quantity: "1.0000",
      unitValue: "19.9000000000",
      total: 1990,
      icmsBase: 1990,
      icmsValue: 358,
      icmsRate: "18.00",
      ipiValue: 100,
      ipiRate: "5.00",
      ibsCbs: { cst: "000", classTrib: "000001", base: 1990, ibs: 2, cbs: 18 },
    });
    expect(view.installments).toHaveLength(4);
    expect(view.installments.reduce((sum, dup) => sum + dup.value, 0)).toBe(view.totals.total);
    expect(view.totals.ibsCbs).toEqual({
      base: view.totals.products,
      ibsUf: expect.any(Number),
      ibsMun: 0,
      ibs: expect.any(Number),
      cbs: expect.any(Number),
    });
    expect(view.totals.totalWithIbsCbs).toBe(
      view.totals.total + view.totals.ibsCbs!.ibs + view.totals.ibsCbs!.cbs,
    );
    expect(view.additionalInfo).toContain("Pedido 4321");
  });

  it("reads a Simples Nacional note (CSOSN) without IBS/CBS, carrier nor additional data", () => {
    const view = readDanfe(
      danfeSampleXml({ number: 7, items: danfeSampleItems(2), simples: true, environment: 1 }),
    );
    expect(view.environment).toBe(1);
    expect(view.issuer.taxRegime).toBe("1");
    expect(view.items[0]).toMatchObject({ cst: "0102", icmsBase: 0, icmsValue: 0, icmsRate: null });
    expect(view.totals.ibsCbs).toBeNull();
    expect(view.totals.totalWithIbsCbs).toBeNull();
    expect(view.transport).toMatchObject({ freightBy: "9", carrier: null, vehicle: null, volumes: [] });
    expect(view.additionalInfo).toBeNull();
  });

  it("reads an nfeProc written elsewhere (the import's fixture, with entities and a kilogram quantity)", () => {
    const view = readDanfe(threeItems);
    expect(view.items).toHaveLength(3);
    expect(view.installments).toHaveLength(2);
    expect(view.recipient?.document).toBe("11222333000181");
  });

  it("reads the key of an issuer with an alphanumeric CNPJ (NT Conjunta 2025.001)", () => {
    const sample = { number: 55, items: danfeSampleItems(1), issuerCnpj: cnpjOf("12ABC3450001") };
    const view = readDanfe(danfeSampleXml(sample));
    expect(view.accessKey).toBe(danfeSampleKey(sample));
    expect(view.accessKey).toMatch(/^352611[0-9A-Z]{12}\d{26}$/);
    expect(view.issuer.document).toBe(cnpjOf("12ABC3450001"));
  });

  it("keeps entities and accents of the texts", () => {
    const view = readDanfe(
      danfeSampleXml({
        number: 8,
        items: [{ code: "A&B", description: "Pão <francês> & café", quantity: 1, unitCents: 100 }],
      }),
    );
    expect(view.items[0]).toMatchObject({ code: "A&B", description: "Pão <francês> & café" });
  });

  it.each([
    ["empty", "", "malformed_xml", DANFE_MALFORMED_XML],
    ["not XML", "%PDF-1.7 garbage", "malformed_xml", DANFE_MALFORMED_XML],
    [
      "truncated",
      danfeSampleXml({ number: 9, items: danfeSampleItems(2) }).slice(0, 900),
      "malformed_xml",
      DANFE_MALFORMED_XML,
    ],
    ["another XML", "<retConsSitNFe><cStat>100</cStat></retConsSitNFe>", "not_nfe_proc", DANFE_NOT_NFE_PROC],
    [
      "a bare NFe without its protocol",
      danfeSampleXml({ number: 9, items: danfeSampleItems(2) }).replace(/<protNFe.*<\/protNFe>/, ""),
      "not_nfe_proc",
      DANFE_NOT_NFE_PROC,
    ],
    [
      "a denied note (cStat 302)",
      danfeSampleXml({ number: 9, items: danfeSampleItems(2), protocolStatus: "302" }),
      "not_nfe_proc",
      DANFE_NOT_AUTHORIZED,
    ],
  ])("refuses %s with a typed error", (_, xml, code, message) => {
    expect(refusal(xml)).toEqual({ code, message });
  });

  it("refuses a note whose required fields are missing or invalid, naming the field", () => {
    const xml = danfeSampleXml({ number: 10, items: danfeSampleItems(2) });
    expect(refusal(xml.replace(/<vNF>[^<]*<\/vNF>/, ""))).toEqual({
      code: "invalid",
      message: "O nfeProc não tem o campo obrigatório total/ICMSTot/vNF",
    });
    expect(refusal(xml.replace("<qCom>1.0000</qCom>", "<qCom>um</qCom>"))).toMatchObject({
      code: "invalid",
      message: expect.stringContaining("det[1]/prod/qCom"),
    });
    expect(refusal(xml.replace(/<det nItem="\d+">.*<\/det>/s, ""))).toMatchObject({ code: "invalid" });
    expect(refusal(xml.replace(/Id="NFe\d+"/, 'Id="NFe123"'))).toMatchObject({ code: "invalid" });
  });
});
