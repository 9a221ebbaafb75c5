import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { danfeBenchSample, danfeSampleItems, danfeSampleXml } from "../../fixtures/nfe/danfe-samples";
import { cnpjOf } from "../../fixtures/nfe/generate";

/** The nfeProc schema of PL_010 v1.30, vendored unchanged (test/fixtures/nfe-xsd/SOURCES.md). */
const SCHEMA = new URL("../../fixtures/nfe-xsd/procNFe_v4.00.xsd", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "danfe-samples-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function xmllint(xml: string) {
  const file = join(dir, "nfeProc.xml");
  writeFileSync(file, xml);
  const result = spawnSync("xmllint", ["--noout", "--schema", SCHEMA, file], { encoding: "utf8" });
  return { status: result.status, stderr: result.stderr };
}

describe("the DANFE's sample notes are valid nfeProc (procNFe_v4.00.xsd, xmllint)", () => {
  it.each([
    ["the benchmark's 100-item note with IBS/CBS, carrier and instalments", danfeBenchSample()],
    [
      "a Simples Nacional note in production, no IBS/CBS",
      { number: 5, items: danfeSampleItems(3), simples: true, environment: 1 as const },
    ],
    [
      "an entry note with accents and entities",
      {
        number: 6,
        entryExit: 0 as const,
        items: [{ code: "A&B", description: "Pão <francês> & café", quantity: 2, unitCents: 350 }],
        infCpl: "Devolução: ação & reação",
      },
    ],
    [
      "a note issued in SVC-AN contingency with 40 instalments",
      { number: 8, items: danfeSampleItems(2), contingency: true, installments: 40 },
    ],
    [
      "an issuer with an alphanumeric CNPJ",
      { number: 7, items: danfeSampleItems(1), issuerCnpj: cnpjOf("12ABC3450001") },
    ],
  ])("%s", (_, sample) => {
    expect(xmllint(danfeSampleXml(sample))).toEqual({
      status: 0,
      stderr: expect.stringContaining("validates"),
    });
  });

  it("and the check can fail: a note without its natOp does not validate", () => {
    const xml = danfeSampleXml({ number: 5, items: danfeSampleItems(1) }).replace(
      /<natOp>[^<]*<\/natOp>/,
      "",
    );
    expect(xmllint(xml).status).not.toBe(0);
  });
});
