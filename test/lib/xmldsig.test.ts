import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { canonicalize, element, importSigningKey, pemBody, signEnveloped } from "../../src/lib/xmldsig";
import { independentlyVerified as verifiedBy } from "../support/sefaz-event-double-verify.mjs";

const NFE = "http://www.portalfiscal.inf.br/nfe";
const here = (file: string) => new URL(`../support/${file}`, import.meta.url);
const keyPem = readFileSync(here("sefaz-event-double-key.pem"), "utf8");
const certificatePem = readFileSync(here("sefaz-event-double-cert.pem"), "utf8");

const ID = "ID2102003526111234567800019555001000000123100000123401";
const infEvento = () =>
  element(
    "infEvento",
    { Id: ID },
    element("cOrgao", {}, "91"),
    element("tpAmb", {}, "2"),
    element("CNPJ", {}, "11222333000181"),
    element("chNFe", {}, "35261112345678000195550010000001231000001234"),
    element("dhEvento", {}, "2026-11-26T10:00:00-03:00"),
    element("tpEvento", {}, "210200"),
    element("nSeqEvento", {}, "1"),
    element("verEvento", {}, "1.00"),
    element("detEvento", { versao: "1.00" }, element("descEvento", {}, "Confirmacao da Operacao")),
  );

/** The canonical infEvento written by hand from C14N 1.0's rules (the inherited xmlns on the apex). */
const CANONICAL_INF_EVENTO =
  '<infEvento xmlns="http://www.portalfiscal.inf.br/nfe" Id="ID2102003526111234567800019555001000000123100000123401"><cOrgao>91</cOrgao><tpAmb>2</tpAmb><CNPJ>11222333000181</CNPJ><chNFe>35261112345678000195550010000001231000001234</chNFe><dhEvento>2026-11-26T10:00:00-03:00</dhEvento><tpEvento>210200</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Confirmacao da Operacao</descEvento></detEvento></infEvento>';

/**
 * Computed outside this code with OpenSSL over the bytes above and over the canonical SignedInfo:
 * `printf %s "$INF" | openssl dgst -sha1 -binary | base64` and
 * `printf %s "$SIGNED_INFO" | openssl dgst -sha1 -sign sefaz-event-double-key.pem | base64 -w0`
 * (RSASSA-PKCS1-v1_5 is deterministic, so the same key and bytes give the same value).
 */
const OPENSSL_DIGEST = "EpzD8fri1j72IB6Y2P++/nhFepg=";
const OPENSSL_SIGNATURE =
  "t3LRdxUzxxcUDu2J0bPzNfVFWb3l2D0iHZNxtjXJLTzf9oiC3re4qqYunKdPxtmoK8aCi2Cb0Q63DkGPFnTCbWYbPTMp86IbJByQ4t3OB/+GiDPKKqXRoGEBLG7oZM+eYFnfYL9A9s9FpzPheLUKqrrYxwsMNv/u78sGfh0DqZ1rZnneMVXp3akNtyJhUKsiITumLQ6nhCX4rIK4SJmdwtAYCMrgTstLS37CJjGaB6YNgW4/w6MWoy1q3lopwf+ZgJUQ97kdbvojW/3Cxzghi4hCrUOZ3eBo6f4NSDLgDw8AXjreTjmoYNPXCFg68eXrIZnM6S1rhTFdo7Hdv7xkbg==";

async function signedEvento() {
  const target = infEvento();
  const key = await importSigningKey(keyPem);
  const signature = await signEnveloped({ target, inheritedNamespace: NFE, key, certificatePem });
  const evento = element("evento", { xmlns: NFE, versao: "1.00" }, target, signature);
  return { evento, signature, xml: canonicalize(evento) };
}

const text = (node: { children: unknown[] }) => node.children[0] as string;
const child = (node: { children: unknown[] }, name: string) =>
  node.children.find((c) => typeof c === "object" && (c as { name: string }).name === name) as {
    name: string;
    children: unknown[];
  };

/** xml-crypto (node:crypto underneath) checks the document as a verifier receives it. */
const independentlyVerified = (xml: string) => verifiedBy(xml, certificatePem);

describe("canonicalize (C14N 1.0 for the trees the service builds)", () => {
  it("renders the inherited default namespace on the apex, sorts attributes and writes empty elements in full", () => {
    expect(canonicalize(infEvento(), NFE)).toBe(CANONICAL_INF_EVENTO);
    expect(canonicalize(element("a", { z: "1", b: "2", Id: "3" }, element("e")))).toBe(
      '<a Id="3" b="2" z="1"><e></e></a>',
    );
  });

  it("declares a namespace only where it changes and escapes text and attributes as C14N does", () => {
    const tree = element(
      "root",
      { xmlns: "urn:a", note: 'a "b" <c> & \t\n\r' },
      element("same", { xmlns: "urn:a" }, "x & y < z > w\r"),
      element("other", { xmlns: "urn:b" }, element("inner")),
    );
    expect(canonicalize(tree)).toBe(
      '<root xmlns="urn:a" note="a &quot;b&quot; &lt;c> &amp; &#x9;&#xA;&#xD;"><same>x &amp; y &lt; z &gt; w&#xD;</same><other xmlns="urn:b"><inner></inner></other></root>',
    );
  });

  it("refuses names it cannot canonicalise (prefixes, empty)", () => {
    expect(() => canonicalize(element("a:b"))).toThrow(TypeError);
    expect(() => canonicalize(element("a", { "x:y": "1" }))).toThrow(TypeError);
  });
});

describe("signEnveloped (RSA-SHA1 through WebCrypto)", () => {
  it("gives the digest and the signature value OpenSSL computes for the same bytes and key", async () => {
    const { signature } = await signedEvento();
    const signedInfo = child(signature, "SignedInfo");
    const reference = child(signedInfo, "Reference") as unknown as {
      attributes: Record<string, string>;
      children: unknown[];
    };
    expect(reference.attributes.URI).toBe(`#${ID}`);
    expect(text(child(reference, "DigestValue"))).toBe(OPENSSL_DIGEST);
    expect(text(child(signature, "SignatureValue"))).toBe(OPENSSL_SIGNATURE);
    const x509 = child(child(child(signature, "KeyInfo"), "X509Data"), "X509Certificate");
    expect(text(x509)).toBe(pemBody(certificatePem, "CERTIFICATE"));
  });

  it("writes a document that an independent verifier (xml-crypto) accepts, and refuses once altered", async () => {
    const { xml } = await signedEvento();
    expect(xml.startsWith(`<evento xmlns="${NFE}" versao="1.00"><infEvento Id="${ID}">`)).toBe(true);
    expect(xml).toContain('</infEvento><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>');
    expect(independentlyVerified(xml)).toBe(true);
    expect(independentlyVerified(xml.replace("<tpAmb>2</tpAmb>", "<tpAmb>1</tpAmb>"))).toBe(false);
  });

  it("refuses an element without Id and a key that is not PKCS#8", async () => {
    const key = await importSigningKey(keyPem);
    await expect(
      signEnveloped({ target: element("infEvento"), inheritedNamespace: NFE, key, certificatePem }),
    ).rejects.toThrow(TypeError);
    await expect(importSigningKey("not a key")).rejects.toThrow(TypeError);
  });
});
