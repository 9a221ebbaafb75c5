import { describe, expect, it } from "vitest";
import { accessKeyCheckDigitOf, accessKeyProblem, readAccessKey } from "../../../src/domain/nfe/access-key";
import { centsOfDecimal, thousandthsOfDecimal } from "../../../src/domain/nfe/decimals";
import { readNfe } from "../../../src/domain/nfe/read-nfe";
import type { NfeDocument } from "../../../src/domain/nfe/types";
import { accessKeyOf, cnpjOf, keyCheckDigit, nfeXml } from "../../fixtures/nfe/generate";
import bare from "../../fixtures/nfe/nfe-bare-1-item.xml?raw";
import proc from "../../fixtures/nfe/procnfe-3-items.xml?raw";

const PROC_KEY = "35261112345678000195550020000043211100043216";

function read(xml: string): NfeDocument {
  const reading = readNfe(xml);
  if (!reading.ok) throw new Error(reading.message);
  return reading.document;
}

const refusal = (xml: string | Uint8Array) => {
  const reading = readNfe(xml);
  return reading.ok ? "lida" : reading.message;
};

describe("access key (chNFe)", () => {
  it("computes the modulus 11 check digit (weights 2..9 from the right; remainder 0 or 1 gives 0)", () => {
    // worked by hand: sum 357, remainder 5, digit 6
    expect(accessKeyCheckDigitOf("3526111122233300018155001000000123110000123")).toBe(6);
    expect(accessKeyCheckDigitOf(PROC_KEY.slice(0, 43))).toBe(6);
    // the test generator's own implementation agrees over many keys
    for (let n = 1; n < 400; n++) {
      const key = accessKeyOf({
        issuerCnpj: cnpjOf(String(10_000_000_0000 + n * 7919)),
        recipientCnpj: "x",
        number: n * 37,
        items: [],
      });
      expect(accessKeyCheckDigitOf(key.slice(0, 43))).toBe(keyCheckDigit(key.slice(0, 43)));
      expect(readAccessKey(key).ok).toBe(true);
    }
  });

  it("gives 0 when the remainder is 0 or 1", () => {
    const zeroes = [];
    for (let n = 0; zeroes.length < 2 && n < 5000; n++) {
      const body = `352611${cnpjOf("123456780001")}55001${String(n).padStart(9, "0")}112345678`;
      const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (2 + (i % 8)), 0);
      if (sum % 11 < 2) zeroes.push(body);
    }
    expect(zeroes).toHaveLength(2);
    for (const body of zeroes) expect(accessKeyCheckDigitOf(body)).toBe(0);
  });

  it("reads the parts of a valid key", () => {
    const reading = readAccessKey(PROC_KEY);
    expect(reading).toEqual({
      ok: true,
      key: {
        key: PROC_KEY,
        state: "35",
        yymm: "2611",
        issuerDocument: "12345678000195",
        model: "55",
        series: 2,
        number: 4321,
        emissionType: "1",
        randomCode: "10004321",
        checkDigit: 6,
      },
    });
  });

  it.each([
    [
      "3526111234567800019555002000004321110004321",
      "Chave de acesso inválida: deve ter 44 dígitos (3526111234567800019555002000004321110004321)",
    ],
    [
      "3526111234567800019555002000004321110004321X",
      "Chave de acesso inválida: deve ter 44 dígitos (3526111234567800019555002000004321110004321X)",
    ],
    [
      `${PROC_KEY.slice(0, 43)}7`,
      `Chave de acesso com dígito verificador inválido: ${PROC_KEY.slice(0, 43)}7 (dígito esperado 6)`,
    ],
  ])("refuses %s", (key, message) => {
    expect(readAccessKey(key)).toEqual({ ok: false, message });
  });

  const withDigit = (body: string) => body + accessKeyCheckDigitOf(body);
  it("refuses an unknown state, an impossible month and a model other than 55", () => {
    expect(readAccessKey(withDigit(`99${PROC_KEY.slice(2, 43)}`))).toEqual({
      ok: false,
      message: "Chave de acesso com código de UF inválido: 99",
    });
    expect(readAccessKey(withDigit(`352613${PROC_KEY.slice(6, 43)}`))).toEqual({
      ok: false,
      message: "Chave de acesso com ano/mês de emissão inválido: 2613",
    });
    expect(readAccessKey(withDigit(`${PROC_KEY.slice(0, 20)}65${PROC_KEY.slice(22, 43)}`))).toEqual({
      ok: false,
      message: "Chave de acesso de modelo 65: apenas NF-e (modelo 55) é aceita",
    });
  });

  it("checks the key against the issuer's CNPJ and the month of issue", () => {
    expect(
      accessKeyProblem(PROC_KEY, { issuerDocument: "12345678000195", issuedAt: "2026-11-18T09:30:00-03:00" }),
    ).toBeNull();
    expect(
      accessKeyProblem(PROC_KEY, { issuerDocument: "98765432000198", issuedAt: "2026-11-18T09:30:00-03:00" }),
    ).toBe("Chave de acesso com CNPJ 12345678000195 diferente do emitente 98765432000198");
    expect(
      accessKeyProblem(PROC_KEY, { issuerDocument: "12345678000195", issuedAt: "2026-12-01T09:30:00-03:00" }),
    ).toBe("Chave de acesso com ano/mês 2611 diferente da emissão 2026-12");
  });
});

