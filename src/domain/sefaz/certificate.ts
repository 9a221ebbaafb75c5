/**
 * The validity of an X.509 certificate (RFC 5280 §4.1) read from its PEM: a small DER walk to
 * `tbsCertificate.validity` (`notBefore`, `notAfter`, UTCTime or GeneralizedTime) and the subject's
 * CN. Pure and dependency-free: a full X.509 library (@peculiar/x509 with its ASN.1 schema stack)
 * is far larger than this one need, and the certificate's signature is checked by the TLS peer, not
 * here. Answers null for anything that is not one certificate.
 */

type Element = { tag: number; start: number; end: number; contentStart: number };

/** The DER element at `offset` (definite lengths only, as DER requires). */
function element(bytes: Uint8Array, offset: number, limit: number): Element | null {
  if (offset + 2 > limit) return null;
  const tag = bytes[offset]!;
  let length = bytes[offset + 1]!;
  let contentStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || contentStart + count > limit) return null;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[contentStart + i]!;
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit) return null;
  return { tag, start: offset, end, contentStart };
}

/** The children of a constructed element. */
function children(bytes: Uint8Array, parent: Element): Element[] | null {
  const list: Element[] = [];
  let offset = parent.contentStart;
  while (offset < parent.end) {
    const child = element(bytes, offset, parent.end);
    if (!child) return null;
    list.push(child);
    offset = child.end;
  }
  return list;
}

const SEQUENCE = 0x30;
const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;
const ascii = (bytes: Uint8Array, e: Element) =>
  String.fromCharCode(...bytes.subarray(e.contentStart, e.end));

/** ISO 8601 UTC of a UTCTime (`YYMMDDHHMMSSZ`, years 50-99 are 19xx) or GeneralizedTime (`YYYYMMDDHHMMSSZ`). */
function timeOf(bytes: Uint8Array, e: Element): string | null {
  const text = ascii(bytes, e);
  const utc = e.tag === UTC_TIME ? text.match(/^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/) : null;
  const generalized =
    e.tag === GENERALIZED_TIME ? text.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/) : null;
  const match = utc ?? generalized;
  if (!match) return null;
  const yy = Number(match[1]);
  const year = utc ? (yy >= 50 ? 1900 + yy : 2000 + yy) : yy;
  const [, , mo, d, h, mi, s] = match;
  const iso = `${String(year).padStart(4, "0")}-${mo}-${d}T${h}:${mi}:${s}Z`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

const CN_OID = [0x06, 0x03, 0x55, 0x04, 0x03];

/** The subject's commonName (first CN found), or null. */
function commonName(bytes: Uint8Array, subject: Element): string | null {
  for (const set of children(bytes, subject) ?? []) {
    for (const pair of children(bytes, set) ?? []) {
      const [oid, value] = children(bytes, pair) ?? [];
      if (!oid || !value) continue;
      const oidBytes = bytes.subarray(oid.start, oid.end);
      if (oidBytes.length === CN_OID.length && CN_OID.every((b, i) => oidBytes[i] === b)) {
        return new TextDecoder().decode(bytes.subarray(value.contentStart, value.end));
      }
    }
  }
  return null;
}

export type CertificateValidity = { notBefore: string; notAfter: string; subject: string | null };

/** The DER bytes of a single `-----BEGIN CERTIFICATE-----` block, or null. */
function derOfPem(pem: string): Uint8Array | null {
  const blocks = [
    ...pem.matchAll(/-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/g),
  ];
  if (blocks.length !== 1) return null;
  try {
    return Uint8Array.from(atob(blocks[0]![1]!.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export function certificateValidity(pem: string): CertificateValidity | null {
  const bytes = derOfPem(pem);
  if (!bytes) return null;
  const certificate = element(bytes, 0, bytes.length);
  if (!certificate || certificate.tag !== SEQUENCE || certificate.end !== bytes.length) return null;
  const [tbs] = children(bytes, certificate) ?? [];
  if (!tbs || tbs.tag !== SEQUENCE) return null;
  const fields = children(bytes, tbs);
  if (!fields) return null;
  // version [0] EXPLICIT is optional (absent in v1 certificates)
  const rest = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields;
  // serialNumber, signature, issuer, validity, subject
  const validity = rest[3];
  const subject = rest[4];
  if (!validity || validity.tag !== SEQUENCE) return null;
  const [notBefore, notAfter] = children(bytes, validity) ?? [];
  if (!notBefore || !notAfter) return null;
  const before = timeOf(bytes, notBefore);
  const after = timeOf(bytes, notAfter);
  if (!before || !after) return null;
  return { notBefore: before, notAfter: after, subject: subject ? commonName(bytes, subject) : null };
}

/** The certificate's `subjectPublicKeyInfo` (DER), or null when the PEM is not one certificate. */
export function publicKeyInfoOf(pem: string): Uint8Array | null {
  const bytes = derOfPem(pem);
  if (!bytes) return null;
  const certificate = element(bytes, 0, bytes.length);
  if (!certificate || certificate.tag !== SEQUENCE) return null;
  const [tbs] = children(bytes, certificate) ?? [];
  const fields = tbs && tbs.tag === SEQUENCE ? children(bytes, tbs) : null;
  if (!fields) return null;
  const rest = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields;
  // serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo
  const info = rest[5];
  return info && info.tag === SEQUENCE ? bytes.slice(info.start, info.end) : null;
}

const RSA = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-1" } as const;

/**
 * Whether the private key (PEM, PKCS#8 RSA) is the one of the certificate's public key (same modulus
 * and exponent), `unreadable` when the key or the certificate's key cannot be read as RSA.
 */
export async function keyMatchesCertificate(
  privateKeyPem: string,
  certificatePem: string,
): Promise<"match" | "mismatch" | "unreadable"> {
  const info = publicKeyInfoOf(certificatePem);
  const body = /-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\s]+)-----END PRIVATE KEY-----/.exec(privateKeyPem);
  if (!info || !body) return "unreadable";
  try {
    const der = Uint8Array.from(atob(body[1]!.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
    const [privateKey, publicKey] = await Promise.all([
      crypto.subtle.importKey("pkcs8", der, RSA, true, ["sign"]),
      crypto.subtle.importKey("spki", info, RSA, true, ["verify"]),
    ]);
    const [own, certified] = (await Promise.all([
      crypto.subtle.exportKey("jwk", privateKey),
      crypto.subtle.exportKey("jwk", publicKey),
    ])) as JsonWebKey[];
    return own!.n === certified!.n && own!.e === certified!.e ? "match" : "mismatch";
  } catch {
    return "unreadable";
  }
}

/** A PEM private key (PKCS#8 or PKCS#1), as the manifest signer takes it. */
export const isPrivateKeyPem = (pem: string) =>
  /^-----BEGIN (RSA )?PRIVATE KEY-----[A-Za-z0-9+/=\s]+-----END (RSA )?PRIVATE KEY-----\s*$/.test(
    `${pem.trim()}\n`,
  );
