import { spawnSync } from "node:child_process";
import { createVerify, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  infNFeSuplElement,
  NFCE_QR_CSC_REQUIRED,
  NFCE_QR_NOT_NFCE,
  NFCE_QR_OFFLINE_REQUIRED,
  nfceQrCodeText,
  nfceSupplement,
} from "../../../src/domain/emission/nfce-qrcode";
import { canonicalize, importSigningKey } from "../../../src/lib/xmldsig";
import {
  nfceSampleItems,
  nfceSampleKey,
  nfceSampleTotal,
  nfceSampleXml,
} from "../../fixtures/nfe/nfce-samples";

/**
 * The QR code's forms as NT 2025.001 (version 3) and NT 2016.002 / the DANFE NFC-e manual v5.00
 * (version 2) give them, on worked examples: the SHA-1 hashes were computed apart with
 * `printf '%s' '<parameters><CSC>' | sha1sum`; the offline signature is verified with node:crypto;
 * and every text is written into an NFC-e that xmllint validates against procNFe_v4.00.xsd, whose
 * `infNFeSupl/qrCode` patterns are the layout's own rule for each form.
 */

const BASE = "https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode";
const ONLINE = { number: 10, items: nfceSampleItems(2) };
const OFFLINE = { number: 12, offline: true, items: nfceSampleItems(2) };
const K1 = nfceSampleKey(ONLINE);
const K9 = nfceSampleKey(OFFLINE);
const CSC = { id: "000001", code: "0123456789ABCDEF0123456789ABCDEF0123" };
const DIGEST = "bmZjZS1zYW1wbGUtZGlnZXN0LQ==";

const PROC = new URL("../../fixtures/nfe-xsd/procNFe_v4.00.xsd", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "nfce-qrcode-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function validates(xml: string) {
  const file = join(dir, "note.xml");
  writeFileSync(file, xml);
  const result = spawnSync("xmllint", ["--noout", "--schema", PROC, file], { encoding: "utf8" });
  return result.status === 0;
}

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pkcs8 = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

