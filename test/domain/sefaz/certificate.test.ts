import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { certificateValidity, isPrivateKeyPem } from "../../../src/domain/sefaz/certificate";

const pem = (name: string) => readFileSync(new URL(`../../fixtures/sefaz/${name}`, import.meta.url), "utf8");

/** The DER reader against Node's own X.509 parser (OpenSSL): two implementations agree. */
describe("certificateValidity", () => {
  for (const name of ["valid-until-2036.pem", "expired-2025-01-01.pem", "valid-until-2060.pem"]) {
    it(`reads ${name} as OpenSSL does`, () => {
      const text = pem(name);
      const reference = new X509Certificate(text);
      const read = certificateValidity(text);
      expect(read).not.toBeNull();
      expect(Date.parse(read!.notAfter)).toBe(Date.parse(reference.validTo));
      expect(Date.parse(read!.notBefore)).toBe(Date.parse(reference.validFrom));
      expect(reference.subject).toContain(`CN=${read!.subject}`);
    });
  }

  it("reads UTCTime and GeneralizedTime exactly", () => {
    expect(certificateValidity(pem("expired-2025-01-01.pem"))).toMatchObject({
      notBefore: "2024-01-01T00:00:00Z",
      notAfter: "2025-01-01T00:00:00Z",
      subject: "EMPRESA VENCIDA LTDA:11222333000181",
    });
    expect(certificateValidity(pem("valid-until-2060.pem"))?.notAfter).toBe("2060-01-01T00:00:00Z");
  });

  it("answers null for anything that is not one certificate", () => {
    const good = pem("valid-until-2036.pem");
    const body = good.split("\n").slice(1, -2).join("");
    expect(certificateValidity("")).toBeNull();
    expect(certificateValidity("not a certificate")).toBeNull();
    expect(certificateValidity(good + good)).toBeNull();
    expect(
      certificateValidity(`-----BEGIN CERTIFICATE-----\n${body.slice(0, 200)}\n-----END CERTIFICATE-----`),
    ).toBeNull();
    expect(certificateValidity("-----BEGIN CERTIFICATE-----\n@@@@\n-----END CERTIFICATE-----")).toBeNull();
    expect(certificateValidity("-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----")).toBeNull();
  });
});

describe("isPrivateKeyPem", () => {
  it("takes PKCS#8 and PKCS#1 PEM blocks only", () => {
    expect(isPrivateKeyPem("-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----")).toBe(true);
    expect(isPrivateKeyPem("-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----\n")).toBe(
      true,
    );
    expect(isPrivateKeyPem(pem("valid-until-2036.pem"))).toBe(false);
    expect(isPrivateKeyPem("secret")).toBe(false);
  });
});
