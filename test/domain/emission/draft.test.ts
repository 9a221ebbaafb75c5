import { describe, expect, it } from "vitest";
import {
  apportion,
  buildDraft,
  drawCnf,
  type EmissionSource,
  installmentsOf,
  noteAccessKey,
  paymentsOf,
} from "../../../src/domain/emission/draft";
import { brasiliaTime, decideAnswer, keyInText } from "../../../src/domain/emission/states";
import { readAccessKey } from "../../../src/domain/nfe/access-key";

/** The order → draft mapper and the SEFAZ answers' decisions (pure). */

const item = (over: Partial<EmissionSource["items"][number]> = {}): EmissionSource["items"][number] => ({
  id: 1,
  skuId: 10,
  skuCode: "CAM-01",
  skuName: "Camiseta",
  ean: "7891234567895",
  unit: "UN",
  ncm: "61091000",
  cest: null,
  origin: 0,
  quantity: 2000,
  unitPrice: 5000,
  discount: 0,
  value: 10000,
  icmsCst: "00",
  icmsRate: 1800,
  icmsValue: 1800,
  ipiCst: "53",
  ipiRate: 0,
  ipiValue: 0,
  pisCst: "01",
  pisRate: 165,
  pisValue: 165,
  cofinsCst: "01",
  cofinsRate: 760,
  cofinsValue: 760,
  ibsCbsCst: "000",
  ibsCbsClassTrib: "000001",
  ibsRate: 10,
  ibsValue: 10,
  cbsRate: 90,
  cbsValue: 90,
  ...over,
});

const source = (over: Partial<EmissionSource> = {}): EmissionSource => ({
  order: {
    id: 7,
    statusId: 3,
    stockState: 0,
    orderTypeId: 2,
    consumerId: 3,
    freight: 1001,
    discount: 301,
    volumes: 2,
    grossWeight: 1500,
    netWeight: 1200,
    notes: null,
  },
  items: [
    item(),
    item({ id: 2, skuId: 11, skuCode: "CAM-02", quantity: 1000, unitPrice: 10000, value: 10000 }),
  ],
  orderType: { id: 2, cfopInState: "5102", cfopOutOfState: "6102", natOp: "Venda de mercadoria" },
  issuer: {
    id: 1,
    name: "Emitente Ltda",
    document: "11.222.333/0001-81",
    stateRegistration: "110042490114",
    taxRegime: 3,
    street: "Avenida Paulista",
    number: "1578",
    complement: null,
    district: "Bela Vista",
    cityCode: "3550308",
    city: "São Paulo",
    uf: "SP",
    zipCode: "01310200",
    phone: null,
    nfeSeries: 1,
    emitIbsCbs: 1,
  },
  consumer: {
    id: 3,
    name: " Maria ",
    document: "529.982.247-25",
    email: null,
    street: "Rua A",
    number: "1",
    district: "Centro",
    cityCode: "3304557",
    city: "Rio de Janeiro",
    uf: "RJ",
  },
  carrier: { name: "Transportes X", document: "11222333000181" },
  payments: [
    {
      titleId: 2,
      paymentTypeId: 5,
      installment: 2,
      installments: 2,
      value: 5000,
      dueDate: "2026-12-30",
      tPag: "03",
      tBand: "01",
    },
    {
      titleId: 1,
      paymentTypeId: 5,
      installment: 1,
      installments: 2,
      value: 5000,
      dueDate: "2026-11-30",
      tPag: "03",
      tBand: "01",
    },
  ],
  environment: 2,
  ...over,
});

const identity = { series: 1, number: 42, cnf: "12345678", issuedAt: "2026-11-29T10:00:00-03:00" };

