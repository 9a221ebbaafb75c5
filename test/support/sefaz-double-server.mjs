// The national NF-e distribution service (NFeDistribuicaoDFe) on loopback for the workers tests, in a
// Node process of its own (forked by sefaz-double.setup.mjs), written from the published WSDL (SOAP
// 1.2, operation nfeDistDFeInteresse, element nfeDadosMsg), the distDFeInt/retDistDFeInt 1.01 XSDs
// and Nota Técnica 2014.002: 137 nothing found, 138 documents found (at most 50 docZip per answer,
// NSU order, gzip + base64), 656 consumption refused. Each test has its own service under
// `/sefaz/<name>` (the integration's BaseUrl) and drives it through `/_control/<name>`:
//   PUT /_control/<name>         {docs: [{nsu, schema, xml, notGzip?, duplicate?, hidden?, release?,
//                                 withoutNsu?}],
//                                 pageSize?, eventBaseUrl?}: a fresh service
//   PUT /_control/<name>/faults  ["fault" | "500" | "garbage" | "slow" | "656" | "593" | "308" | "pass"]: the
//                                 next calls fail in order (593: a rejection, the CNPJ root is not the
//                                 certificate's; 308: a permanent redirect to the same service)
//   a doc's `padTo`: its XML padded with spaces to that many bytes before gzip (inflates past a bound)
//   GET /_control/<name>/requests  the requests received (headers, body)
// The three queries of distDFeInt's choice are answered: distNSU (a page after ultNSU), consNSU (the
// document of that NSU, or 137) and consChNFe (the full NF-e of the key when the party may have it,
// else its summary, else 137). A `hidden` document is skipped by distNSU (an NSU gap in its answer)
// but answered by consNSU and consChNFe; a `release` document (a procNFe) is held until an awareness
// or a confirmation of its key is registered, then joins the distribution under the next NSU, as
// SEFAZ releases the full XML to the recipient. A `withoutNsu` document is answered only by consChNFe,
// its docZip without the NSU attribute (optional in the XSD; NT 2014.002 v1.15: a query by key needs
// no NSU generated for the document). `eventBaseUrl`: the event service of
// sefaz-event-double-server.mjs the same BaseUrl reaches (`/NFeRecepcaoEvento4/...` is forwarded
// there), so one integration's BaseUrl serves both services as SEFAZ's host does.
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";

const services = new Map();
const fresh = (settings = {}) => ({
  docs: [],
  pageSize: 50,
  faults: [],
  requests: [],
  eventBaseUrl: null,
  ...settings,
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

const ENVELOPE = (inner) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" ` +
  `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

const nsu15 = (n) => String(n).padStart(15, "0");

function answer(cStat, xMotivo, ultNSU, maxNSU, docs) {
  const lot = docs.length
    ? `<loteDistDFeInt>${docs
        .map((doc) => {
          // padTo: the XML followed by spaces up to that many bytes (a small docZip that inflates large)
          const xml = doc.padTo ? doc.xml.padEnd(doc.padTo, " ") : doc.xml;
          const bytes = doc.notGzip ? Buffer.from(xml, "utf8") : gzipSync(Buffer.from(xml, "utf8"));
          // NSU is optional (retDistDFeInt_v1.01.xsd): consChNFe may answer a document without one
          const nsu = doc.withoutNsu ? "" : ` NSU="${nsu15(doc.nsu)}"`;
          return `<docZip${nsu} schema="${doc.schema}">${bytes.toString("base64")}</docZip>`;
        })
        .join("")}</loteDistDFeInt>`
    : "";
  const now = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19);
  return ENVELOPE(
    `<nfeDistDFeInteresseResponse xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe"><nfeDistDFeInteresseResult>` +
      `<retDistDFeInt xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><tpAmb>2</tpAmb><verAplic>double</verAplic>` +
      `<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><dhResp>${now}-03:00</dhResp>` +
      `<ultNSU>${nsu15(ultNSU)}</ultNSU><maxNSU>${nsu15(maxNSU)}</maxNSU>${lot}</retDistDFeInt>` +
      `</nfeDistDFeInteresseResult></nfeDistDFeInteresseResponse>`,
  );
}

const FAULT = ENVELOPE(
  `<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code>` +
    `<soap:Reason><soap:Text xml:lang="pt-BR">Server was unable to process request</soap:Text></soap:Reason></soap:Fault>`,
);

