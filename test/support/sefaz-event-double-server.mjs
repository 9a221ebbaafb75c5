// SEFAZ's event service (NFeRecepcaoEvento4, operation nfeRecepcaoEventoNF, SOAP 1.2) on loopback for
// the workers tests, in a Node process of its own (forked by sefaz-event-double.setup.mjs), written
// from the published WSDL, the envEvento/retEnvEvento schemas and NT 2012.002 (docs/SEFAZ.md,
// "Manifestação"). It checks the signature INDEPENDENTLY of the product's signer: xml-crypto (DOM
// parsing, its own C14N, node:crypto) verifies the XML-DSig against the certificate the double
// trusts, and the SignedInfo must use exactly the algorithms the manual fixes. Each test uses its
// own service under `/ev/<name>` (the adapter's baseUrl) and drives it through `/_control/<name>`:
//   PUT  /_control/<name>            {tpAmb?, unlinkedKeys?}: a fresh service (environment 2 by
//        default; events on `unlinkedKeys` answer 136, registered but not linked)
//   PUT  /_control/<name>/faults     ["fault"|"500"|"garbage"|"slow"|"308"|"lost"|"pass"]: the next
//        requests fail in order: a SOAP 1.2 Fault (HTTP 500), a bare 500, a 200 that is not XML, no
//        answer until the client gives up, a permanent redirect to the same service, the event
//        processed and registered but its answer never sent (a resend then gets 573), answered normally
//   GET  /_control/<name>/requests   what the service received (headers, body)
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { DOMParser } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";

const NFE = "http://www.portalfiscal.inf.br/nfe";
const WSDL = "http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4";
const SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const SERVICE_PATH = "/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx";

const trusted = readFileSync(new URL("./sefaz-event-double-cert.pem", import.meta.url), "utf8");
const trustedBody = trusted.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, "");
const trustedCnpjRoot = /:(\d{14})/.exec(new X509Certificate(trusted).subject)[1].slice(0, 8);

const DESCRIPTIONS = {
  210200: "Confirmacao da Operacao",
  210210: "Ciencia da Operacao",
  210220: "Desconhecimento da Operacao",
  210240: "Operacao nao Realizada",
};
const CONCLUSIVE = new Set(["210200", "210220", "210240"]);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

const services = new Map();
let protocols = 0;
const fresh = (settings = {}) => ({
  tpAmb: "2",
  unlinkedKeys: [],
  ...settings,
  registered: new Map(),
  faults: [],
  requests: [],
});
const serviceOf = (name) => {
  if (!services.has(name)) services.set(name, fresh());
  return services.get(name);
};

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

