import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readDanfe } from "../../../src/domain/emission/danfe/read";
import { renderDanfe } from "../../../src/domain/emission/danfe/render";
import { nfeProcXml } from "../../../src/domain/emission/proc";
import { signNFe } from "../../../src/domain/emission/sign";
import { importSigningKey } from "../../../src/lib/xmldsig";
import { fiscalDraft, fiscalItem } from "../../support/fiscal-draft-factories";
import { testCertificatePem, testKeyPem } from "../../support/nfe-xsd";

/** What SEFAZ answers for an authorized note (retEnviNFe_v4.00.xsd's protNFe). */
const protNFe = (accessKey: string) =>
  `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${accessKey}</chNFe><dhRecbto>2026-11-26T10:15:03-03:00</dhRecbto><nProt>135260000012345</nProt><digVal>ZGlnZXN0</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`;

describe("the DANFE of a note built and signed by the service (build.ts, sign.ts, proc.ts)", () => {
  it("reads and renders it: the key, the IBS/CBS totals, every item", async () => {
    const draft = fiscalDraft({
      items: Array.from({ length: 40 }, (_, i) => fiscalItem({ code: `SKU-${i + 1}` })),
    });
    const signer = { key: await importSigningKey(testKeyPem()), certificatePem: testCertificatePem() };
    const signed = await signNFe(draft, signer);
    const xml = nfeProcXml(signed.xml, protNFe(signed.accessKey));
    const view = readDanfe(xml);
    expect(view).toMatchObject({
      accessKey: signed.accessKey,
      number: 1234,
      environment: 2,
      protocol: { number: "135260000012345" },
    });
    expect(view.items.map((item) => item.code)).toEqual(draft.items.map((item) => item.code));
    expect(view.totals.total).toBe(signed.total);
    expect(view.totals.ibsCbs).not.toBeNull();
    const pdf = await PDFDocument.load(await renderDanfe(xml));
    expect(pdf.getPageCount()).toBe(2);
  });
});
