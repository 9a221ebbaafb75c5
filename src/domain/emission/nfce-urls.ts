import type { Uf } from "../company/fiscal-profile";
import type { FiscalEnvironment } from "./model";

/**
 * The NFC-e (model 65) addresses of each UF, per environment (`tpAmb` 1 production, 2
 * homologation), as data:
 * - `qrCode`: the base of the QR code's text (`<qrCode>` of `infNFeSupl`), to which `?p=` and the
 *   parameters are appended (nfce-qrcode.ts);
 * - `urlChave`: the "consulta por chave de acesso" address written in `infNFeSupl/urlChave` and printed
 *   on the DANFE NFC-e above the key, as the UF publishes it (some without a scheme: that is how the
 *   list gives them, and how the DANFE prints them).
 *
 * Sources (docs/NFE.md, "NFC-e (model 65)"): the UFs' lists published on the Portal Nacional da NFC-e
 * ("URLs dos serviços de consulta da NFC-e"; the urlChave of NT 2015.002 and the Manual de Padrões
 * Técnicos do DANFE NFC-e e QR Code), as kept in the public repository nfephp-org/sped-nfe
 * (`storage/wsnfe_4.00_mod65.xml`, `NfeConsultaQR`; `storage/uri_consulta_nfce.json`), commit
 * 3b44ec9f (23 Jun 2026; last changes to these addresses: GO's QR address 30 Jun 2025, v3 in
 * homologation for every UF 8 Jul 2025).
 *
 * `qrCodeVersion`: the QR code layout the UF receives. NT 2025.001 v1.00 (March 2025) defines
 * version 3 (no CSC; offline notes signed with the issuer's certificate) and every authorizer
 * accepts it in production since 1 Sep 2025; version 2 (CSC) stays valid without an end date. No UF
 * was found that refuses version 3, so every row says 3; a UF that still asks for version 2 is one
 * change here, and the issuer's CSC (an optional setting) is then used (nfce-qrcode.ts).
 */

export type NfceAddresses = { qrCode: string; urlChave: string };
export type NfceUfRow = {
  production: NfceAddresses;
  homologation: NfceAddresses;
  qrCodeVersion: 2 | 3;
};

const row = (
  production: [qrCode: string, urlChave: string],
  homologation: [qrCode: string, urlChave: string],
  qrCodeVersion: 2 | 3 = 3,
): NfceUfRow => ({
  production: { qrCode: production[0], urlChave: production[1] },
  homologation: { qrCode: homologation[0], urlChave: homologation[1] },
  qrCodeVersion,
});

