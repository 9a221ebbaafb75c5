import { describe, expect, it } from "vitest";
import {
  DANFE_NFCE_NOT_OFFLINE,
  DANFE_NOT_AUTHORIZED,
  DANFE_NOT_NFCE,
  DANFE_NOT_NFE_PROC,
  DanfeError,
  readDanfe,
  readDanfeNfce,
} from "../../../src/domain/emission/danfe/read";
import { danfeSampleItems, danfeSampleXml } from "../../fixtures/nfe/danfe-samples";
import {
  nfceSampleItems,
  nfceSampleKey,
  nfceSampleQrCode,
  nfceSampleXml,
} from "../../fixtures/nfe/nfce-samples";

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof DanfeError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("read without refusal");
};

describe("readDanfeNfce", () => {
  it("reads an authorized NFC-e: payments with the change, the consumer, infNFeSupl and the protocol", () => {
    const sample = {
      number: 11,
      environment: 1 as const,
      items: nfceSampleItems(3),
      consumer: { cpf: "52998224725", name: "Maria da Silva" },
      discountCents: 100,
      payments: [
        { tPag: "03", cents: 1000 },
        { tPag: "01", cents: 2000 },
      ],
    };
    const view = readDanfeNfce(nfceSampleXml(sample));
    // items: 1 x 3.50 + 2 x 3.95 + 3 x 4.40 = 24.60, less 1.00 of discount
    expect(view).toMatchObject({
      accessKey: nfceSampleKey(sample),
      model: 65,
      environment: 1,
      number: 11,
      emissionType: "1",
      contingency: null,
      protocol: { number: "135260000000011", status: "100" },
      recipient: { document: "52998224725", name: "Maria da Silva" },
      payments: [
        { type: "03", value: 1000 },
        { type: "01", value: 2000 },
      ],
      change: 2000 + 1000 - 2360,
      qrCode: nfceSampleQrCode(sample),
      consultUrl: "https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica",
    });
    expect(view.totals).toMatchObject({ products: 2460, discount: 100, total: 2360 });
    expect(view.items.map((item) => item.code)).toEqual(["P0001", "P0002", "P0003"]);
  });

  it("reads an offline note not yet transmitted (the bare NFe) with no protocol and its contingency", () => {
    const view = readDanfeNfce(
      nfceSampleXml({ number: 13, offline: true, pending: true, items: nfceSampleItems(1) }),
    );
    expect(view.protocol).toBeNull();
    expect(view.emissionType).toBe("9");
    expect(view.contingency).toEqual({
      at: "2026-11-20T10:14:00-03:00",
      reason: "SEFAZ sem resposta: emitida em contingencia off-line",
    });
  });

  it("refuses a bare NFC-e issued online, an NF-e, and an NFC-e whose protocol is not an authorization", () => {
    const bareOnline = nfceSampleXml({ number: 14, pending: true, items: nfceSampleItems(1) });
    expect(refusal(() => readDanfeNfce(bareOnline))).toEqual({
      code: "not_nfe_proc",
      message: DANFE_NFCE_NOT_OFFLINE,
    });
    expect(refusal(() => readDanfeNfce(danfeSampleXml({ number: 5, items: danfeSampleItems(1) })))).toEqual({
      code: "invalid",
      message: DANFE_NOT_NFCE,
    });
    const denied = nfceSampleXml({ number: 15, items: nfceSampleItems(1) }).replace(
      "<cStat>100</cStat>",
      "<cStat>302</cStat>",
    );
    expect(refusal(() => readDanfeNfce(denied))).toEqual({
      code: "not_nfe_proc",
      message: DANFE_NOT_AUTHORIZED,
    });
    expect(refusal(() => readDanfeNfce("<retEnviNFe/>"))).toEqual({
      code: "not_nfe_proc",
      message: DANFE_NOT_NFE_PROC,
    });
  });

  it("the A4 DANFE still wants the protocol: an offline NFC-e not yet transmitted is not an nfeProc for it", () => {
    const pending = nfceSampleXml({ number: 16, offline: true, pending: true, items: nfceSampleItems(1) });
    expect(refusal(() => readDanfe(pending))).toEqual({ code: "not_nfe_proc", message: DANFE_NOT_NFE_PROC });
  });
});
