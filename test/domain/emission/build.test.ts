import { describe, expect, it } from "vitest";
import { drawCnf, nfeAccessKey } from "../../../src/domain/emission/access-key";
import { buildNFe, HOMOLOGATION_NAME } from "../../../src/domain/emission/build";
import { EmissionDraftError } from "../../../src/domain/emission/errors";
import { nfeProcXml } from "../../../src/domain/emission/proc";
import { enviNFeXml, signNFe } from "../../../src/domain/emission/sign";
import { checkNFeSums } from "../../../src/domain/emission/sums";
import { canonicalize, importSigningKey, type XmlElement } from "../../../src/lib/xmldsig";
import { draftTotal, fiscalDraft, fiscalItem, pixPayment } from "../../support/fiscal-draft-factories";
import { testCertificatePem, testKeyPem, validateXsd } from "../../support/nfe-xsd";
import { independentlyVerified } from "../../support/sefaz-event-double-verify.mjs";

const certificatePem = testCertificatePem();
const signer = async () => ({ key: await importSigningKey(testKeyPem()), certificatePem });

/** A protNFe as retEnviNFe_v4.00.xsd describes it (what SEFAZ answers for an authorized note). */
const protNFe = (accessKey: string, digest: string) =>
  `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${accessKey}</chNFe><dhRecbto>2026-11-26T10:15:03-03:00</dhRecbto><nProt>135260000012345</nProt><digVal>${digest}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`;

function findElement(node: XmlElement, name: string): XmlElement | null {
  for (const child of node.children) {
    if (typeof child === "string") continue;
    if (child.name === name) return child;
    const found = findElement(child, name);
    if (found) return found;
  }
  return null;
}

const digestOf = (xml: string) => /<DigestValue>([^<]+)<\/DigestValue>/.exec(xml)![1]!;

async function expectValidNote(draft: ReturnType<typeof fiscalDraft>) {
  const signed = await signNFe(draft, await signer());
  const nfe = validateXsd(signed.xml, "nfe_v4.00.xsd");
  expect(nfe.output).toBe(nfe.ok ? nfe.output : "");
  expect(nfe.ok).toBe(true);
  expect(independentlyVerified(signed.xml, certificatePem)).toBe(true);
  const lot = enviNFeXml("1", signed.xml);
  expect(validateXsd(lot, "enviNFe_v4.00.xsd")).toMatchObject({ ok: true });
  expect(independentlyVerified(lot, certificatePem)).toBe(true);
  const proc = nfeProcXml(signed.xml, protNFe(signed.accessKey, digestOf(signed.xml)));
  expect(validateXsd(proc, "procNFe_v4.00.xsd")).toMatchObject({ ok: true });
  expect(independentlyVerified(proc, certificatePem)).toBe(true);
  return signed;
}

describe("access key", () => {
  it("writes cUF AAMM CNPJ mod serie nNF tpEmis cNF and the modulus 11 digit (golden values)", () => {
    // check digits computed apart from this code (an independent modulus 11 over the ASCII values)
    expect(
      nfeAccessKey({
        cUF: "35",
        issuedAt: "2026-11-26T10:15:00-03:00",
        cnpj: "11222333000181",
        model: 55,
        series: 1,
        number: 1234,
        emissionType: 1,
        cnf: "50361842",
      }),
    ).toBe("35261111222333000181550010000012341503618421");
    expect(
      nfeAccessKey({
        cUF: "43",
        issuedAt: "2026-01-05T08:00:00-03:00",
        cnpj: "12ABC34501DE35",
        model: 55,
        series: 1,
        number: 42,
        emissionType: 1,
        cnf: "12345679",
      }),
    ).toBe("43260112ABC34501DE35550010000000421123456795");
  });

  it("puts the key in Id and its last digit in ide/cDV", () => {
    const built = buildNFe(fiscalDraft());
    expect(built.accessKey).toBe("35261111222333000181550010000012341503618421");
    expect(built.infNFe.attributes.Id).toBe(`NFe${built.accessKey}`);
    expect(canonicalize(built.infNFe)).toContain("<cDV>1</cDV>");
  });

  it("drawCnf never answers the note's number nor a refused sequence", () => {
    const answers = [0.00001234, 0.11111111, 0.12345678, 0.5036184299];
    let i = 0;
    expect(drawCnf(1234, () => answers[i++]!)).toBe("50361842");
    expect(i).toBe(4);
  });

  it("refuses a cNF equal to nNF", () => {
    expect(() => buildNFe(fiscalDraft({ cnf: "00001234", number: 1234 }))).toThrow(
      /cNF 00001234 igual ao número/,
    );
  });
});

