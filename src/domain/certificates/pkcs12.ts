/**
 * Reading an ICP-Brasil A1 certificate from its PKCS#12 file (.pfx, RFC 7292) inside the Worker, with
 * node-forge: pure JavaScript (no eval, no Node APIs), and the only well-kept library that decrypts
 * the legacy PBEs most ICP-Brasil .pfx files still use (pbeWithSHAAnd3-KeyTripleDES-CBC for the key,
 * pbeWithSHAAnd40BitRC2-CBC for the certificates) as well as PBES2 with AES; WebCrypto-based readers
 * (PKI.js) cannot, WebCrypto having neither 3DES nor RC2.
 *
 * What is answered: the certificate of the private key (a .pfx often carries the chain too), as PEM
 * of its original DER, its subject, validity and the CNPJ it speaks for, and the key as PKCS#8 PEM.
 * The CNPJ is the ICP-Brasil otherName 2.16.76.1.3.3 of the subjectAltName (DOC-ICP-04); when the
 * certificate has none, the 14 characters after the last ':' of the CN (the e-CNPJ's
 * `NOME EMPRESARIAL:CNPJ`). Every refusal is a message of CERTIFICATE_MESSAGES.
 */
import forge from "node-forge";
import { CERTIFICATE_MESSAGES as M } from "./messages";

/** A .pfx of an A1 certificate is a few KB; anything past this is refused before parsing. */
export const MAX_PKCS12_BYTES = 64 * 1024;

export type Pkcs12Certificate = {
  certificatePem: string;
  /** PKCS#8 PEM of the RSA private key. */
  privateKeyPem: string;
  /** The subject's distinguished name, `CN=..., OU=..., O=..., C=BR` (most specific first). */
  subject: string;
  /** The subject's CN alone. */
  commonName: string | null;
  /** 14 characters as written in the certificate (not yet checked), null when it names none. */
  cnpj: string | null;
  notBefore: string;
  notAfter: string;
};

export type Pkcs12Reading = { ok: true; certificate: Pkcs12Certificate } | { ok: false; reason: string };

const ICP_CNPJ_OID = "2.16.76.1.3.3";
const SUBJECT_ALT_NAME_OID = "2.5.29.17";

const refused = (reason: string): Pkcs12Reading => ({ ok: false, reason });
const binary = (bytes: Uint8Array) => {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
};
const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** A DER string value (OCTET STRING or any character string) as text, or null. */
function textOf(node: forge.asn1.Asn1): string | null {
  if (typeof node.value !== "string") return null;
  return node.type === forge.asn1.Type.UTF8 ? forge.util.decodeUtf8(node.value) : node.value;
}

/** The otherName 2.16.76.1.3.3 of the certificate's subjectAltName, trimmed, or null. */
function icpCnpj(certificate: forge.pki.Certificate): string | null {
  const extension = (certificate.extensions as { id: string; value: string }[]).find(
    (e) => e.id === SUBJECT_ALT_NAME_OID,
  );
  if (!extension) return null;
  let names: forge.asn1.Asn1;
  try {
    names = forge.asn1.fromDer(extension.value);
  } catch {
    return null;
  }
  for (const name of Array.isArray(names.value) ? names.value : []) {
    // otherName: [0] { type-id OID, [0] EXPLICIT value }
    if (name.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || name.type !== 0) continue;
    const [oid, wrapped] = Array.isArray(name.value) ? name.value : [];
    if (!oid || typeof oid.value !== "string" || forge.asn1.derToOid(oid.value) !== ICP_CNPJ_OID) continue;
    const inner = Array.isArray(wrapped?.value) ? wrapped.value[0] : undefined;
    const text = inner ? textOf(inner) : null;
    if (text !== null) return text.trim();
  }
  return null;
}

