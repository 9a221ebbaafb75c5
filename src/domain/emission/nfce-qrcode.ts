import type { Cents } from "../../lib/money";
import { element, type XmlElement } from "../../lib/xmldsig";
import type { Uf } from "../company/fiscal-profile";
import type { FiscalEnvironment } from "./model";
import { nfceAddresses, nfceQrCodeVersion } from "./nfce-urls";

/**
 * The QR code text of an NFC-e (model 65) and its `infNFeSupl` (qrCode, urlChave), written after
 * `infNFe` and before the signature in the NFe.
 *
 * Version 3 (NT 2025.001 v1.00, Manual de Padrões Técnicos do DANFE NFC-e e QR Code v6.00):
 * - online (tpEmis 1): `<url>?p=<chave>|3|<tpAmb>`; no CSC, nothing signed;
 * - offline contingency (tpEmis 9): `<url>?p=<chave>|3|<tpAmb>|<dd>|<vNF>|<tp_idDest>|<cDest>|<assinatura>`
 *   with dd the day of dhEmi (2 digits), vNF with 2 decimals and a point, tp_idDest 1 CNPJ, 2 CPF,
 *   3 foreign (its cDest then empty), both empty for an unidentified consumer, and the signature the
 *   RSA signature (PKCS#1 v1.5, SHA-1, the key of the certificate that signs the NF-e) of the
 *   parameters before it as written (`<chave>|3|…|<cDest>`), in base64.
 * Version 2 (NT 2016.002 v1.60, Manual v5.00), for a UF that still asks for it, with the issuer's CSC:
 * - online: `<url>?p=<chave>|2|<tpAmb>|<cIdToken>|<hash>`;
 * - offline: `<url>?p=<chave>|2|<tpAmb>|<dd>|<vNF>|<digVal hex>|<cIdToken>|<hash>`;
 *   cIdToken is the CSC's id without leading zeros, digVal hex the ASCII of the NF-e's DigestValue
 *   (base64) in hexadecimal, and hash the SHA-1 (hexadecimal, upper case) of the parameters before it
 *   (`<chave>|2|…|<cIdToken>`) followed by the CSC.
 * The forms are those of the patterns of `infNFeSupl/qrCode` in leiauteNFe_v4.00.xsd (PL_010 v1.30),
 * which the tests check with xmllint.
 */

export class NfceQrCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NfceQrCodeError";
  }
}

export const NFCE_QR_KEY_INVALID = (key: string) =>
  `A chave de acesso da NFC-e é inválida: ${key.slice(0, 60)}`;
export const NFCE_QR_NOT_NFCE = "A chave de acesso não é de uma NFC-e (modelo 65)";
export const NFCE_QR_CSC_REQUIRED =
  "O QR Code versão 2 exige o CSC e o seu identificador (configuração da empresa emissora)";
export const NFCE_QR_CSC_INVALID =
  "O identificador do CSC deve ter de 1 a 6 dígitos e o CSC até 36 letras ou dígitos";
export const NFCE_QR_OFFLINE_REQUIRED =
  "Uma NFC-e em contingência off-line (tpEmis 9) exige no QR Code a data de emissão, o valor total e a assinatura";
export const NFCE_QR_DIGEST_REQUIRED =
  "O QR Code versão 2 em contingência off-line exige o DigestValue da assinatura da NFC-e";
export const NFCE_QR_ISSUED_AT_INVALID = (text: string) =>
  `A data de emissão da NFC-e é inválida: ${text.slice(0, 40)}`;

/** The consumer as the offline QR code names it (`dest`): CNPJ, CPF or a foreign id. */
export type NfceQrRecipient =
  | { kind: "cnpj"; document: string }
  | { kind: "cpf"; document: string }
  | { kind: "foreign" };

export type NfceQrCodeInput = {
  /** The 44-character access key; its tpEmis (position 35) says online (1) or offline (9). */
  accessKey: string;
  environment: FiscalEnvironment;
  /** The base of the UF's QR address (nfce-urls.ts), without `?p=`. */
  baseUrl: string;
  version: 2 | 3;
  /** Required when the key's tpEmis is 9. */
  offline?: {
    /** dhEmi as written (`2026-11-20T10:15:00-03:00`): its day is the local day. */
    issuedAt: string;
    /** vNF. */
    total: Cents;
    /** dest, null for an unidentified consumer (version 3). */
    recipient: NfceQrRecipient | null;
    /** The NF-e signature's DigestValue, base64 (version 2). */
    digestValue?: string;
    /** The key of the NF-e's certificate (RSASSA-PKCS1-v1_5, SHA-1: `importSigningKey`) (version 3). */
    signingKey?: CryptoKey;
  };
  /** The issuer's CSC and its id (version 2). */
  csc?: { id: string; code: string } | null;
};