describe("NF-e XML", { timeout: 60_000 }, () => {
  it("regime normal with IBS/CBS: valid NF-e, enviNFe and nfeProc, signature verified", async () => {
    const signed = await expectValidNote(fiscalDraft());
    expect(signed.xml.startsWith('<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe3526')).toBe(
      true,
    );
    expect(signed.xml).toMatch(/<\/infNFe><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
    expect(signed.xml).toContain("<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS>");
    expect(signed.xml).toContain(`<xNome>${HOMOLOGATION_NAME}</xNome>`);
    expect(signed.total).toBe(9980);
  });

  it("regime normal without IBS/CBS, CSTs 00, 20, 40, 41, 50, 60, 90, IPI taxed and not, PIS/COFINS NT and Outr", async () => {
    const items = [
      fiscalItem({ icmsCst: "00", ipiCst: "50", ipiRate: 1000 }),
      fiscalItem({ code: "B", icmsCst: "20", icmsRate: 1200, discount: 500 }),
      fiscalItem({ code: "C", icmsCst: "40", ipiCst: "53", pisCst: "07", cofinsCst: "07" }),
      fiscalItem({ code: "D", icmsCst: "41", pisCst: "99", cofinsCst: "99", pisRate: 65, cofinsRate: 300 }),
      fiscalItem({ code: "E", icmsCst: "50" }),
      fiscalItem({ code: "F", icmsCst: "60", pisCst: "04", cofinsCst: "04" }),
      fiscalItem({ code: "G", icmsCst: "90", icmsRate: 700, freight: 1500 }),
    ];
    // CST 20: the base reduced to 2/3 of the value (pRedBC 33.33%)
    items[1]!.taxes.base = 6320;
    items[1]!.taxes.icmsValue = 758;
    items[1]!.taxes.pisValue = Math.round(6320 * 0.0165);
    items[1]!.taxes.cofinsValue = Math.round(6320 * 0.076);
    const draft = fiscalDraft({ items, emitIbsCbs: false });
    const signed = await expectValidNote(draft);
    expect(signed.xml).not.toContain("IBSCBS");
    expect(signed.xml).toContain("<ICMS20><orig>0</orig><CST>20</CST><modBC>3</modBC><pRedBC>33.33</pRedBC>");
    expect(signed.xml).toContain(
      "<IPITrib><CST>50</CST><vBC>99.80</vBC><pIPI>10.00</pIPI><vIPI>9.98</vIPI></IPITrib>",
    );
    expect(signed.total).toBe(draftTotal(draft));
  });

  it("Simples Nacional (CRT 1) with CSOSN 101, 102, 103, 300, 400, 500, 900", async () => {
    const items = ["101", "102", "103", "300", "400", "500", "900"].map((icmsCst, i) =>
      fiscalItem({ code: `S${i}`, icmsCst }, true),
    );
    const signed = await expectValidNote(fiscalDraft({ simples: true, items }));
    expect(signed.xml).toContain("<CRT>1</CRT>");
    expect(signed.xml).toContain("<ICMSSN101><orig>0</orig><CSOSN>101</CSOSN><pCredSN>1.25</pCredSN>");
  });

  it("cobr with installments and several payments (card with its brand, boleto)", async () => {
    const items = [fiscalItem({ quantityMilli: 3000, unitPrice: 10000 })];
    const draft = fiscalDraft({
      items,
      installments: [
        { number: "1", dueDate: "2026-12-26", value: 10000 },
        { number: "2", dueDate: "2027-01-26", value: 10000 },
      ],
      payments: [
        { indPag: 1, tPag: "15", tBand: null, value: 20000, card: null },
        { indPag: 0, tPag: "03", tBand: "02", value: 10000, card: null },
      ],
    });
    const signed = await expectValidNote(draft);
    expect(signed.xml).toContain(
      "<cobr><fat><nFat>1234</nFat><vOrig>200.00</vOrig><vDesc>0.00</vDesc><vLiq>200.00</vLiq></fat><dup><nDup>001</nDup>",
    );
    expect(signed.xml).toContain("<card><tpIntegra>2</tpIntegra><tBand>02</tBand></card>");
  });

  it("many items (120), quantities with decimals and a unit value of more than 2 decimals", async () => {
    const items = Array.from({ length: 120 }, (_, i) =>
      fiscalItem({ code: `SKU-${i}`, quantityMilli: 1000 + i * 7, unitPrice: 1999 + i }),
    );
    // vProd given apart from the unit price: 3 x 33.333… = 100.00
    items[0] = fiscalItem({ code: "SKU-X", quantityMilli: 3000, unitPrice: 3333 });
    items[0].grossValue = 10000;
    items[0].taxes.base = 10000;
    Object.assign(items[0].taxes, { icmsValue: 1800, pisValue: 165, cofinsValue: 760 });
    items[0].taxes.ibsCbs = { ...items[0].taxes.ibsCbs!, ibsUfValue: 10, cbsValue: 90 };
    const signed = await expectValidNote(fiscalDraft({ items }));
    expect(signed.xml).toContain("<qCom>3.0000</qCom><vUnCom>33.3333333333</vUnCom><vProd>100.00</vProd>");
    expect(signed.xml.match(/<det nItem=/g)).toHaveLength(120);
  });

  it("golden: the signed note's DigestValue with the test key", async () => {
    const signed = await signNFe(fiscalDraft(), await signer());
    // SHA-1 of the canonical infNFe; recomputed independently by xml-crypto in expectValidNote
    expect(digestOf(signed.xml)).toMatchInlineSnapshot(`"jIu4kqBYtnoqTF7JYjhOiBgWY4E="`);
  });
});

describe("sums the schema cannot check", () => {
  it("refuses payments below vNF", () => {
    const draft = fiscalDraft();
    draft.payments = [pixPayment(draftTotal(draft) - 1)];
    expect(() => buildNFe(draft)).toThrow(EmissionDraftError);
    expect(() => buildNFe(draft)).toThrow(
      /pag: pagamentos \(99\.79\) abaixo do valor da nota \(vNF 99\.80\)/,
    );
  });

  it("refuses a stored tax that does not match base x rate", () => {
    const item = fiscalItem();
    item.taxes.icmsValue += 5;
    expect(() => buildNFe(fiscalDraft({ items: [item] }))).toThrow(/item 1: ICMS: valor 18\.01 não confere/);
  });

  it("reads the built note back: an item's vUnCom or a total that does not add up is refused", () => {
    const draft = fiscalDraft({ items: [fiscalItem(), fiscalItem({ code: "B" })] });
    const context = { model: 55 as const, emitIbsCbs: true, ibsCbsTestYear: true };
    const tamper = (name: string, value: string) => {
      const { infNFe } = buildNFe(draft);
      const target = findElement(infNFe, name)!;
      target.children = [value];
      return () => checkNFeSums(infNFe, context);
    };
    expect(tamper("vUnCom", "49.91")).toThrow(/item 1: qCom x vUnCom: escrito 99\.80, soma 99\.82/);
    expect(tamper("vNF", "199.61")).toThrow(/total\/ICMSTot\/vNF: escrito 199\.61, soma 199\.60/);
    expect(tamper("vCBS", "0.91")).toThrow(/IBSCBSTot\/gCBS\/vCBS: escrito 1\.80, soma 1\.81/);
    expect(tamper("vPIS", "1.64")).toThrow(/total\/ICMSTot\/vPIS: escrito 3\.30, soma 3\.29/);
  });

  it("refuses installments whose sum exceeds the note", () => {
    const draft = fiscalDraft({ installments: [{ number: "1", dueDate: "2026-12-01", value: 999_999 }] });
    expect(() => buildNFe(draft)).toThrow(/cobr: duplicatas \(9999\.99\) acima do valor da nota/);
  });

  it("NFC-e (65): the change is what the payments exceed vNF by", () => {
    const draft = fiscalDraft({ model: 65, recipient: null, presence: 1, emitIbsCbs: false });
    draft.payments = [{ indPag: 0, tPag: "01", tBand: null, value: 10000, card: null }];
    expect(() => buildNFe(draft)).toThrow(/pag\/vTroco \(pagamentos - vNF\): escrito 0\.00, soma 0\.20/);
    draft.change = 20;
    expect(buildNFe(draft).totals.vTroco).toBe(20);
  });
});