/** The CNPJ after the last ':' of an e-CNPJ's CN (`NOME EMPRESARIAL:11222333000181`), or null. */
const cnpjOfCommonName = (cn: string | null) => /:([0-9A-Za-z]{12}[0-9]{2})\s*$/.exec(cn ?? "")?.[1] ?? null;

/** An attribute's value as text: forge leaves a UTF8String's bytes undecoded. */
function attributeText(attribute: { value?: unknown; valueTagClass?: unknown }): string {
  const { value } = attribute;
  if (typeof value !== "string") return Array.isArray(value) ? value.join("+") : String(value);
  if (attribute.valueTagClass !== forge.asn1.Type.UTF8) return value;
  try {
    return forge.util.decodeUtf8(value);
  } catch {
    return value;
  }
}

function subjectOf(certificate: forge.pki.Certificate): { dn: string; cn: string | null } {
  const attributes = certificate.subject.attributes;
  const dn = [...attributes]
    .reverse()
    .map((a) => `${a.shortName ?? a.name ?? a.type}=${attributeText(a)}`)
    .join(", ");
  const cn = certificate.subject.getField("CN") as { value?: unknown; valueTagClass?: unknown } | null;
  return { dn, cn: cn ? attributeText(cn) : null };
}

type KeyBag = { key?: forge.pki.PrivateKey | null; asn1?: forge.asn1.Asn1 };
type CertBag = { cert?: forge.pki.Certificate | null; asn1?: forge.asn1.Asn1 };

/** forge's error for what it read, as one of the store's refusals. */
function refusalOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/MAC could not be verified|Invalid password|wrong password|Failed to decrypt/i.test(text))
    return M.wrongPassword;
  if (/unsupported|not supported/i.test(text)) return M.unsupported(text);
  return M.notPkcs12;
}

/**
 * The certificate and key of a PKCS#12 file, or why it cannot be used (validity and CNPJ are not
 * judged here: see `certificateRefusal`).
 */
export function readPkcs12(bytes: Uint8Array, password: string): Pkcs12Reading {
  if (bytes.length > MAX_PKCS12_BYTES) return refused(M.tooLarge(MAX_PKCS12_BYTES));
  const head = new TextDecoder().decode(bytes.subarray(0, 200)).trimStart();
  if (head.startsWith("-----BEGIN")) return refused(M.pemNotPkcs12);
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const der = forge.asn1.fromDer(binary(bytes), { strict: false } as never);
    p12 = forge.pkcs12.pkcs12FromAsn1(der, false, password);
  } catch (error) {
    return refused(refusalOf(error));
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ??
      []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ] as KeyBag[];
  const certBags = (p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ??
    []) as CertBag[];
  if (keyBags.length === 0) return refused(M.noPrivateKey);
  if (certBags.length === 0) return refused(M.noCertificate);
  const keyBag = keyBags[0]!;
  // forge reads RSA only: another key (EC...) is left as its ASN.1
  if (!keyBag.key) return refused(M.notRsa);
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  const certificate = certBags
    .map((bag) => bag.cert)
    .find((cert): cert is forge.pki.Certificate => {
      const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return !!publicKey?.n && publicKey.n.equals(key.n) && publicKey.e.equals(key.e);
    });
  if (!certificate) {
    const rsaCertificates = certBags.filter((bag) => bag.cert);
    return refused(rsaCertificates.length === 0 ? M.notRsa : M.keyMismatch);
  }
  const originalDer = forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes();
  const certificatePem = forge.pem.encode({ type: "CERTIFICATE", body: originalDer }).trim();
  const privateKeyPem = forge.pki
    .privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key)))
    .trim();
  const { dn, cn } = subjectOf(certificate);
  return {
    ok: true,
    certificate: {
      certificatePem,
      privateKeyPem,
      subject: dn,
      commonName: cn,
      cnpj: icpCnpj(certificate) ?? cnpjOfCommonName(cn),
      notBefore: iso(certificate.validity.notBefore),
      notAfter: iso(certificate.validity.notAfter),
    },
  };
}