const KEY = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

function base64(bytes: ArrayBuffer): string {
  let binary = "";
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Cents as the QR code writes vNF: `123.45`. */
export const qrAmount = (cents: Cents) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

function dayOf(issuedAt: string): string {
  const parts = /^\d{4}-\d{2}-(\d{2})T/.exec(issuedAt);
  const day = parts ? Number(parts[1]) : 0;
  if (day < 1 || day > 31) throw new NfceQrCodeError(NFCE_QR_ISSUED_AT_INVALID(issuedAt));
  return parts![1]!;
}

async function sha1Upper(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text))).toUpperCase();
}

/** The emission type in the key (position 35). */
export const emissionTypeOfKey = (accessKey: string) => accessKey.charAt(34);

/** The QR code text (see the module's comment); throws `NfceQrCodeError` when an input is missing. */
export async function nfceQrCodeText(input: NfceQrCodeInput): Promise<string> {
  const { accessKey: key, environment: tpAmb, version } = input;
  if (!KEY.test(key)) throw new NfceQrCodeError(NFCE_QR_KEY_INVALID(key));
  if (key.slice(20, 22) !== "65") throw new NfceQrCodeError(NFCE_QR_NOT_NFCE);
  const offline = emissionTypeOfKey(key) === "9";
  const base = `${input.baseUrl.replace(/\?p=$/, "")}?p=`;

  if (offline && !input.offline) throw new NfceQrCodeError(NFCE_QR_OFFLINE_REQUIRED);
  if (version === 3) {
    if (!offline) return `${base}${key}|3|${tpAmb}`;
    const { issuedAt, total, recipient, signingKey } = input.offline!;
    if (!signingKey) throw new NfceQrCodeError(NFCE_QR_OFFLINE_REQUIRED);
    const [type, document] =
      recipient === null
        ? ["", ""]
        : recipient.kind === "cnpj"
          ? ["1", recipient.document]
          : recipient.kind === "cpf"
            ? ["2", recipient.document]
            : ["3", ""];
    const signed = `${key}|3|${tpAmb}|${dayOf(issuedAt)}|${qrAmount(total)}|${type}|${document}`;
    const signature = await crypto.subtle.sign(
      "RSASSA-PKCS1-v1_5",
      signingKey,
      new TextEncoder().encode(signed),
    );
    return `${base}${signed}|${base64(signature)}`;
  }

  const csc = input.csc;
  if (!csc) throw new NfceQrCodeError(NFCE_QR_CSC_REQUIRED);
  if (!/^[0-9]{1,6}$/.test(csc.id) || !/^[0-9A-Za-z]{1,36}$/.test(csc.code))
    throw new NfceQrCodeError(NFCE_QR_CSC_INVALID);
  const id = String(Number(csc.id));
  let parameters: string;
  if (!offline) parameters = `${key}|2|${tpAmb}|${id}`;
  else {
    const { issuedAt, total, digestValue } = input.offline!;
    if (!digestValue) throw new NfceQrCodeError(NFCE_QR_DIGEST_REQUIRED);
    const digestHex = hex(new TextEncoder().encode(digestValue));
    parameters = `${key}|2|${tpAmb}|${dayOf(issuedAt)}|${qrAmount(total)}|${digestHex}|${id}`;
  }
  return `${base}${parameters}|${await sha1Upper(parameters + csc.code)}`;
}

/** `infNFeSupl` with its qrCode and urlChave, to append to `NFe` after `infNFe`. */
export const infNFeSuplElement = (qrCode: string, urlChave: string): XmlElement =>
  element("infNFeSupl", {}, element("qrCode", {}, qrCode), element("urlChave", {}, urlChave));

export type NfceSupplementInput = Omit<NfceQrCodeInput, "baseUrl" | "version"> & {
  uf: Uf;
  /** Overrides the UF's version from the table (a company whose UF still takes its CSC). */
  version?: 2 | 3;
};

/** The QR code and urlChave of the note's UF (nfce-urls.ts), and `infNFeSupl` with them. */
export async function nfceSupplement(
  input: NfceSupplementInput,
): Promise<{ qrCode: string; urlChave: string; infNFeSupl: XmlElement }> {
  const addresses = nfceAddresses(input.uf, input.environment);
  const qrCode = await nfceQrCodeText({
    ...input,
    baseUrl: addresses.qrCode,
    version: input.version ?? nfceQrCodeVersion(input.uf),
  });
  return { qrCode, urlChave: addresses.urlChave, infNFeSupl: infNFeSuplElement(qrCode, addresses.urlChave) };
}
