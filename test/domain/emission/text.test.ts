import { describe, expect, it } from "vitest";
import { buildNFe } from "../../../src/domain/emission/build";
import { signNFe } from "../../../src/domain/emission/sign";
import { foldNfeText, nfeText } from "../../../src/domain/emission/text";
import { importSigningKey } from "../../../src/lib/xmldsig";
import { fiscalDraft, fiscalItem } from "../../support/fiscal-draft-factories";
import { testCertificatePem, testKeyPem, validateXsd } from "../../support/nfe-xsd";

/** Text outside TString: blanks at the ends, line breaks, tabs, C1 control, emoji, typographic marks, letters above U+00FF. */
const DIRTY = "  Ação\t“Ótima”\r\n— Łódź ő Ș 😀 café…\u0085fim\u200B  ";
const CLEAN = `Ação "Ótima" - Lódz o S café... fim`;

describe("NF-e text", () => {
  it("folds, replaces or drops what TString refuses, collapses blanks and trims", () => {
    expect(foldNfeText(DIRTY)).toBe(CLEAN);
    expect(foldNfeText("Straße Nº 5 · ½ № 7")).toBe("Straße Nº 5 · ½ No 7");
  });

  it("cuts to the element's length and refuses what is empty or too short, naming the field", () => {
    expect(nfeText(`${"a".repeat(59)} b`, { field: "dest/xNome", maxLength: 60 })).toBe("a".repeat(59));
    expect(() => nfeText(" \n😀\t ", { field: "prod/xProd", maxLength: 120 })).toThrow(
      "prod/xProd vazio: informe um texto para a NF-e",
    );
    expect(() => nfeText("x", { field: "emit/xNome", maxLength: 60, minLength: 2 })).toThrow(
      /emit\/xNome deve ter ao menos 2/,
    );
  });

  it("every text field that reaches the XML is cleaned and the note stays valid", {
    timeout: 60_000,
  }, async () => {
    const address = {
      street: DIRTY,
      number: DIRTY,
      complement: DIRTY,
      district: DIRTY,
      cityCode: "3550308",
      city: DIRTY,
      uf: "SP",
      zipCode: "01310-100",
      phone: "(11) 3333-4444",
    };
    const item = fiscalItem({ code: DIRTY, description: DIRTY, unit: " Ún😀\n " });
    const base = fiscalDraft({ items: [item] });
    const draft = fiscalDraft({
      items: [item],
      environment: 1,
      emissionType: 6,
      contingency: { since: "2026-11-26T09:00:00-03:00", reason: DIRTY },
      natOp: DIRTY,
      issuer: { ...base.issuer, name: DIRTY, address },
      recipient: { ...base.recipient!, name: DIRTY, email: " maria@example.com\n", address },
      transport: {
        modFrete: 0,
        carrier: { document: "11222333000181", name: DIRTY },
        volumes: 1,
        grossWeight: 1250,
        netWeight: 1000,
      },
      payments: [
        {
          indPag: 0,
          tPag: "03",
          tBand: "01",
          value: base.payments[0]!.value,
          card: { integration: 1, acquirerCnpj: "11222333000181", authorization: DIRTY },
        },
      ],
      additionalInfo: `${DIRTY}\n${"linha ".repeat(1000)}`,
    });
    const signed = await signNFe(draft, {
      key: await importSigningKey(testKeyPem()),
      certificatePem: testCertificatePem(),
    });
    const result = validateXsd(signed.xml, "nfe_v4.00.xsd");
    expect(result.output).toBe(result.ok ? result.output : "");
    expect(result.ok).toBe(true);
    for (const field of [
      "natOp",
      "xNome",
      "xLgr",
      "nro",
      "xCpl",
      "xBairro",
      "xMun",
      "cProd",
      "xProd",
      "xJust",
      "cAut",
    ]) {
      const values = [...signed.xml.matchAll(new RegExp(`<${field}>([^<]*)</${field}>`, "g"))].map(
        (m) => m[1],
      );
      expect(values.length, field).toBeGreaterThan(0);
      for (const value of values) expect(value, field).toBe(CLEAN);
    }
    expect(signed.xml).toContain("<uCom>Ún</uCom>");
    expect(signed.xml).toContain("<email>maria@example.com</email>");
    const infCpl = /<infCpl>([^<]*)<\/infCpl>/.exec(signed.xml)![1]!;
    expect(infCpl).toHaveLength(5000);
    expect(infCpl.startsWith(`${CLEAN} linha linha`)).toBe(true);
  });

  it("refuses a draft whose text is empty once cleaned, naming the field", () => {
    const draft = fiscalDraft({ environment: 1 });
    draft.recipient = { ...draft.recipient!, name: "\n\t😀 " };
    expect(() => buildNFe(draft)).toThrow("dest/xNome vazio: informe um texto para a NF-e");
  });
});
