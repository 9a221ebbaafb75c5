/**
 * XML-DSig for the XML this service builds itself (SEFAZ events): an enveloped signature with
 * Canonical XML 1.0 (inclusive, without comments), SHA-1 digest and RSA-SHA1 signature through
 * WebCrypto, as the NF-e "Manual de Orientação do Contribuinte" requires (docs/SEFAZ.md,
 * "Manifestação"). It is not a general XML-DSig library: the tree it signs is the one it serialises
 * (no parsing, no comments, no processing instructions, default namespace declarations only), so the
 * canonical form is simply how the tree is written.
 */

export const DSIG_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#";
export const C14N_ALGORITHM = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
export const ENVELOPED_SIGNATURE = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
export const RSA_SHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
export const SHA1_DIGEST = "http://www.w3.org/2000/09/xmldsig#sha1";

/** An element: its name (no prefix), attributes (`xmlns` declares the default namespace), children. */
export type XmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
};
export type XmlNode = XmlElement | string;

/** An element with its attributes and children (text children are strings). */
export function element(
  name: string,
  attributes: Record<string, string> = {},
  ...children: (XmlNode | null | undefined)[]
): XmlElement {
  return { name, attributes, children: children.filter((child): child is XmlNode => child != null) };
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Text escaping of C14N 1.0 (section 2.3, text nodes). */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#xD;");
}

/** Attribute value escaping of C14N 1.0 (section 2.3, attribute nodes). */
function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/"/g, "&quot;")
    .replace(/\t/g, "&#x9;")
    .replace(/\n/g, "&#xA;")
    .replace(/\r/g, "&#xD;");
}

/** Code-point order of attribute names (all in no namespace here, so C14N's order is the local name's). */
function byCodePoint(a: string, b: string): number {
  const left = Array.from(a, (c) => c.codePointAt(0)!);
  const right = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i]! - right[i]!;
  }
  return left.length - right.length;
}

function write(node: XmlElement, renderedNamespace: string, inScope: string, out: string[]): void {
  if (!NAME.test(node.name)) throw new TypeError(`xmldsig: unsupported element name ${node.name}`);
  const namespace = node.attributes.xmlns ?? inScope;
  out.push("<", node.name);
  // the default namespace declaration is output where it differs from the nearest output ancestor's
  if (namespace !== renderedNamespace) out.push(' xmlns="', escapeAttribute(namespace), '"');
  const names = Object.keys(node.attributes)
    .filter((name) => name !== "xmlns")
    .sort(byCodePoint);
  for (const name of names) {
    if (!NAME.test(name)) throw new TypeError(`xmldsig: unsupported attribute name ${name}`);
    out.push(" ", name, '="', escapeAttribute(node.attributes[name]!), '"');
  }
  out.push(">");
  for (const child of node.children) {
    if (typeof child === "string") out.push(escapeText(child));
    else write(child, namespace, namespace, out);
  }
  out.push("</", node.name, ">");
}

/**
 * The canonical form (C14N 1.0, inclusive, no comments) of an element as the apex of a document
 * subset: `inheritedNamespace` is the default namespace in scope from its ancestors, which C14N
 * renders on the apex. With no inherited namespace it is also how a whole document is written.
 */
export function canonicalize(node: XmlElement, inheritedNamespace = ""): string {
  const out: string[] = [];
  write(node, "", inheritedNamespace, out);
  return out.join("");
}

function base64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = "";
  for (let i = 0; i < view.length; i += 0x8000) {
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The base64 body of a PEM block (`-----BEGIN <label>-----`), without line breaks. */
export function pemBody(pem: string, label: string): string {
  const match = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`).exec(pem);
  if (!match) throw new TypeError(`xmldsig: no ${label} PEM block`);
  return match[1]!.replace(/\s+/g, "");
}

/**
 * The RSA private key for RSA-SHA1 signatures: PKCS#8 DER bytes or its PEM (`PRIVATE KEY`).
 * Not extractable: the key never leaves WebCrypto once imported.
 */
export async function importSigningKey(pkcs8: Uint8Array | string): Promise<CryptoKey> {
  const der = typeof pkcs8 === "string" ? fromBase64(pemBody(pkcs8, "PRIVATE KEY")) : pkcs8;
  return crypto.subtle.importKey(
    "pkcs8",
    der as Uint8Array<ArrayBuffer>,
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-1" },
    false,
    ["sign"],
  );
}

export type SignatureInput = {
  /** The element to sign; its `Id` attribute is the Reference URI (`#<Id>`). */
  target: XmlElement;
  /** The default namespace the target inherits from its ancestors in the sent document. */
  inheritedNamespace: string;
  key: CryptoKey;
  /** The signer's X.509 certificate, PEM (`CERTIFICATE`): written in `X509Data/X509Certificate`. */
  certificatePem: string;
};

/**
 * The enveloped `Signature` of `target`, to be appended by the caller as the layout places it (for
 * NF-e events: after `infEvento`, inside `evento`). Reference `#Id` with the transforms
 * enveloped-signature and C14N 1.0, SHA-1 digest of the canonical target, SignedInfo canonicalised
 * (C14N 1.0) and signed with RSA-SHA1; KeyInfo carries the certificate.
 */
export async function signEnveloped(input: SignatureInput): Promise<XmlElement> {
  const id = input.target.attributes.Id;
  if (!id) throw new TypeError("xmldsig: the element to sign has no Id attribute");
  const encoder = new TextEncoder();
  const digest = await crypto.subtle.digest(
    "SHA-1",
    encoder.encode(canonicalize(input.target, input.inheritedNamespace)),
  );
  const signedInfo = element(
    "SignedInfo",
    {},
    element("CanonicalizationMethod", { Algorithm: C14N_ALGORITHM }),
    element("SignatureMethod", { Algorithm: RSA_SHA1 }),
    element(
      "Reference",
      { URI: `#${id}` },
      element(
        "Transforms",
        {},
        element("Transform", { Algorithm: ENVELOPED_SIGNATURE }),
        element("Transform", { Algorithm: C14N_ALGORITHM }),
      ),
      element("DigestMethod", { Algorithm: SHA1_DIGEST }),
      element("DigestValue", {}, base64(digest)),
    ),
  );
  const signature = await crypto.subtle.sign(
    "RSASSA-PKCS1-v1_5",
    input.key,
    encoder.encode(canonicalize(signedInfo, DSIG_NAMESPACE)),
  );
  return element(
    "Signature",
    { xmlns: DSIG_NAMESPACE },
    signedInfo,
    element("SignatureValue", {}, base64(signature)),
    element(
      "KeyInfo",
      {},
      element("X509Data", {}, element("X509Certificate", {}, pemBody(input.certificatePem, "CERTIFICATE"))),
    ),
  );
}