describe("apportion", () => {
  it("splits in proportion, the remainder to the last, always adding up", () => {
    expect(apportion(1001, [10000, 10000])).toEqual([500, 501]);
    expect(apportion(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    expect(apportion(7, [0, 0])).toEqual([0, 7]);
  });
});

describe("buildDraft", () => {
  it("maps issuer, recipient, CFOP out of state, items with their share of freight and discount, IBS/CBS, cobr, pag and transp", () => {
    const draft = buildDraft(source(), identity);
    expect(draft).toMatchObject({
      model: 55,
      environment: 2,
      series: 1,
      number: 42,
      natOp: "Venda de mercadoria",
      finalConsumer: 1,
      issuer: { cnpj: "11222333000181", taxRegime: 3, address: { uf: "SP", cityCode: "3550308" } },
      recipient: { document: "52998224725", name: "Maria", stateRegistration: null, address: { uf: "RJ" } },
      transport: {
        modFrete: 0,
        carrier: { name: "Transportes X" },
        volumes: 2,
        grossWeight: 1500,
        netWeight: 1200,
      },
      emitIbsCbs: true,
    });
    expect(draft.items.map((i) => [i.cfop, i.grossValue, i.discount, i.freight])).toEqual([
      ["6102", 10000, 150, 500],
      ["6102", 10000, 151, 501],
    ]);
    expect(draft.items[0]!.taxes.ibsCbs).toEqual({
      cst: "000",
      classTrib: "000001",
      ibsUfRate: 10,
      ibsUfValue: 10,
      ibsMunRate: 0,
      ibsMunValue: 0,
      cbsRate: 90,
      cbsValue: 90,
    });
    expect(draft.installments).toEqual([
      { number: "001", dueDate: "2026-11-30", value: 5000 },
      { number: "002", dueDate: "2026-12-30", value: 5000 },
    ]);
    expect(draft.payments).toEqual([{ indPag: 1, tPag: "03", tBand: "01", value: 10000, card: null }]);
  });

  it("takes CFOPInState when the recipient is in the issuer's UF, and leaves IBS/CBS out when the issuer does not emit it", () => {
    const base = source();
    const draft = buildDraft(
      {
        ...base,
        consumer: { ...base.consumer!, uf: "SP", cityCode: "3550308" },
        issuer: { ...base.issuer, emitIbsCbs: 0 },
      },
      identity,
    );
    expect(draft.items.every((i) => i.cfop === "5102" && i.taxes.ibsCbs === null)).toBe(true);
  });

  it("writes pag 90 (no payment) for an order without payments", () => {
    expect(paymentsOf([])).toEqual([{ indPag: 0, tPag: "90", tBand: null, value: 0, card: null }]);
    expect(installmentsOf([])).toEqual([]);
  });
});

describe("the access key and cNF", () => {
  it("builds a key whose check digit the key reader accepts", () => {
    const key = noteAccessKey({
      uf: "SP",
      issuedAt: "2026-11-29T10:00:00-03:00",
      cnpj: "11222333000181",
      model: 55,
      series: 1,
      number: 42,
      emissionType: 1,
      cnf: "12345678",
    });
    expect(key).toMatch(/^352611112223330001815500100000004211234567\d{2}$/);
    expect(readAccessKey(key).ok).toBe(true);
  });

  it("draws 8 digits never equal to the number", () => {
    for (let i = 0; i < 50; i++) {
      const cnf = drawCnf(12345678);
      expect(cnf).toMatch(/^\d{8}$/);
      expect(cnf).not.toBe("12345678");
    }
  });

  it("writes dhEmi in Brasília time", () => {
    expect(brasiliaTime(new Date("2026-11-29T13:04:05.123Z"))).toBe("2026-11-29T10:04:05-03:00");
  });
});

describe("decideAnswer", () => {
  it("classifies SEFAZ's answers", () => {
    expect(decideAnswer(100, "Autorizado o uso da NF-e").kind).toBe("authorized");
    expect(decideAnswer(150, "Autorizado fora de prazo").kind).toBe("authorized");
    for (const cStat of [110, 301, 302]) expect(decideAnswer(cStat, "Uso Denegado").kind).toBe("denied");
    expect(decideAnswer(225, "Rejeição: Falha no Schema XML").kind).toBe("rejected");
    expect(decideAnswer(103, "Lote recebido com sucesso").kind).toBe("receipt");
    expect(decideAnswer(204, "Rejeição: Duplicidade de NF-e").kind).toBe("consult");
    expect(decideAnswer(656, "Rejeição: Consumo Indevido")).toEqual({
      kind: "backoff",
      seconds: 3600,
      misuse: true,
    });
    expect(decideAnswer(108, "Serviço Paralisado Momentaneamente")).toEqual({
      kind: "backoff",
      seconds: 300,
      misuse: false,
    });
    const key = "35261111222333000181550010000000421123456780";
    expect(
      decideAnswer(539, `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${key}]`),
    ).toEqual({
      kind: "duplicateOther",
      otherKey: key,
    });
    expect(keyInText("sem chave")).toBeNull();
  });
});
