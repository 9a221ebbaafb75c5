// The NFC-e (model 65) checks of the SEFAZ authorizer double: the QR code of `infNFeSupl` checked
// against the rules it is built from, independently of the product's code (docs/NFE.md, "The QR code"):
// NT 2025.001 (version 3) and NT 2016.002 (version 2), as the schema's patterns of PL_010 v1.30 write
// them. Version 3 online `<url>?p=<chave>|3|<tpAmb>`; offline (tpEmis 9)
// `<url>?p=<chave>|3|<tpAmb>|<dd>|<vNF>|<tp_idDest>|<cDest>|<assinatura>`, the signature RSA-SHA1 of the
// text before it, verified here with node:crypto against the certificate of the note's own XML-DSig.
// Version 2's structure is checked (its hash needs the issuer's CSC, which the double does not hold).
// Answers [cStat, xMotivo] of the rejection, or null.
import { createPublicKey, verify, X509Certificate } from "node:crypto";

const DSIG = "http://www.w3.org/2000/09/xmldsig#";

export const NFCE_REASONS = {
  394: "Rejeição: Nota Fiscal sem a informação do QR-Code",
  395: "Rejeição: Endereço do site da UF da Consulta via QR-Code diverge do previsto",
  464: "Rejeição: Código de Hash no QR-Code difere do calculado",
  398: "Rejeição: Parâmetro do QR-Code inexistente",
  399: "Rejeição: Parâmetro do QR-Code divergente da Nota Fiscal",
  370: "Rejeição: Nota Fiscal emitida em contingência sem dhCont/xJust",
};

const elements = (node) => {
  const result = [];
  for (let item = node?.firstChild ?? null; item; item = item.nextSibling)
    if (item.nodeType === 1) result.push(item);
  return result;
};
const child = (node, name) => elements(node).find((item) => item.localName === name) ?? null;
const text = (node, name) => child(node, name)?.textContent ?? null;

const pemOf = (base64) =>
  `-----BEGIN CERTIFICATE-----\n${base64.replace(/\s+/g, "").replace(/(.{64})/g, "$1\n")}\n-----END CERTIFICATE-----\n`;

/** The QR code of an NFC-e `NFe` element checked; null when it holds (or the note is not an NFC-e). */
export function nfceQrProblem(nfe) {
  const inf = child(nfe, "infNFe");
  const ide = child(inf, "ide");
  if (text(ide, "mod") !== "65") return null;
  const reject = (cStat, detail) => [
    cStat,
    detail ? `${NFCE_REASONS[cStat]} (${detail})` : NFCE_REASONS[cStat],
  ];
  const supl = child(nfe, "infNFeSupl");
  const qrCode = text(supl, "qrCode");
  if (!supl || !qrCode) return reject(394);
  if (!(text(supl, "urlChave") ?? "").trim()) return reject(395, "urlChave vazia");
  const match = /^(https?:\/\/[^?|]+)\?p=(.+)$/.exec(qrCode.trim());
  if (!match) return reject(395, "o QR Code não é <url>?p=<parâmetros>");
  const parameters = match[2].split("|");
  const chNFe = (inf.getAttribute("Id") ?? "").slice(3);
  const tpEmis = text(ide, "tpEmis");
  const offline = tpEmis === "9";
  if (offline && (!text(ide, "dhCont") || !text(ide, "xJust"))) return reject(370);
  if (parameters[0] !== chNFe) return reject(399, "chave do QR Code diferente da chave da nota");
  if (parameters[2] !== text(ide, "tpAmb")) return reject(399, "tpAmb do QR Code diferente do da nota");
  const version = parameters[1];
  const dd = (text(ide, "dhEmi") ?? "").slice(8, 10);
  const vNF = text(child(child(inf, "total"), "ICMSTot"), "vNF");
  if (version === "3") {
    if (!offline) return parameters.length === 3 ? null : reject(398, "versão 3 on-line tem 3 parâmetros");
    if (parameters.length !== 8) return reject(398, "versão 3 off-line tem 8 parâmetros");
    const [, , , day, value, type, document, signature] = parameters;
    if (day !== dd) return reject(399, "dia de emissão do QR Code diferente do dhEmi");
    if (value !== vNF) return reject(399, "vNF do QR Code diferente do total da nota");
    const dest = child(inf, "dest");
    const cnpj = text(dest, "CNPJ");
    const cpf = text(dest, "CPF");
    const expected = cnpj ? ["1", cnpj] : cpf ? ["2", cpf] : ["", ""];
    if (type !== expected[0] || document !== expected[1])
      return reject(399, "destinatário do QR Code diferente do da nota");
    const certificate = nfe.getElementsByTagNameNS(DSIG, "X509Certificate")[0]?.textContent ?? "";
    let key;
    try {
      key = createPublicKey(
        new X509Certificate(pemOf(certificate)).publicKey.export({ format: "pem", type: "spki" }),
      );
    } catch {
      return reject(464, "certificado da assinatura ilegível");
    }
    const signed = parameters.slice(0, 7).join("|");
    const valid = verify("sha1", Buffer.from(signed, "utf8"), key, Buffer.from(signature, "base64"));
    return valid ? null : reject(464, "assinatura do QR Code off-line não confere com o certificado da nota");
  }
  if (version === "2") {
    if (parameters.length !== (offline ? 8 : 5))
      return reject(398, "versão 2 com parâmetros a mais ou a menos");
    if (!/^[0-9A-F]{40}$/.test(parameters[parameters.length - 1]))
      return reject(464, "hash não é SHA-1 hexadecimal");
    if (offline && (parameters[3] !== dd || parameters[4] !== vNF))
      return reject(399, "dia ou vNF do QR Code off-line");
    return null;
  }
  return reject(398, `versão ${version} do QR Code`);
}
