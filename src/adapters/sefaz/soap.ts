/**
 * SOAP 1.2 as the NF-e web services speak it (Manual de Orientação do Contribuinte, "Padrão de
 * Comunicação"; the services' WSDLs): the message goes inside `nfeDadosMsg`, the operation's wrapper
 * element in the service's WSDL namespace, under `soap12:Body`; the action goes in the
 * `Content-Type` header's `action` parameter. Pure text: no network here.
 */
import { XMLParser } from "fast-xml-parser";

export const SOAP12_NAMESPACE = "http://www.w3.org/2003/05/soap-envelope";

/** The envelope of one operation call: `<operation xmlns=wsdlNamespace><nfeDadosMsg>message</...>`. */
export function soap12Envelope(wsdlNamespace: string, operation: string, message: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="${SOAP12_NAMESPACE}">` +
    `<soap12:Body><${operation} xmlns="${wsdlNamespace}"><nfeDadosMsg>${message}</nfeDadosMsg></${operation}></soap12:Body>` +
    `</soap12:Envelope>`
  );
}

/**
 * The envelope of the NF-e 4.00 services (NFeAutorizacao4, NFeRetAutorizacao4, NFeConsultaProtocolo4,
 * NFeRecepcaoEvento4, NFeInutilizacao4, NFeStatusServico4): their WSDLs bind the part `nfeDadosMsg`
 * (document/literal) straight under `Body`, with no operation wrapper and no `nfeCabecMsg` header.
 * Default namespaces only: a signed element inside the message (infNFe, infEvento, infInut) has the
 * same namespaces in scope in place as on its own, so its inclusive C14N digest is the same for a
 * verifier that checks it inside the envelope.
 */
export function soap12Request(wsdlNamespace: string, message: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<Envelope xmlns="${SOAP12_NAMESPACE}"><Body><nfeDadosMsg xmlns="${wsdlNamespace}">${message}</nfeDadosMsg></Body></Envelope>`
  );
}

/** `Content-Type` of a SOAP 1.2 request with its action (RFC 3902). */
export const soap12ContentType = (action: string) =>
  `application/soap+xml; charset=utf-8; action="${action}"`;

type Node = { [name: string]: unknown };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  // the documents inside a lot are base64 text: never read as numbers
  isArray: (name) => name === "docZip",
});

export type SoapBody =
  | { ok: true; body: Node }
  | { ok: false; fault: true; reason: string }
  | { ok: false; fault: false; reason: string };

const text = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "#text" in value) return String((value as Node)["#text"]);
  return "";
};

/**
 * The `Body` of a SOAP 1.2 answer, or its `Fault` (`Code/Value` and `Reason/Text`), or why the text
 * is no SOAP envelope at all (`fault: false`). A non-XML text is not an envelope.
 */
export function readSoapBody(xml: string): SoapBody {
  let document: Node;
  try {
    document = parser.parse(xml, true) as Node;
  } catch {
    return { ok: false, fault: false, reason: "resposta não é XML" };
  }
  const envelope = document.Envelope as Node | undefined;
  const body = envelope && typeof envelope === "object" ? (envelope.Body as Node | undefined) : undefined;
  if (!body || typeof body !== "object")
    return { ok: false, fault: false, reason: "resposta sem envelope SOAP" };
  const fault = body.Fault as Node | undefined;
  if (fault && typeof fault === "object") {
    const code = text((fault.Code as Node | undefined)?.Value);
    const reason = text((fault.Reason as Node | undefined)?.Text);
    return { ok: false, fault: true, reason: [code, reason].filter(Boolean).join(": ") || "SOAP Fault" };
  }
  return { ok: true, body };
}