describe("decimals of the layout", () => {
  it("reads cents and thousandths digit by digit, half up", () => {
    expect(centsOfDecimal("548.78")).toBe(54878);
    expect(centsOfDecimal("0.005")).toBe(1);
    expect(centsOfDecimal("12")).toBe(1200);
    expect(thousandthsOfDecimal("2.3450")).toBe(2345);
    expect(thousandthsOfDecimal("2.3455")).toBe(2346);
    expect(thousandthsOfDecimal("48.1234567890")).toBe(48123);
    expect(centsOfDecimal("1,50")).toBeNull();
    expect(centsOfDecimal("-1.00")).toBeNull();
    expect(centsOfDecimal("")).toBeNull();
  });
});

describe("readNfe over the fixtures", () => {
  it("reads a nfeProc: key, header, issuer, recipient, items, taxes, totals, payment and installments", () => {
    const document = read(proc);
    expect(document).toMatchObject({
      accessKey: PROC_KEY,
      model: "55",
      series: 2,
      number: 4321,
      issuedAt: "2026-11-18T09:30:00-03:00",
      issueDate: "2026-11-18",
      environment: "2",
      issuer: {
        document: "12345678000195",
        name: "Malharia Exemplo Ltda",
        stateRegistration: "123456789012",
      },
      recipient: { document: "11222333000181", name: "Demo Comércio Ltda" },
      payments: [{ indicator: "1", type: "15", value: 54878 }],
      installments: [
        { number: "001", dueDate: "2026-12-18", value: 20000 },
        { number: "002", dueDate: "2027-01-18", value: 34878 },
      ],
      protocol: { number: "135260000004321", status: "100", receivedAt: "2026-11-18T09:30:00-03:00" },
    });
    expect(document.items).toEqual([
      {
        number: 1,
        supplierCode: "CAM-AZ-M",
        ean: "7891234567895",
        eanTrib: "7891234567895",
        description: "Camiseta algodão azul M",
        ncm: "61091000",
        cfop: "5102",
        unit: "UN",
        quantityText: "10.0000",
        quantity: 10_000,
        unitValueText: "25.9000000000",
        total: 25900,
        taxes: { icms: 4662, icmsSt: 0, ipi: 1295, pis: 427, cofins: 1968, ibs: 0, cbs: 0 },
      },
      expect.objectContaining({
        number: 2,
        supplierCode: "CAM-BR-G",
        ean: "7891234567901",
        eanTrib: "17891234567908",
        description: "Camiseta algodão branca G & cia",
        total: 16398,
        taxes: expect.objectContaining({ ipi: 0 }),
      }),
      expect.objectContaining({
        number: 3,
        supplierCode: "LINHA-KG",
        ean: null,
        eanTrib: null,
        unit: "KG",
        ncm: "52041100",
        quantityText: "2.3450",
        quantity: 2345,
        total: 11285,
      }),
    ]);
    expect(document.totals).toMatchObject({
      products: 53583,
      ipi: 1295,
      total: 54878,
      freight: 0,
      discount: 0,
    });
  });

  it("reads a bare NFe (no protocol) the same way", () => {
    const document = read(bare);
    expect(document.protocol).toBeNull();
    expect(document.accessKey).toBe("35261098765432000198550010000000771100000770");
    expect(document.items).toHaveLength(1);
    expect(document.totals.total).toBe(12500);
  });

  it("reads the same document pretty-printed, with a BOM, from bytes", () => {
    const pretty = proc.replaceAll("><", ">\n    <");
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(pretty)]);
    expect(read(new TextDecoder().decode(bytes))).toEqual(read(proc));
    const fromBytes = readNfe(bytes);
    expect(fromBytes.ok && fromBytes.document).toEqual(read(proc));
  });

  it("reads the 2026 IBS/CBS groups when present", () => {
    const withReform = proc.replace(
      "</COFINS></imposto>",
      "</COFINS><IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>259.00</vBC><vIBS>0.26</vIBS><gCBS><pCBS>0.90</pCBS><vCBS>2.33</vCBS></gCBS></gIBSCBS></IBSCBS></imposto>",
    );
    expect(read(withReform).items[0]!.taxes).toMatchObject({ ibs: 26, cbs: 233 });
  });
});

