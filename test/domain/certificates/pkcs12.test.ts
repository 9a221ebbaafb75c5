import { describe, expect, it } from "vitest";
import { CERTIFICATE_MESSAGES as M } from "../../../src/domain/certificates/messages";
import { MAX_PKCS12_BYTES, readPkcs12 } from "../../../src/domain/certificates/pkcs12";
import {
  PFX,
  PFX_BRANCH_CNPJ,
  PFX_CNPJ,
  PFX_OTHER_ROOT_CNPJ,
  PFX_PASSWORD,
  VALID_CERTIFICATE_PEM,
  VALID_KEY_PEM,
} from "../../fixtures/certificates/pfx";

/** The PKCS#12 reader on the generated fixtures (test/fixtures/certificates/SOURCES.md), in Node. */
const bytes = (base64: string) => Uint8Array.from(Buffer.from(base64, "base64"));
const read = (name: keyof typeof PFX, password = PFX_PASSWORD) => readPkcs12(bytes(PFX[name]), password);
const pemBody = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, "");

describe("readPkcs12", () => {
  it("reads the 3DES, AES-256 and legacy RC2-40 packs, keeping the certificate's DER and the ICP-Brasil CNPJ", () => {
    const des = read("valid3des");
    expect(des).toMatchObject({
      ok: true,
      certificate: {
        cnpj: PFX_CNPJ,
        notBefore: "2026-01-01T00:00:00Z",
        notAfter: "2060-01-01T00:00:00Z",
        subject: "CN=EMPRESA TESTE LTDA:11222333000181, OU=Certificado PJ A1, O=ICP-Brasil, C=BR",
        commonName: "EMPRESA TESTE LTDA:11222333000181",
      },
    });
    if (!des.ok) throw new Error(des.reason);
    expect(pemBody(des.certificate.certificatePem)).toBe(pemBody(VALID_CERTIFICATE_PEM));
    expect(pemBody(des.certificate.privateKeyPem)).toBe(pemBody(VALID_KEY_PEM));
    expect(read("validAes")).toMatchObject({ ok: true, certificate: { cnpj: PFX_BRANCH_CNPJ } });
    expect(read("legacyRc2")).toMatchObject({ ok: true, certificate: { cnpj: PFX_CNPJ } });
    expect(read("withChain")).toMatchObject({ ok: true, certificate: { cnpj: PFX_CNPJ } });
    expect(read("otherRoot")).toMatchObject({ ok: true, certificate: { cnpj: PFX_OTHER_ROOT_CNPJ } });
  });

  it("falls back to the CN's CNPJ only when there is no otherName", () => {
    expect(read("cnOnly")).toMatchObject({
      ok: true,
      certificate: { cnpj: PFX_CNPJ, commonName: `EMPRESA SÓ NO CN LTDA:${PFX_CNPJ}` },
    });
    expect(read("noOtherName")).toMatchObject({ ok: true, certificate: { cnpj: null } });
  });

  it("refuses what cannot be used, each with its reason", () => {
    expect(read("valid3des", "errada")).toEqual({ ok: false, reason: M.wrongPassword });
    expect(read("validAes", "")).toEqual({ ok: false, reason: M.wrongPassword });
    expect(read("noKey")).toEqual({ ok: false, reason: M.noPrivateKey });
    expect(read("noCertificate")).toEqual({ ok: false, reason: M.noCertificate });
    expect(read("mismatch")).toEqual({ ok: false, reason: M.keyMismatch });
    expect(read("ec")).toEqual({ ok: false, reason: M.notRsa });
    expect(readPkcs12(new TextEncoder().encode(VALID_CERTIFICATE_PEM), PFX_PASSWORD)).toEqual({
      ok: false,
      reason: M.pemNotPkcs12,
    });
    expect(
      readPkcs12(
        Uint8Array.from({ length: 3000 }, (_, i) => (i * 37) % 256),
        "x",
      ),
    ).toEqual({
      ok: false,
      reason: M.notPkcs12,
    });
    expect(readPkcs12(new Uint8Array(MAX_PKCS12_BYTES + 1), "x")).toEqual({
      ok: false,
      reason: M.tooLarge(MAX_PKCS12_BYTES),
    });
  });
});
