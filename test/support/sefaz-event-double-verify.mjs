// The independent XML-DSig check of the signer's unit tests (the double's own check lives in
// sefaz-event-double-server.mjs): xml-crypto parses the document with @xmldom/xmldom, canonicalises
// with its own C14N and verifies with node:crypto. Kept in JavaScript so the type-checked project
// never loads xmldom's types (they pull the DOM library in, against the Workers types).
import { DOMParser } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";

const DSIG = "http://www.w3.org/2000/09/xmldsig#";

/** Whether the document's first Signature verifies against `certificatePem`. */
export function independentlyVerified(xml, certificatePem) {
  const document = new DOMParser().parseFromString(xml, "text/xml");
  const signature = document.getElementsByTagNameNS(DSIG, "Signature")[0];
  if (!signature) return false;
  const verifier = new SignedXml({ publicCert: certificatePem, idAttributes: ["Id"] });
  verifier.loadSignature(signature);
  try {
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}