describe("readNfe refusals", () => {
  it("refuses malformed and truncated XML, naming where", () => {
    expect(refusal(proc.slice(0, 2000))).toBe(
      "XML malformado ou truncado: arquivo truncado, elementos não fechados: nfeProc > NFe > infNFe > det > imposto > COFINS > COFINSAliq > vBC",
    );
    expect(refusal(proc.replace("</emit>", "</emitente>"))).toMatch(/^XML malformado ou truncado: /);
    expect(refusal("")).toBe("XML malformado ou truncado: arquivo vazio");
    expect(refusal(new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]))).toBe(
      "XML malformado ou truncado: o arquivo não está em UTF-8",
    );
  });

  it("refuses valid XML that is not an NF-e", () => {
    const notNfe =
      "O arquivo é um XML válido, mas não é uma NF-e (esperado nfeProc ou NFe com infNFe no leiaute 4.00)";
    expect(refusal('<?xml version="1.0"?><OFX><BANKMSGSRSV1/></OFX>')).toBe(notNfe);
    expect(refusal("<NFe><outro/></NFe>")).toBe(notNfe);
    expect(refusal('<!DOCTYPE NFe [<!ENTITY a "x">]><NFe><infNFe>&a;</infNFe></NFe>')).toBe(notNfe);
    expect(refusal(proc.replaceAll('versao="4.00"', 'versao="3.10"'))).toBe(
      "Versão de leiaute da NF-e não suportada: 3.10 (aceita: 4.00)",
    );
  });

  it("refuses a wrong check digit, a key of another issuer, a protocol of another key", () => {
    const wrongDigit = proc.replaceAll(PROC_KEY, `${PROC_KEY.slice(0, 43)}9`);
    expect(refusal(wrongDigit)).toBe(
      `Chave de acesso com dígito verificador inválido: ${PROC_KEY.slice(0, 43)}9 (dígito esperado 6)`,
    );
    expect(refusal(proc.replace("<CNPJ>12345678000195</CNPJ>", "<CNPJ>98765432000198</CNPJ>"))).toBe(
      "Chave de acesso com CNPJ 12345678000195 diferente do emitente 98765432000198",
    );
    const other = accessKeyOf({
      issuerCnpj: "12345678000195",
      recipientCnpj: "x",
      number: 9,
      items: [],
      issuedAt: "2026-11-18T09:30:00-03:00",
    });
    expect(refusal(proc.replace(`<chNFe>${PROC_KEY}`, `<chNFe>${other}`))).toBe(
      `Chave de acesso do protocolo (${other}) diferente da NF-e (${PROC_KEY})`,
    );
  });

  describe("the alphanumeric CNPJ (NT Conjunta DF-e 2025.001)", () => {
    // the Receita Federal's example 12.ABC.345/01DE-35 as the issuer: its access key carries it in
    // positions 7-20, and the key's check digit values each character by its ASCII code minus 48
    const items = [{ code: "A", description: "Item", quantity: "1", unitValue: "10" }];
    const alphaSample = { issuerCnpj: "12ABC34501DE35", recipientCnpj: "11222333000181", number: 77, items };

    it("reads an access key whose issuer CNPJ has letters, its check digit over ASCII minus 48", () => {
      const key = accessKeyOf(alphaSample);
      expect(key.slice(6, 20)).toBe("12ABC34501DE35");
      // C=19, B=18, A=17, E=21, D=20 weigh in: the digit a digits-only rule would give differs
      expect(accessKeyCheckDigitOf(key.slice(0, 43))).toBe(keyCheckDigit(key.slice(0, 43)));
      expect(readAccessKey(key)).toMatchObject({ ok: true, key: { issuerDocument: "12ABC34501DE35" } });
      expect(readAccessKey(key.toLowerCase()).ok).toBe(false);
    });

    it("reads an NF-e issued by an alphanumeric CNPJ, or addressed to one", () => {
      const issued = read(
        nfeXml({
          ...alphaSample,
          items: [{ code: "A", description: "Item", quantity: "1", unitValue: "10" }],
        }),
      );
      expect(issued.issuer.document).toBe("12ABC34501DE35");
      expect(issued.accessKey.slice(6, 20)).toBe("12ABC34501DE35");
      const received = read(
        nfeXml({ issuerCnpj: "12345678000195", recipientCnpj: "A1B2C3D4E5F668", number: 78, items }),
      );
      expect(received.recipient.document).toBe("A1B2C3D4E5F668");
    });

    it.each([
      ["emit", { ...alphaSample, issuerCnpj: "12ABC34501DE36" }, "infNFe/emit/CNPJ", "12ABC34501DE36"],
      ["emit", { ...alphaSample, issuerCnpj: "12345678000196" }, "infNFe/emit/CNPJ", "12345678000196"],
      ["dest", { ...alphaSample, recipientCnpj: "12ABC34501DE53" }, "infNFe/dest/CNPJ", "12ABC34501DE53"],
      ["dest", { ...alphaSample, recipientCnpj: "11222333000182" }, "infNFe/dest/CNPJ", "11222333000182"],
    ])("refuses a CNPJ of %s with a wrong check digit", (_, sample, path, cnpj) => {
      expect(refusal(nfeXml(sample))).toBe(`NF-e com ${path} inválido: ${cnpj}`);
    });
  });

  it("refuses a document without a required field or with a bad amount", () => {
    expect(refusal(proc.replace("<cProd>CAM-AZ-M</cProd>", ""))).toBe(
      "NF-e sem o campo obrigatório det[1]/prod/cProd",
    );
    expect(refusal(proc.replace("<vProd>259.00</vProd>", "<vProd>259,00</vProd>"))).toBe(
      "NF-e com det[1]/prod/vProd inválido: 259,00",
    );
    expect(refusal(proc.replace(/<dest>.*<\/dest>/, ""))).toBe("NF-e sem o campo obrigatório infNFe/dest");
  });

  it("reads the benchmark's generated files", () => {
    const xml = nfeXml({
      issuerCnpj: cnpjOf("400000010001"),
      recipientCnpj: "11222333000181",
      number: 5,
      items: Array.from({ length: 20 }, (_, k) => ({
        code: `C${k}`,
        description: `Item ${k}`,
        quantity: "1.0000",
        unitValue: "2.0000000000",
      })),
    });
    expect(read(xml).items).toHaveLength(20);
  });
});