const envelope = (inner) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12}"><soap:Body><nfeRecepcaoEventoNFResult xmlns="${WSDL}">${inner}</nfeRecepcaoEventoNFResult></soap:Body></soap:Envelope>`;
const soapFault = (code, text) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12}"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:${code}</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt-BR">${text}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`;
const escapeXml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const brasiliaNow = () => `${new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;

/** retEnvEvento refusing the whole lot (schema, signature...). */
const lotRefused = (service, cStat, xMotivo) =>
  envelope(
    `<retEnvEvento versao="1.00" xmlns="${NFE}"><idLote>0</idLote><tpAmb>${service.tpAmb}</tpAmb><verAplic>DOUBLE-1.0</verAplic><cOrgao>91</cOrgao><cStat>${cStat}</cStat><xMotivo>${escapeXml(xMotivo)}</xMotivo></retEnvEvento>`,
  );

const lotProcessed = (service, idLote, event) =>
  envelope(
    `<retEnvEvento versao="1.00" xmlns="${NFE}"><idLote>${idLote}</idLote><tpAmb>${service.tpAmb}</tpAmb><verAplic>DOUBLE-1.0</verAplic><cOrgao>91</cOrgao><cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo><retEvento versao="1.00"><infEvento><tpAmb>${service.tpAmb}</tpAmb><verAplic>DOUBLE-1.0</verAplic><cOrgao>91</cOrgao><cStat>${event.cStat}</cStat><xMotivo>${escapeXml(event.xMotivo)}</xMotivo><chNFe>${event.chNFe}</chNFe><tpEvento>${event.tpEvento}</tpEvento><xEvento>${DESCRIPTIONS[event.tpEvento] ?? ""}</xEvento><nSeqEvento>1</nSeqEvento><CNPJDest>${event.cnpj}</CNPJDest>${event.nProt ? `<dhRegEvento>${event.dhRegEvento}</dhRegEvento><nProt>${event.nProt}</nProt>` : ""}</infEvento></retEvento></retEnvEvento>`,
  );

/** The element children of a DOM node (text and whitespace left out). */
const elements = (node) => Array.from(node.childNodes).filter((child) => child.nodeType === 1);
const childText = (node, name) => {
  const found = elements(node).find((child) => child.localName === name);
  return found ? found.textContent : null;
};

/**
 * The layout of one evento (leiauteConfRecebto 1.00): the reason it breaks it, or null. Element
 * order is the schema's sequence.
 */
function layoutProblem(evento, _service) {
  if (evento.getAttribute("versao") !== "1.00") return "evento versao diferente de 1.00";
  const [inf, signature, ...rest] = elements(evento);
  if (inf?.localName !== "infEvento" || inf.namespaceURI !== NFE) return "evento sem infEvento";
  if (signature?.localName !== "Signature" || signature.namespaceURI !== DSIG)
    return "evento sem Signature depois de infEvento";
  if (rest.length) return "evento com elementos a mais";
  const order = elements(inf)
    .map((child) => child.localName)
    .join(",");
  if (order !== "cOrgao,tpAmb,CNPJ,chNFe,dhEvento,tpEvento,nSeqEvento,verEvento,detEvento")
    return `infEvento fora do leiaute: ${order}`;
  const value = (name) => childText(inf, name);
  const tpEvento = value("tpEvento");
  const chNFe = value("chNFe");
  const nSeq = value("nSeqEvento");
  if (!/^\d{44}$/.test(chNFe)) return "chNFe inválida";
  if (!DESCRIPTIONS[tpEvento]) return `tpEvento ${tpEvento} não é de manifestação`;
  if (nSeq !== "1") return "nSeqEvento deve ser 1";
  if (inf.getAttribute("Id") !== `ID${tpEvento}${chNFe}${nSeq.padStart(2, "0")}`) return "Id inválido";
  if (value("cOrgao") !== "91") return "cOrgao deve ser 91 (Ambiente Nacional)";
  if (!/^\d{14}$/.test(value("CNPJ"))) return "CNPJ inválido";
  if (!DATE_TIME.test(value("dhEvento"))) return "dhEvento fora do formato AAAA-MM-DDThh:mm:ssTZD";
  if (value("verEvento") !== "1.00") return "verEvento deve ser 1.00";
  const det = elements(inf).find((child) => child.localName === "detEvento");
  if (det.getAttribute("versao") !== "1.00") return "detEvento versao diferente de 1.00";
  const detOrder = elements(det)
    .map((child) => child.localName)
    .join(",");
  const justification = childText(det, "xJust");
  if (childText(det, "descEvento") !== DESCRIPTIONS[tpEvento])
    return "descEvento não corresponde ao tpEvento";
  if (tpEvento === "210240") {
    if (detOrder !== "descEvento,xJust") return "xJust obrigatório para 210240";
    if (justification.length < 15 || justification.length > 255)
      return "xJust deve ter de 15 a 255 caracteres";
  } else if (detOrder !== "descEvento") return "xJust só é aceito para 210240";
  return null;
}

/**
 * The signature as SEFAZ checks it: the manual's algorithms exactly (else 298), the certificate the
 * double trusts, whose CNPJ root is the author's (else 213), and the digest and value (else 297).
 */
function signatureProblem(xml, evento) {
  const signature = elements(evento).find((child) => child.localName === "Signature");
  const inf = elements(evento)[0];
  const signedInfo = elements(signature).find((child) => child.localName === "SignedInfo");
  if (!signedInfo) return [298, "Rejeição: Assinatura difere do padrão do Sistema"];
  const algorithm = (node, name) =>
    elements(node)
      .find((child) => child.localName === name)
      ?.getAttribute("Algorithm");
  const reference = elements(signedInfo).find((child) => child.localName === "Reference");
  const transforms = reference
    ? elements(elements(reference).find((child) => child.localName === "Transforms") ?? reference)
        .filter((child) => child.localName === "Transform")
        .map((child) => child.getAttribute("Algorithm"))
    : [];
  const standard =
    algorithm(signedInfo, "CanonicalizationMethod") === C14N &&
    algorithm(signedInfo, "SignatureMethod") === `${DSIG}rsa-sha1` &&
    reference?.getAttribute("URI") === `#${inf.getAttribute("Id")}` &&
    transforms.join(" ") === `${DSIG}enveloped-signature ${C14N}` &&
    algorithm(reference, "DigestMethod") === `${DSIG}sha1`;
  if (!standard) return [298, "Rejeição: Assinatura difere do padrão do Sistema"];
  const certificate = signature
    .getElementsByTagNameNS(DSIG, "X509Certificate")[0]
    ?.textContent.replace(/\s+/g, "");
  if (certificate !== trustedBody) return [290, "Rejeição: Certificado Assinatura inválido"];
  if (childText(inf, "CNPJ").slice(0, 8) !== trustedCnpjRoot)
    return [213, "Rejeição: CNPJ-Base do Autor difere do CNPJ-Base do Certificado Digital"];
  const verifier = new SignedXml({ publicCert: trusted, idAttributes: ["Id"] });
  verifier.loadSignature(signature);
  let valid = false;
  try {
    valid = verifier.checkSignature(xml);
  } catch {
    valid = false;
  }
  return valid ? null : [297, "Rejeição: Assinatura difere do calculado"];
}

function answerEvent(service, body) {
  const document = new DOMParser({ onError: () => {} }).parseFromString(body, "text/xml");
  const root = document.documentElement;
  if (root?.localName !== "Envelope" || root.namespaceURI !== SOAP12)
    return { status: 500, body: soapFault("VersionMismatch", "Envelope SOAP 1.2 esperado") };
  const message = root.getElementsByTagNameNS(WSDL, "nfeDadosMsg")[0];
  const envEvento = message && elements(message)[0];
  if (envEvento?.localName !== "envEvento" || envEvento.namespaceURI !== NFE)
    return { status: 500, body: soapFault("Sender", "nfeDadosMsg sem envEvento") };
  const idLote = childText(envEvento, "idLote") ?? "";
  const eventos = elements(envEvento).filter((child) => child.localName === "evento");
  if (envEvento.getAttribute("versao") !== "1.00" || !/^\d{1,15}$/.test(idLote) || eventos.length !== 1)
    return { status: 200, body: lotRefused(service, 215, "Rejeição: Falha no schema XML do lote de evento") };
  const [evento] = eventos;
  const layout = layoutProblem(evento, service);
  if (layout)
    return { status: 200, body: lotRefused(service, 215, `Rejeição: Falha no schema XML (${layout})`) };
  const signature = signatureProblem(body, evento);
  if (signature) return { status: 200, body: lotRefused(service, ...signature) };
  const inf = elements(evento)[0];
  const value = (name) => childText(inf, name);
  if (value("tpAmb") !== service.tpAmb)
    return {
      status: 200,
      body: lotRefused(service, 252, "Rejeição: Ambiente informado diverge do Ambiente de recebimento"),
    };
  const chNFe = value("chNFe");
  const tpEvento = value("tpEvento");
  const cnpj = value("CNPJ");
  const key = `${chNFe}/${cnpj}`;
  const registered = service.registered.get(key) ?? [];
  const base = { chNFe, tpEvento, cnpj };
  if (registered.includes(tpEvento))
    return {
      status: 200,
      body: lotProcessed(service, idLote, {
        ...base,
        cStat: 573,
        xMotivo: "Rejeição: Duplicidade de evento",
      }),
    };
  if (registered.some((event) => CONCLUSIVE.has(event)))
    return {
      status: 200,
      body: lotProcessed(service, idLote, {
        ...base,
        cStat: 655,
        xMotivo:
          "Rejeição: Evento de Ciência da Operação informado após a manifestação final do destinatário",
      }),
    };
  service.registered.set(key, [...registered, tpEvento]);
  protocols += 1;
  const unlinked = service.unlinkedKeys.includes(chNFe);
  return {
    status: 200,
    body: lotProcessed(service, idLote, {
      ...base,
      cStat: unlinked ? 136 : 135,
      xMotivo: unlinked
        ? "Evento registrado, mas não vinculado a NF-e"
        : "Evento registrado e vinculado a NF-e",
      nProt: `891${chNFe.slice(2, 4)}${String(protocols).padStart(10, "0")}`,
      dhRegEvento: brasiliaNow(),
    }),
  };
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url, "http://double");
  const body = await readBody(request);
  const control = /^\/_control\/([\w-]+)(\/faults|\/requests)?$/.exec(url.pathname);
  if (control) {
    const [, name, what] = control;
    if (!what && request.method === "PUT") services.set(name, fresh(JSON.parse(body || "{}")));
    else if (what === "/faults" && request.method === "PUT") serviceOf(name).faults = JSON.parse(body);
    else if (what === "/requests" && request.method === "GET")
      return response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify(serviceOf(name).requests));
    else return response.writeHead(405).end();
    return response.writeHead(204).end();
  }
  const service = /^\/ev\/([\w-]+)(\/.*)$/.exec(url.pathname);
  if (!service || service[2] !== SERVICE_PATH || request.method !== "POST")
    return response.writeHead(404).end();
  const state = serviceOf(service[1]);
  state.requests.push({ headers: request.headers, body });
  const fault = state.faults.shift();
  if (fault === "slow") return; // never answers: the client's timeout ends the exchange
  if (fault === "fault")
    return response
      .writeHead(500, { "Content-Type": "application/soap+xml; charset=utf-8" })
      .end(soapFault("Receiver", "Server was unable to process request. ---> Erro interno"));
  if (fault === "500")
    return response
      .writeHead(500, { "Content-Type": "text/html" })
      .end("<html><body>Internal Server Error</body></html>");
  if (fault === "308")
    return response
      .writeHead(308, { Location: `http://127.0.0.1:${server.address().port}${url.pathname}` })
      .end();
  if (fault === "garbage")
    return response
      .writeHead(200, { "Content-Type": "application/soap+xml" })
      .end("\u0000not xml at all <<<");
  const contentType = request.headers["content-type"] ?? "";
  if (!contentType.startsWith("application/soap+xml"))
    return response
      .writeHead(415, { "Content-Type": "application/soap+xml; charset=utf-8" })
      .end(soapFault("Sender", "Content-Type application/soap+xml esperado (SOAP 1.2)"));
  const answer = answerEvent(state, body);
  // registered, but the answer is lost on the way back: the client's timeout ends the exchange
  if (fault === "lost") return;
  response
    .writeHead(answer.status, { "Content-Type": "application/soap+xml; charset=utf-8" })
    .end(answer.body);
});

server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