function distribute(service, body, response) {
  const action =
    /<nfeDistDFeInteresse xmlns="http:\/\/www\.portalfiscal\.inf\.br\/nfe\/wsdl\/NFeDistribuicaoDFe"><nfeDadosMsg>(.*)<\/nfeDadosMsg><\/nfeDistDFeInteresse>/s.exec(
      body,
    );
  const request =
    action &&
    /<distDFeInt xmlns="http:\/\/www\.portalfiscal\.inf\.br\/nfe" versao="1\.01"><tpAmb>[12]<\/tpAmb><cUFAutor>\d{2}<\/cUFAutor><CNPJ>\d{14}<\/CNPJ>(?:<distNSU><ultNSU>(\d{15})<\/ultNSU><\/distNSU>|<consNSU><NSU>(\d{15})<\/NSU><\/consNSU>|<consChNFe><chNFe>(\d{44})<\/chNFe><\/consChNFe>)<\/distDFeInt>/.exec(
      action[1],
    );
  const send = (status, text) =>
    response.writeHead(status, { "Content-Type": "application/soap+xml; charset=utf-8" }).end(text);
  // a request outside the XSD: the service's own rejection (215, schema failure)
  if (!request) return send(200, answer(215, "Rejeição: Falha no schema XML", 0, 0, []));
  const served = service.docs.filter((doc) => !doc.release);
  const sorted = [...served].sort((a, b) => a.nsu - b.nsu);
  const max = sorted.length ? sorted[sorted.length - 1].nsu : 0;
  const nothing = (ult) => send(200, answer(137, "Nenhum documento localizado", ult, max, []));
  if (request[2]) {
    const doc = sorted.find((d) => d.nsu === Number(request[2]) && !d.withoutNsu);
    return doc
      ? send(200, answer(138, "Documento localizado", doc.nsu, max, [doc]))
      : nothing(Number(request[2]));
  }
  if (request[3]) {
    const ofKey = sorted.filter((d) => d.xml.includes(request[3]));
    const doc = ofKey.find((d) => d.schema.startsWith("procNFe")) ?? ofKey[0];
    return doc ? send(200, answer(138, "Documento localizado", doc.nsu, max, [doc])) : nothing(0);
  }
  const ult = Number(request[1]);
  const page = sorted
    .filter((doc) => doc.nsu > ult && !doc.hidden && !doc.withoutNsu)
    .slice(0, service.pageSize);
  if (page.length === 0) return send(200, answer(137, "Nenhum documento localizado", ult, max, []));
  const lot = page.flatMap((doc) => (doc.duplicate ? [doc, doc] : [doc]));
  return send(200, answer(138, "Documento(s) localizado(s)", page[page.length - 1].nsu, max, lot));
}

/**
 * The event service at the same host: forwarded to the event double, which checks and answers it.
 * A registered awareness (210210) or confirmation (210200) releases the held full NF-e of its key.
 */
async function forwardEvent(service, path, request, body, response) {
  if (!service.eventBaseUrl) return response.writeHead(404).end();
  const answered = await fetch(`${service.eventBaseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": request.headers["content-type"] ?? "application/soap+xml" },
    body,
  });
  const text = await answered.text();
  const key = /<chNFe>(\d{44})<\/chNFe>/.exec(body)?.[1];
  const kind = /<tpEvento>(\d{6})<\/tpEvento>/.exec(body)?.[1];
  const registered = /<retEvento[^>]*>.*?<cStat>13[56]<\/cStat>/s.test(text);
  if (key && registered && (kind === "210210" || kind === "210200")) {
    for (const doc of service.docs) {
      if (!doc.release || !doc.xml.includes(key)) continue;
      doc.release = false;
      doc.nsu = Math.max(0, ...service.docs.filter((d) => !d.release).map((d) => d.nsu)) + 1;
    }
  }
  return response
    .writeHead(answered.status, {
      "Content-Type": answered.headers.get("content-type") ?? "application/soap+xml",
    })
    .end(text);
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url, "http://127.0.0.1");
  const body = await readBody(request);
  const control = /^\/_control\/([^/]+)(\/faults|\/requests)?$/.exec(url.pathname);
  if (control) {
    const [, name, sub] = control;
    if (!sub && request.method === "PUT") services.set(name, fresh(JSON.parse(body)));
    else if (sub === "/faults" && request.method === "PUT") serviceOf(name).faults = JSON.parse(body);
    else if (sub === "/requests")
      return response.writeHead(200).end(JSON.stringify(serviceOf(name).requests));
    return response.writeHead(204).end();
  }
  const event = /^\/sefaz\/([^/]+)(\/NFeRecepcaoEvento4\/NFeRecepcaoEvento4\.asmx)$/.exec(url.pathname);
  if (event && request.method === "POST")
    return forwardEvent(serviceOf(event[1]), event[2], request, body, response);
  const call = /^\/sefaz\/([^/]+)\/NFeDistribuicaoDFe\/NFeDistribuicaoDFe\.asmx$/.exec(url.pathname);
  if (!call || request.method !== "POST") return response.writeHead(404).end();
  const service = serviceOf(call[1]);
  service.requests.push({ headers: request.headers, body });
  const fault = service.faults.shift();
  if (fault === "slow") return; // never answers: the client gives up
  if (fault === "fault")
    return response.writeHead(500, { "Content-Type": "application/soap+xml" }).end(FAULT);
  if (fault === "500")
    return response.writeHead(500, { "Content-Type": "text/html" }).end("<html>Service Unavailable</html>");
  if (fault === "garbage") return response.writeHead(200, { "Content-Type": "text/plain" }).end("}{ not xml");
  // a redirect to the same service: a client that follows it would get a normal answer
  if (fault === "308")
    return response
      .writeHead(308, { Location: `http://127.0.0.1:${server.address().port}${url.pathname}` })
      .end();
  if (fault === "593") {
    return response
      .writeHead(200, { "Content-Type": "application/soap+xml; charset=utf-8" })
      .end(
        answer(593, "Rejeição: CNPJ-Base consultado difere do CNPJ-Base do Certificado Digital", 0, 0, []),
      );
  }
  if (fault === "656") {
    return response
      .writeHead(200, { "Content-Type": "application/soap+xml; charset=utf-8" })
      .end(answer(656, "Rejeição: Consumo Indevido", 0, 0, []));
  }
  return distribute(service, body, response);
});

server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
