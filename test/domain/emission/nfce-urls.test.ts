import { describe, expect, it } from "vitest";
import { UFS } from "../../../src/domain/company/fiscal-profile";
import { NFCE_URLS, nfceAddresses, nfceQrCodeVersion } from "../../../src/domain/emission/nfce-urls";

describe("the NFC-e addresses of every UF (nfce-urls.ts)", () => {
  it("has exactly the 26 states and the Federal District", () => {
    expect(Object.keys(NFCE_URLS).sort()).toEqual([...UFS].sort());
  });

  describe.each(UFS.flatMap((uf) => [[uf, 1] as const, [uf, 2] as const]))(
    "%s, tpAmb %i",
    (uf, environment) => {
      it("has a QR code base (http or https, no query) and a urlChave of 21 to 85 characters (infNFeSupl/urlChave)", () => {
        const { qrCode, urlChave } = nfceAddresses(uf, environment);
        expect(qrCode).toMatch(/^https?:\/\/[^?\s|]+$/);
        expect(urlChave.length).toBeGreaterThanOrEqual(21);
        expect(urlChave.length).toBeLessThanOrEqual(85);
        expect(urlChave).not.toMatch(/\s/);
        // the online v3 text this base gives is at least the schema's 60 characters
        expect(`${qrCode}?p=${"3".repeat(44)}|3|${environment}`.length).toBeGreaterThanOrEqual(60);
      });
    },
  );

  it("answers production and homologation apart, as the UFs publish them", () => {
    expect(nfceAddresses("SP", 1)).toEqual({
      qrCode: "https://www.nfce.fazenda.sp.gov.br/qrcode",
      urlChave: "https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica",
    });
    expect(nfceAddresses("SP", 2)).toEqual({
      qrCode: "https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode",
      urlChave: "https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica",
    });
    expect(nfceAddresses("BA", 2).urlChave).toBe("http://hinternet.sefaz.ba.gov.br/nfce/consulta");
    expect(nfceAddresses("RS", 1).qrCode).toBe("https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx");
  });

  it("every UF takes the QR code version 3 (NT 2025.001)", () => {
    for (const uf of UFS) expect(nfceQrCodeVersion(uf)).toBe(3);
  });
});
