import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type NfceSample, nfceSampleItems, nfceSampleXml } from "../../fixtures/nfe/nfce-samples";

/** The schemas of PL_010 v1.30, vendored unchanged (test/fixtures/nfe-xsd/SOURCES.md). */
const PROC = new URL("../../fixtures/nfe-xsd/procNFe_v4.00.xsd", import.meta.url).pathname;
const NFE = new URL("../../fixtures/nfe-xsd/nfe_v4.00.xsd", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "nfce-samples-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function xmllint(xml: string, schema: string) {
  const file = join(dir, "note.xml");
  writeFileSync(file, xml);
  const result = spawnSync("xmllint", ["--noout", "--schema", schema, file], { encoding: "utf8" });
  return { status: result.status, stderr: result.stderr };
}

const valid = { status: 0, stderr: expect.stringContaining("validates") };

describe("the DANFE NFC-e's sample notes are valid (xmllint)", () => {
  it.each<[string, NfceSample]>([
    [
      "an online note, unidentified consumer, cash with change",
      {
        number: 10,
        items: nfceSampleItems(3),
        payments: [{ tPag: "01", cents: 5000 }],
      },
    ],
    [
      "an online note in production with a CPF, a discount, card and cash",
      {
        number: 11,
        environment: 1,
        items: nfceSampleItems(5),
        consumer: { cpf: "52998224725", name: "Maria da Silva" },
        discountCents: 100,
        payments: [
          { tPag: "03", cents: 1000 },
          { tPag: "01", cents: 20000 },
        ],
      },
    ],
    ["an offline note transmitted and authorized", { number: 12, offline: true, items: nfceSampleItems(2) }],
  ])("nfeProc: %s", (_, sample) => {
    expect(xmllint(nfceSampleXml(sample), PROC)).toEqual(valid);
  });

  it("the offline note not yet transmitted (bare NFe, with a CPF in its QR code)", () => {
    const xml = nfceSampleXml({
      number: 13,
      offline: true,
      pending: true,
      consumer: { cpf: "52998224725" },
      items: nfceSampleItems(2),
    });
    expect(xmllint(xml, NFE)).toEqual(valid);
  });

  it("and the check can fail: an online note carrying the offline QR form does not validate", () => {
    const xml = nfceSampleXml({ number: 14, items: nfceSampleItems(1) }).replace(
      /\|3\|2<\/qrCode>/,
      "|3|2|20|3.50|||c2ln</qrCode>",
    );
    expect(xml).toContain("|3|2|20|");
    expect(xmllint(xml, PROC).status).not.toBe(0);
  });
});
