import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * XSD validation of the XML the emission builds, with xmllint (libxml2-utils) against the official
 * schema package vendored in test/fixtures/nfe-xsd (PL_010 v1.30, see its SOURCES.md).
 */
const XSD_DIR = fileURLToPath(new URL("../fixtures/nfe-xsd/", import.meta.url));

export type XsdEntry =
  | "nfe_v4.00.xsd"
  | "enviNFe_v4.00.xsd"
  | "procNFe_v4.00.xsd"
  | "retEnviNFe_v4.00.xsd"
  | "envEventoCancNFe_v1.00.xsd"
  | "procEventoCancNFe_v1.00.xsd"
  | "envCCe_v1.00.xsd"
  | "procCCeNFe_v1.00.xsd"
  | "inutNFe_v4.00.xsd"
  | "procInutNFe_v4.00.xsd";

/** xmllint's verdict: ok, or its messages (the first lines). */
export function validateXsd(xml: string, schema: XsdEntry): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "nfe-xsd-"));
  try {
    const file = join(dir, "doc.xml");
    writeFileSync(file, xml, "utf8");
    const run = spawnSync("xmllint", ["--noout", "--schema", join(XSD_DIR, schema), file], {
      encoding: "utf8",
    });
    if (run.error) throw run.error;
    return { ok: run.status === 0, output: `${run.stderr}`.split("\n").slice(0, 8).join("\n") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The test key and certificate of the SEFAZ doubles (test/support/sefaz-event-double-*.pem). */
export const testKeyPem = () =>
  readFileSync(new URL("./sefaz-event-double-key.pem", import.meta.url), "utf8");
export const testCertificatePem = () =>
  readFileSync(new URL("./sefaz-event-double-cert.pem", import.meta.url), "utf8");