describe("NFC-e QR code, version 3 (NT 2025.001)", () => {
  it("online: <url>?p=<chave>|3|<tpAmb>, nothing else (no CSC)", async () => {
    const text = await nfceQrCodeText({ accessKey: K1, environment: 2, baseUrl: BASE, version: 3 });
    expect(text).toBe(`${BASE}?p=${K1}|3|2`);
    expect(validates(nfceSampleXml({ ...ONLINE, qrCode: text }))).toBe(true);
  });

  it("offline (tpEmis 9): day, vNF, the consumer's CPF and the RSA-SHA1 signature of those parameters in base64", async () => {
    const signingKey = await importSigningKey(pkcs8);
    const total = nfceSampleTotal(OFFLINE);
    const text = await nfceQrCodeText({
      accessKey: K9,
      environment: 2,
      baseUrl: BASE,
      version: 3,
      offline: {
        issuedAt: "2026-11-20T10:15:00-03:00",
        total,
        recipient: { kind: "cpf", document: "52998224725" },
        signingKey,
      },
    });
    const signed = `${K9}|3|2|20|${(total / 100).toFixed(2)}|2|52998224725`;
    expect(text.startsWith(`${BASE}?p=${signed}|`)).toBe(true);
    const signature = text.slice(`${BASE}?p=${signed}|`.length);
    expect(signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const verifier = createVerify("RSA-SHA1");
    verifier.update(signed);
    expect(verifier.verify(publicKey, Buffer.from(signature, "base64"))).toBe(true);
    expect(validates(nfceSampleXml({ ...OFFLINE, consumer: { cpf: "52998224725" }, qrCode: text }))).toBe(
      true,
    );
  });

  it("offline, unidentified consumer: both consumer fields empty; a foreign consumer: type 3 and no id", async () => {
    const signingKey = await importSigningKey(pkcs8);
    const offline = { issuedAt: "2026-11-05T23:59:00-03:00", total: 1_234_567, signingKey };
    const none = await nfceQrCodeText({
      accessKey: K9,
      environment: 1,
      baseUrl: BASE,
      version: 3,
      offline: { ...offline, recipient: null },
    });
    expect(none).toMatch(new RegExp(`\\?p=${K9}\\|3\\|1\\|05\\|12345\\.67\\|\\|\\|[A-Za-z0-9+/]+=*$`));
    const foreign = await nfceQrCodeText({
      accessKey: K9,
      environment: 1,
      baseUrl: BASE,
      version: 3,
      offline: { ...offline, recipient: { kind: "foreign" } },
    });
    expect(foreign).toContain(`|05|12345.67|3||`);
    expect(validates(nfceSampleXml({ ...OFFLINE, qrCode: none }))).toBe(true);
  });

  it("an offline key without the offline data is refused", async () => {
    await expect(
      nfceQrCodeText({ accessKey: K9, environment: 2, baseUrl: BASE, version: 3 }),
    ).rejects.toThrow(NFCE_QR_OFFLINE_REQUIRED);
    await expect(
      nfceQrCodeText({
        accessKey: K9,
        environment: 2,
        baseUrl: BASE,
        version: 3,
        offline: { issuedAt: "2026-11-20T10:15:00-03:00", total: 100, recipient: null },
      }),
    ).rejects.toThrow(NFCE_QR_OFFLINE_REQUIRED);
  });

  it("an NF-e key (model 55) is refused", async () => {
    const k55 = `${K1.slice(0, 20)}55${K1.slice(22)}`;
    await expect(
      nfceQrCodeText({ accessKey: k55, environment: 2, baseUrl: BASE, version: 3 }),
    ).rejects.toThrow(NFCE_QR_NOT_NFCE);
  });
});

describe("NFC-e QR code, version 2 (CSC)", () => {
  it("online: <chave>|2|<tpAmb>|<CSC id without leading zeros>|SHA-1(parameters + CSC) in upper-case hexadecimal", async () => {
    const text = await nfceQrCodeText({ accessKey: K1, environment: 2, baseUrl: BASE, version: 2, csc: CSC });
    expect(text).toBe(`${BASE}?p=${K1}|2|2|1|5165474F28806F626EF84AD1F9DC273E99852641`);
    expect(validates(nfceSampleXml({ ...ONLINE, qrCode: text }))).toBe(true);
  });

  it("offline: day, vNF, the DigestValue's characters in hexadecimal, the CSC id and the hash", async () => {
    const text = await nfceQrCodeText({
      accessKey: K9,
      environment: 1,
      baseUrl: `${BASE}?p=`,
      version: 2,
      csc: CSC,
      offline: { issuedAt: "2026-11-20T10:15:00-03:00", total: 1260, recipient: null, digestValue: DIGEST },
    });
    expect(text).toBe(
      `${BASE}?p=${K9}|2|1|20|12.60|626d5a6a5a53317a59573177624755745a476c6e5a584e304c513d3d|1|CCE0052615AC91CD5653976F2C522125129F8532`,
    );
    expect(validates(nfceSampleXml({ ...OFFLINE, environment: 1, qrCode: text }))).toBe(true);
  });

  it("without the CSC it is refused", async () => {
    await expect(
      nfceQrCodeText({ accessKey: K1, environment: 2, baseUrl: BASE, version: 2 }),
    ).rejects.toThrow(NFCE_QR_CSC_REQUIRED);
  });
});

describe("infNFeSupl", () => {
  it("holds qrCode then urlChave, as the builder appends it after infNFe", () => {
    expect(canonicalize(infNFeSuplElement(`${BASE}?p=${K1}|3|2`, "www.sefaz.rs.gov.br/nfce/consulta"))).toBe(
      `<infNFeSupl><qrCode>${BASE}?p=${K1}|3|2</qrCode><urlChave>www.sefaz.rs.gov.br/nfce/consulta</urlChave></infNFeSupl>`,
    );
  });

  it("nfceSupplement takes the UF's addresses and version from the table", async () => {
    const { qrCode, urlChave, infNFeSupl } = await nfceSupplement({
      uf: "PR",
      accessKey: K1,
      environment: 1,
    });
    expect(qrCode).toBe(`http://www.fazenda.pr.gov.br/nfce/qrcode?p=${K1}|3|1`);
    expect(urlChave).toBe("http://www.fazenda.pr.gov.br/nfce/consulta");
    expect(infNFeSupl.name).toBe("infNFeSupl");
    const v2 = await nfceSupplement({ uf: "PR", accessKey: K1, environment: 1, version: 2, csc: CSC });
    expect(v2.qrCode).toMatch(/\|2\|1\|1\|[0-9A-F]{40}$/);
  });
});