/** Every UF (the 26 states and DF): production, then homologation. */
export const NFCE_URLS: Readonly<Record<Uf, NfceUfRow>> = {
  AC: row(
    ["http://www.sefaznet.ac.gov.br/nfce/qrcode", "www.sefaznet.ac.gov.br/nfce/consulta"],
    ["http://www.hml.sefaznet.ac.gov.br/nfce/qrcode", "www.sefaznet.ac.gov.br/nfce/consulta"],
  ),
  AL: row(
    ["http://nfce.sefaz.al.gov.br/QRCode/consultarNFCe.jsp", "www.sefaz.al.gov.br/nfce/consulta"],
    ["http://nfce.sefaz.al.gov.br/QRCode/consultarNFCe.jsp", "www.sefaz.al.gov.br/nfce/consulta"],
  ),
  AM: row(
    ["https://sistemas.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp", "www.sefaz.am.gov.br/nfce/consulta"],
    ["https://sistemas.sefaz.am.gov.br/nfceweb-hom/consultarNFCe.jsp", "www.sefaz.am.gov.br/nfce/consulta"],
  ),
  AP: row(
    ["https://www.sefaz.ap.gov.br/nfce/nfcep.php", "www.sefaz.ap.gov.br/nfce/consulta"],
    ["https://www.sefaz.ap.gov.br/nfcehml/nfce.php", "www.sefaz.ap.gov.br/nfce/consulta"],
  ),
  BA: row(
    ["http://nfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx", "http://www.sefaz.ba.gov.br/nfce/consulta"],
    [
      "http://hnfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx",
      "http://hinternet.sefaz.ba.gov.br/nfce/consulta",
    ],
  ),
  CE: row(
    ["http://nfce.sefaz.ce.gov.br/pages/ShowNFCe.html", "www.sefaz.ce.gov.br/nfce/consulta"],
    ["http://nfceh.sefaz.ce.gov.br/pages/ShowNFCe.html", "www.sefaz.ce.gov.br/nfce/consulta"],
  ),
  DF: row(
    ["http://www.fazenda.df.gov.br/nfce/qrcode", "www.fazenda.df.gov.br/nfce/consulta"],
    ["http://dec.fazenda.df.gov.br/ConsultarNFCe.aspx", "www.fazenda.df.gov.br/nfce/consulta"],
  ),
  ES: row(
    ["http://app.sefaz.es.gov.br/ConsultaNFCe/qrcode.aspx", "www.sefaz.es.gov.br/nfce/consulta"],
    ["http://homologacao.sefaz.es.gov.br/ConsultaNFCe/qrcode.aspx", "www.sefaz.es.gov.br/nfce/consulta"],
  ),
  GO: row(
    ["https://nfeweb.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe", "www.sefaz.go.gov.br/nfce/consulta"],
    [
      "https://nfewebhomolog.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe",
      "www.nfce.go.gov.br/post/ver/214413/consulta-nfc-e-homologacao",
    ],
  ),
  MA: row(
    ["http://www.nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp", "www.sefaz.ma.gov.br/nfce/consulta"],
    ["http://www.hom.nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp", "www.sefaz.ma.gov.br/nfce/consulta"],
  ),
  MG: row(
    [
      "https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml",
      "https://portalsped.fazenda.mg.gov.br/portalnfce",
    ],
    [
      "https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml",
      "https://hportalsped.fazenda.mg.gov.br/portalnfce",
    ],
  ),
  MS: row(
    ["http://www.dfe.ms.gov.br/nfce/qrcode", "http://www.dfe.ms.gov.br/nfce/consulta"],
    ["http://www.dfe.ms.gov.br/nfce/qrcode", "http://www.dfe.ms.gov.br/nfce/consulta"],
  ),
  MT: row(
    ["http://www.sefaz.mt.gov.br/nfce/consultanfce", "http://www.sefaz.mt.gov.br/nfce/consultanfce"],
    [
      "http://homologacao.sefaz.mt.gov.br/nfce/consultanfce",
      "http://homologacao.sefaz.mt.gov.br/nfce/consultanfce",
    ],
  ),
  PA: row(
    [
      "https://appnfc.sefa.pa.gov.br/portal/view/consultas/nfce/nfceForm.seam",
      "www.sefa.pa.gov.br/nfce/consulta",
    ],
    [
      "https://appnfc.sefa.pa.gov.br/portal-homologacao/view/consultas/nfce/nfceForm.seam",
      "www.sefa.pa.gov.br/nfce/consulta",
    ],
  ),
  PB: row(
    ["http://www.sefaz.pb.gov.br/nfce", "www.sefaz.pb.gov.br/nfce/consulta"],
    ["http://www.sefaz.pb.gov.br/nfcehom", "www.sefaz.pb.gov.br/nfcehom"],
  ),
  PE: row(
    ["http://nfce.sefaz.pe.gov.br/nfce/consulta", "nfce.sefaz.pe.gov.br/nfce/consulta"],
    ["http://nfcehomolog.sefaz.pe.gov.br/nfce/consulta", "nfce.sefaz.pe.gov.br/nfce/consulta"],
  ),
  PI: row(
    ["http://www.sefaz.pi.gov.br/nfce/qrcode", "www.sefaz.pi.gov.br/nfce/consulta"],
    ["http://www.sefaz.pi.gov.br/nfce/qrcode", "www.sefaz.pi.gov.br/nfce/consulta"],
  ),
  PR: row(
    ["http://www.fazenda.pr.gov.br/nfce/qrcode", "http://www.fazenda.pr.gov.br/nfce/consulta"],
    ["http://www.fazenda.pr.gov.br/nfce/qrcode", "http://www.fazenda.pr.gov.br/nfce/consulta"],
  ),
  RJ: row(
    ["https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode", "www.fazenda.rj.gov.br/nfce/consulta"],
    ["http://www4.fazenda.rj.gov.br/consultaNFCe/QRCode", "www.fazenda.rj.gov.br/nfce/consulta"],
  ),
  RN: row(
    ["http://nfce.set.rn.gov.br/consultarNFCe.aspx", "www.set.rn.gov.br/nfce/consulta"],
    ["http://hom.nfce.set.rn.gov.br/consultarNFCe.aspx", "www.set.rn.gov.br/nfce/consulta"],
  ),
  RO: row(
    ["http://www.nfce.sefin.ro.gov.br/consultanfce/consulta.jsp", "www.sefin.ro.gov.br/nfce/consulta"],
    ["http://www.nfce.sefin.ro.gov.br/consultanfce/consulta.jsp", "www.sefin.ro.gov.br/nfce/consulta"],
  ),
  RR: row(
    ["https://www.sefaz.rr.gov.br/servlet/qrcode", "www.sefaz.rr.gov.br/nfce/consulta"],
    ["http://200.174.88.103:8080/nfce/servlet/qrcode", "www.sefaz.rr.gov.br/nfce/consulta"],
  ),
  RS: row(
    ["https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx", "www.sefaz.rs.gov.br/nfce/consulta"],
    ["https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx", "www.sefaz.rs.gov.br/nfce/consulta"],
  ),
  SC: row(
    ["https://sat.sef.sc.gov.br/nfce/consulta", "https://sat.sef.sc.gov.br/nfce/consulta"],
    ["https://hom.sat.sef.sc.gov.br/nfce/consulta", "https://hom.sat.sef.sc.gov.br/nfce/consulta"],
  ),
  SE: row(
    ["http://www.nfce.se.gov.br/nfce/qrcode", "http://www.nfce.se.gov.br/nfce/consulta"],
    ["http://www.hom.nfe.se.gov.br/nfce/qrcode", "http://www.hom.nfe.se.gov.br/nfce/consulta"],
  ),
  SP: row(
    ["https://www.nfce.fazenda.sp.gov.br/qrcode", "https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica"],
    [
      "https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode",
      "https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica",
    ],
  ),
  TO: row(
    ["http://www.sefaz.to.gov.br/nfce/qrcode", "www.sefaz.to.gov.br/nfce/consulta"],
    [
      "http://homologacao.sefaz.to.gov.br/nfce/qrcode",
      "http://homologacao.sefaz.to.gov.br/nfce/consulta.jsf",
    ],
  ),
};

/** The addresses of `uf` in `environment` (1 production, 2 homologation). */
export function nfceAddresses(uf: Uf, environment: FiscalEnvironment): NfceAddresses {
  const entry = NFCE_URLS[uf];
  return environment === 1 ? entry.production : entry.homologation;
}

/** The QR code layout version `uf` receives (2 asks for the CSC). */
export const nfceQrCodeVersion = (uf: Uf): 2 | 3 => NFCE_URLS[uf].qrCodeVersion;
