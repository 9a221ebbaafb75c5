// A SEFAZ authorizer (NF-e 4.00 web services, SOAP 1.2) on loopback for the workers tests, in a Node
// process of its own (forked by sefaz-authorizer-double.setup.mjs), written from the services' WSDLs,
// the schemas of package PL_010 (test/fixtures/nfe-xsd) and the Manual de Orientação do Contribuinte's
// codes (docs/NFE-SEFAZ.md). Services (identified by the SOAP action and the `nfeDadosMsg` namespace,
// under any path): NFeAutorizacao4, NFeRetAutorizacao4, NFeConsultaProtocolo4, NFeRecepcaoEvento4
// (110111 cancellation, 110110 CC-e), NFeInutilizacao4, NFeStatusServico4.
//
// Each request is checked as SEFAZ checks it: a SOAP 1.2 envelope with `nfeDadosMsg` (in the WSDL
// namespace of the action) straight under Body (else a SOAP Fault, HTTP 500); the message validated
// by `xmllint` against its XSD (else 225 for an enviNFe, 215 otherwise, with xmllint's first line in
// xMotivo); the XML-DSig of each NFe/evento/inutNFe verified INDEPENDENTLY of the product's signer with
// xml-crypto against the certificate in its KeyInfo (298 algorithms other than the manual's, 290
// certificate unreadable, 213 CNPJ root other than the certificate's, 297 digest/value wrong); the
// key's check digit (236) and fields (502); tpAmb (252). The double's own answers are validated
// against the ret* XSDs too (a SOAP Fault "double:" if one is not: a defect of the double).
//
// Answers follow what the double remembers (authorized keys with their protNFe, numbers used,
// receipts, events, voided ranges) unless a scripted step says otherwise. Scripts are per issuer CNPJ
// (read from emit/CNPJ, the event's CNPJ, infInut/CNPJ, the consulted key, the receipt's note) and, for
// the status service (no CNPJ), per LABEL: the first path segment of the URL (the tests' baseUrl is
// `<url>/<label>`). Each call takes the next step of its script; none left: the remembered answer.
//
// Control (JSON):
//   PUT /_control/<cnpj>   {script?: Step[], tpAmb?: "1"|"2", schema?: boolean, keepMemory?: boolean}:
//                          a fresh issuer (its memory forgotten unless keepMemory: then only the
//                          script and settings change); schema false skips xmllint (benchmarks)
//   PUT /_control/<label>  {script?: Step[], outage?: null|"stop"|"stall"|"108"|"109"}: a fresh
//                          authorizer label; an outage holds for every call under it until changed:
//                          stop (connection closed), stall (no answer), 108/109 (every service answers
//                          it), null (back again)
//   PUT /_control/<cnpj>   ... {outages?: {normal?: Outage, svc?: Outage}, statusScript?: Step[]}: the
//                          issuer's own outages per authorizer KIND (normal: its UF's authorizer;
//                          svc: its UF's SVC-AN/SVC-RS, told apart by the service path of the
//                          authorizers' table and the UF), Outage = "stop" | "stall" | "108" | "109"
//                          | "garbage" | null (back again); they hold for the issuer's calls and for
//                          the status service called under the label <cnpj> (a baseUrl
//                          `<url>/<cnpj>`), whose scripted steps are `statusScript`
//   GET /_control/requests?id=<cnpj or label>  what the double received, in order: {label, cnpj,
//                          service, action, path, contentType, body, open (the issuer's requests
//                          open when it arrived, itself included)}
// Steps: "stall" (no answer), "stop" (connection closed), "lost" (processed and remembered, never
//   answered), "garbage" (200, not XML), "fault" (SOAP Fault, 500), "500" (HTML), "503", "401",
//   "redirect" (307 to the same URL), "large" (200 of 2 MiB), or a cStat: a code string ("100",
//   "110", "301", "302", "204", "539", "656", "108", "109", "103", "105", "217", "135", "573", "501",
//   "580", "102"...) or {cStat, xMotivo?, untilNext?} (untilNext: answered when the issuer's next
//   request arrives, at most 10 s later). For an NF-e: 100/150/110/301/302 authorize or deny it;
//   103 receives the lot (NFeRetAutorizacao4 then takes the next step, 100 by default); 204 and 539
//   remember the key (539: another key of the same number) as authorized before, as a lost earlier
//   send would have; lot-level codes (103, 105, 106, 108, 109, 215, 225, 252, 656) answer the lot;
//   others are the note's rejection in its protNFe. Events and voids: 135/102 register, others refuse.
// Contingency (SVC): an NF-e signed with tpEmis other than the SVC's (6 SVC-AN, 7 SVC-RS) sent to an
//   SVC is answered 713, and a tpEmis 6/7 NF-e sent to the UF's normal authorizer 570, as SEFAZ does.
// NFC-e (model 65): the QR code of infNFeSupl is checked against its rules (sefaz-authorizer-double-nfce.mjs:
//   394/395/398/399/464/370 in the note's protNFe when it does not hold).
import { spawn } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { DOMParser } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import { nfceQrProblem } from "./sefaz-authorizer-double-nfce.mjs";

const NFE = "http://www.portalfiscal.inf.br/nfe";
const WSDL = "http://www.portalfiscal.inf.br/nfe/wsdl";
const SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const XSD_DIR = fileURLToPath(new URL("../fixtures/nfe-xsd/", import.meta.url));
const VERSION = "DOUBLE-4.00";

/** Service → its WSDL operation, the message it takes, the answer it gives. */
const SERVICES = {
  NFeAutorizacao4: { operation: "nfeAutorizacaoLote", message: "enviNFe", answer: "retEnviNFe" },
  NFeRetAutorizacao4: {
    operation: "nfeRetAutorizacaoLote",
    message: "consReciNFe",
    answer: "retConsReciNFe",
  },
  NFeConsultaProtocolo4: { operation: "nfeConsultaNF", message: "consSitNFe", answer: "retConsSitNFe" },
  NFeRecepcaoEvento4: { operation: "nfeRecepcaoEvento", message: "envEvento", answer: "retEnvEvento" },
  NFeInutilizacao4: { operation: "nfeInutilizacaoNF", message: "inutNFe", answer: "retInutNFe" },
  NFeStatusServico4: { operation: "nfeStatusServicoNF", message: "consStatServ", answer: "retConsStatServ" },
};
const MESSAGE_SCHEMAS = {
  enviNFe: "enviNFe_v4.00.xsd",
  consReciNFe: "consReciNFe_v4.00.xsd",
  consSitNFe: "consSitNFe_v4.00.xsd",
  inutNFe: "inutNFe_v4.00.xsd",
  consStatServ: "consStatServ_v4.00.xsd",
  110111: "envEventoCancNFe_v1.00.xsd",
  110110: "envCCe_v1.00.xsd",
};
const ANSWER_SCHEMAS = {
  retEnviNFe: "retEnviNFe_v4.00.xsd",
  retConsReciNFe: "retConsReciNFe_v4.00.xsd",
  retConsSitNFe: "retConsSitNFe_v4.00.xsd",
  retInutNFe: "retInutNFe_v4.00.xsd",
  retConsStatServ: "retConsStatServ_v4.00.xsd",
  110111: "retEnvEventoCancNFe_v1.00.xsd",
  110110: "retEnvCCe_v1.00.xsd",
};

/** xMotivo of each cStat (Manual de Orientação do Contribuinte, tabela de códigos de erros e descrições). */
const REASONS = {
  100: "Autorizado o uso da NF-e",
  101: "Cancelamento de NF-e homologado",
  102: "Inutilização de número homologado",
  103: "Lote recebido com sucesso",
  104: "Lote processado",
  105: "Lote em processamento",
  106: "Lote não localizado",
  107: "Serviço em Operação",
  108: "Serviço Paralisado Momentaneamente (curto prazo)",
  109: "Serviço Paralisado sem Previsão",
  110: "Uso Denegado",
  128: "Lote de Evento Processado",
  135: "Evento registrado e vinculado a NF-e",
  150: "Autorizado o uso da NF-e, autorização fora de prazo",
  204: "Rejeição: Duplicidade de NF-e",
  213: "Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital",
  215: "Rejeição: Falha no schema XML",
  217: "Rejeição: NF-e não consta na base de dados da SEFAZ",
  222: "Rejeição: Protocolo de Autorização de Uso difere do cadastrado",
  225: "Rejeição: Falha no Schema XML do lote de NFe",
  236: "Rejeição: Chave de Acesso com dígito verificador inválido",
  241: "Rejeição: Um número da faixa já foi utilizado",
  252: "Rejeição: Ambiente informado diverge do Ambiente de recebimento",
  256: "Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ",
  290: "Rejeição: Certificado Assinatura inválido",
  297: "Rejeição: Assinatura difere do calculado",
  298: "Rejeição: Assinatura difere do padrão do Sistema",
  301: "Uso Denegado: Irregularidade fiscal do emitente",
  302: "Uso Denegado: Irregularidade fiscal do destinatário",
  494: "Rejeição: Chave de Acesso inexistente",
  501: "Rejeição: Pedido de Cancelamento intempestivo (NF-e autorizada a mais de 7 dias)",
  502: "Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes",
  539: "Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso",
  570: "Rejeição: Tipo de Emissão 3, 6 ou 7 só é válido nas contingências SCAN/SVC",
  713: "Rejeição: Tipo de Emissão diferente de 6 ou 7 para contingência da SVC acessada",
  573: "Rejeição: Duplicidade de Evento",
  574: "Rejeição: O autor do evento diverge do emissor da NF-e",
  580: "Rejeição: O evento exige uma NF-e autorizada",
  656: "Rejeição: Consumo Indevido",
};
// The authorizers' service paths (src/adapters/sefaz/authorization/authorizers.ts): SVC-AN's (also
// SVAN's, MA's normal NF-e authorizer) and SVC-RS's (also SVRS's and RS's own).
const SVC_AN_PATHS = new Set(
  [
    "NFeAutorizacao4",
    "NFeRetAutorizacao4",
    "NFeConsultaProtocolo4",
    "NFeRecepcaoEvento4",
    "NFeInutilizacao4",
    "NFeStatusServico4",
  ].map((name) => `/${name}/${name}.asmx`),
);
const SVC_RS_PATHS = new Set([
  "/ws/NfeAutorizacao/NFeAutorizacao4.asmx",
  "/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx",
  "/ws/NfeConsulta/NfeConsulta4.asmx",
  "/ws/recepcaoevento/recepcaoevento4.asmx",
  "/ws/nfeinutilizacao/nfeinutilizacao4.asmx",
  "/ws/NfeStatusServico/NfeStatusServico4.asmx",
]);
/** cUF of the UFs whose NF-e authorizer serves SVC-RS's paths (SVRS and RS) and of MA (SVAN). */
const SVRS_PATH_UFS = new Set([
  "11",
  "12",
  "14",
  "15",
  "16",
  "17",
  "22",
  "23",
  "24",
  "25",
  "27",
  "28",
  "32",
  "33",
  "42",
  "43",
  "53",
]);
const SVAN_UF = "21";

/** Which authorizer of the UF a call reached: its normal one, or its SVC (NF-e only; the status service is taken as NF-e). */
function authorizerKind(path, cUF, mod) {
  if (mod === "65") return "normal";
  if (SVC_AN_PATHS.has(path) && cUF !== SVAN_UF) return "svc";
  if (SVC_RS_PATHS.has(path) && !SVRS_PATH_UFS.has(cUF)) return "svc";
  return "normal";
}

const LOT_LEVEL = new Set([103, 105, 106, 108, 109, 215, 225, 252, 656]);
const PROTOCOLLED = new Set([100, 110, 150, 301, 302]);
const EVENT_NAMES = { 110111: "Cancelamento", 110110: "Carta de Correcao" };
const TRANSPORT_STEPS = new Set([
  "stall",
  "stop",
  "lost",
  "garbage",
  "fault",
  "500",
  "503",
  "401",
  "redirect",
  "large",
]);

// ---------------------------------------------------------------- state

const issuers = new Map(); // cnpj → {tpAmb, schema, script, statusScript, outages}
const labels = new Map(); // label → {script, outage}
const notes = new Map(); // chNFe → {cnpj, cStat, xMotivo, nProt, dhRecbto, protNFe, cancelled, events: Map}
const numbers = new Map(); // cnpj/mod/serie/nNF → chNFe
const receipts = new Map(); // nRec → {cnpj, note (parsed), done: answer or null}
const voided = new Map(); // cnpj/mod/serie → [[from, to]]
const requests = [];
let sequence = 0;
/** Per issuer CNPJ: its requests open now, and the held answers its next request releases. */
const openByCnpj = new Map();
const heldByCnpj = new Map();

const issuerOf = (cnpj) => {
  if (!issuers.has(cnpj))
    issuers.set(cnpj, { tpAmb: "2", schema: true, script: [], statusScript: [], outages: {} });
  return issuers.get(cnpj);
};
const labelOf = (label) => {
  if (!labels.has(label)) labels.set(label, { script: [], outage: null });
  return labels.get(label);
};
const isCnpj = (id) => /^[0-9A-Z]{12}[0-9]{2}$/.test(id);

function forgetIssuer(cnpj) {
  for (const [key, note] of notes) if (note.cnpj === cnpj) notes.delete(key);
  for (const key of numbers.keys()) if (key.startsWith(`${cnpj}/`)) numbers.delete(key);
  for (const [nRec, receipt] of receipts) if (receipt.cnpj === cnpj) receipts.delete(nRec);
  for (const key of voided.keys()) if (key.startsWith(`${cnpj}/`)) voided.delete(key);
  for (let i = requests.length - 1; i >= 0; i--) if (requests[i].cnpj === cnpj) requests.splice(i, 1);
}

/** The next scripted step of a script: {transport} or {cStat, xMotivo?} or null. */
function nextStep(script) {
  const step = script.shift();
  if (step === undefined) return null;
  if (typeof step === "string" && TRANSPORT_STEPS.has(step)) return { transport: step };
  if (typeof step === "string" && /^\d{3}$/.test(step)) return { cStat: Number(step) };
  if (typeof step === "number") return { cStat: step };
  if (step && typeof step === "object" && Number.isInteger(step.cStat)) return step;
  throw new Error(`double: passo desconhecido ${JSON.stringify(step)}`);
}

// ---------------------------------------------------------------- helpers

const escapeXml = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const reasonOf = (step) =>
  (step.xMotivo ?? REASONS[step.cStat] ?? `Rejeição: código ${step.cStat}`).slice(0, 255);
const brasiliaNow = () => `${new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;
const counter = (width) => String(++sequence).padStart(width, "0");
const protocolNumber = (cUF) => `1${cUF}${new Date().getUTCFullYear() % 100}${counter(10)}`;
const receiptNumber = (cUF) => `${cUF}1${counter(12)}`;

/** The element children of a DOM node. */
const elements = (node) => Array.from(node?.childNodes ?? []).filter((child) => child.nodeType === 1);
const child = (node, name) => elements(node).find((item) => item.localName === name) ?? null;
const childText = (node, name) => child(node, name)?.textContent ?? null;

/** Modulus 11 check digit of the first 43 characters of an access key (each valued as its code - 48). */
function checkDigit(key43) {
  let sum = 0;
  let weight = 2;
  for (let i = key43.length - 1; i >= 0; i--) {
    sum += (key43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** xmllint's verdict on `xml` against `schema`: null when valid, else its first error line. */
function schemaProblem(xml, schema) {
  return new Promise((resolve) => {
    const child = spawn("xmllint", ["--noout", "--nonet", "--schema", `${XSD_DIR}${schema}`, "-"], {
      stdio: ["pipe", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.on("error", (error) => resolve(`xmllint: ${error.message}`));
    child.on("close", (code) => {
      if (code === 0) return resolve(null);
      const first = errors.split("\n").find((line) => line.trim() && !/validates$/.test(line)) ?? "inválido";
      resolve(first.replace(/^-:\d+:\s*/, "").trim());
    });
    child.stdin.end(xml);
  });
}

// ---------------------------------------------------------------- answers

const soapAnswer = (service, inner) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><nfeResultMsg xmlns="${WSDL}/${service}">${inner}</nfeResultMsg></soap:Body></soap:Envelope>`;
const soapFault = (code, text) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12}"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:${code}</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt-BR">${escapeXml(text)}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`;

const head = (tpAmb, cStat, xMotivo) =>
  `<tpAmb>${tpAmb}</tpAmb><verAplic>${VERSION}</verAplic><cStat>${cStat}</cStat><xMotivo>${escapeXml(xMotivo)}</xMotivo>`;

function protNFeXml({ tpAmb, chNFe, dhRecbto, nProt, digVal, cStat, xMotivo }) {
  return `<protNFe versao="4.00"><infProt${nProt ? ` Id="ID${nProt}"` : ""}><tpAmb>${tpAmb}</tpAmb><verAplic>${VERSION}</verAplic><chNFe>${chNFe}</chNFe><dhRecbto>${dhRecbto}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ""}${digVal ? `<digVal>${digVal}</digVal>` : ""}<cStat>${cStat}</cStat><xMotivo>${escapeXml(xMotivo)}</xMotivo></infProt></protNFe>`;
}

const retEnviNFe = (tpAmb, cUF, cStat, xMotivo, tail = "") =>
  `<retEnviNFe xmlns="${NFE}" versao="4.00">${head(tpAmb, cStat, xMotivo)}<cUF>${cUF}</cUF><dhRecbto>${brasiliaNow()}</dhRecbto>${tail}</retEnviNFe>`;
const retConsReciNFe = (tpAmb, cUF, nRec, cStat, xMotivo, tail = "") =>
  `<retConsReciNFe xmlns="${NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VERSION}</verAplic><nRec>${nRec}</nRec><cStat>${cStat}</cStat><xMotivo>${escapeXml(xMotivo)}</xMotivo><cUF>${cUF}</cUF><dhRecbto>${brasiliaNow()}</dhRecbto>${tail}</retConsReciNFe>`;
const retConsSitNFe = (tpAmb, cUF, chNFe, cStat, xMotivo, tail = "") =>
  `<retConsSitNFe xmlns="${NFE}" versao="4.00">${head(tpAmb, cStat, xMotivo)}<cUF>${cUF}</cUF><dhRecbto>${brasiliaNow()}</dhRecbto><chNFe>${chNFe}</chNFe>${tail}</retConsSitNFe>`;
const retConsStatServ = (tpAmb, cUF, cStat, xMotivo) =>
  `<retConsStatServ xmlns="${NFE}" versao="4.00">${head(tpAmb, cStat, xMotivo)}<cUF>${cUF}</cUF><dhRecbto>${brasiliaNow()}</dhRecbto>${cStat === 107 ? "<tMed>1</tMed>" : ""}</retConsStatServ>`;
const retEnvEvento = (tpAmb, cOrgao, idLote, cStat, xMotivo, tail = "") =>
  `<retEnvEvento xmlns="${NFE}" versao="1.00"><idLote>${idLote}</idLote><tpAmb>${tpAmb}</tpAmb><verAplic>${VERSION}</verAplic><cOrgao>${cOrgao}</cOrgao><cStat>${cStat}</cStat><xMotivo>${escapeXml(xMotivo)}</xMotivo>${tail}</retEnvEvento>`;
function retEvento({ tpAmb, cOrgao, cStat, xMotivo, chNFe, tpEvento, nSeqEvento, nProt }) {
  return `<retEvento versao="1.00"><infEvento${nProt ? ` Id="ID${nProt}"` : ""}><tpAmb>${tpAmb}</tpAmb><verAplic>${VERSION}</verAplic><cOrgao>${cOrgao}</cOrgao><cStat>${cStat}</cStat><xMotivo>${escapeXml(xMotivo)}</xMotivo><chNFe>${chNFe}</chNFe><tpEvento>${tpEvento}</tpEvento><xEvento>${EVENT_NAMES[tpEvento] ?? "Evento"}</xEvento><nSeqEvento>${nSeqEvento}</nSeqEvento><dhRegEvento>${brasiliaNow()}</dhRegEvento>${nProt ? `<nProt>${nProt}</nProt>` : ""}</infEvento></retEvento>`;
}
function retInutNFe(tpAmb, cUF, cStat, xMotivo, range) {
  const nProt = cStat === 102 ? protocolNumber(cUF) : null;
  const fields = range
    ? `<ano>${range.ano}</ano><CNPJ>${range.cnpj}</CNPJ><mod>${range.mod}</mod><serie>${range.serie}</serie><nNFIni>${range.from}</nNFIni><nNFFin>${range.to}</nNFFin>`
    : "";
  return `<retInutNFe xmlns="${NFE}" versao="4.00"><infInut${nProt ? ` Id="ID${nProt}"` : ""}>${head(tpAmb, cStat, xMotivo)}<cUF>${cUF}</cUF>${fields}<dhRecbto>${brasiliaNow()}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ""}</infInut></retInutNFe>`;
}

// ---------------------------------------------------------------- signatures

const pemOf = (base64) =>
  `-----BEGIN CERTIFICATE-----\n${base64.replace(/\s+/g, "").replace(/(.{64})/g, "$1\n")}\n-----END CERTIFICATE-----\n`;

/**
 * The signature of `signed` (an NFe, evento or inutNFe whose first child is the signed element) as
 * SEFAZ checks it: [cStat, xMotivo] or null when it holds.
 */
function signatureProblem(documentText, signed, authorCnpj) {
  const target = elements(signed)[0];
  const signature = child(signed, "Signature");
  if (!signature || signature.namespaceURI !== DSIG) return [298, REASONS[298]];
  const signedInfo = child(signature, "SignedInfo");
  const algorithm = (node, name) => child(node, name)?.getAttribute("Algorithm");
  const reference = child(signedInfo, "Reference");
  const transforms = elements(child(reference, "Transforms")).map((item) => item.getAttribute("Algorithm"));
  const standard =
    signedInfo &&
    algorithm(signedInfo, "CanonicalizationMethod") === C14N &&
    algorithm(signedInfo, "SignatureMethod") === `${DSIG}rsa-sha1` &&
    reference?.getAttribute("URI") === `#${target?.getAttribute("Id")}` &&
    transforms.join(" ") === `${DSIG}enveloped-signature ${C14N}` &&
    algorithm(reference, "DigestMethod") === `${DSIG}sha1`;
  if (!standard) return [298, REASONS[298]];
  const body = signature.getElementsByTagNameNS(DSIG, "X509Certificate")[0]?.textContent ?? "";
  let certificate;
  try {
    certificate = new X509Certificate(pemOf(body));
  } catch {
    return [290, REASONS[290]];
  }
  const certificateCnpj = /:(\d{14})(?:,|$|\n)/.exec(certificate.subject)?.[1];
  if (certificateCnpj && authorCnpj && certificateCnpj.slice(0, 8) !== authorCnpj.slice(0, 8))
    return [213, REASONS[213]];
  const verifier = new SignedXml({ publicCert: pemOf(body), idAttributes: ["Id"] });
  try {
    verifier.loadSignature(signature);
    return verifier.checkSignature(documentText) ? null : [297, REASONS[297]];
  } catch {
    return [297, REASONS[297]];
  }
}

// ---------------------------------------------------------------- services

/** The NF-e inside an enviNFe, read: its key and fields, or a rejection [cStat, xMotivo]. */
function readNote(nfe) {
  const inf = child(nfe, "infNFe");
  const ide = child(inf, "ide");
  const emit = child(inf, "emit");
  const id = inf?.getAttribute("Id") ?? "";
  const chNFe = id.slice(3);
  const value = (name) => childText(ide, name) ?? "";
  const cnpj = childText(emit, "CNPJ") ?? "";
  const note = {
    chNFe,
    cnpj,
    cUF: value("cUF"),
    mod: value("mod"),
    serie: value("serie"),
    nNF: value("nNF"),
    tpAmb: value("tpAmb"),
    tpEmis: value("tpEmis"),
    digVal: nfe.getElementsByTagNameNS(DSIG, "DigestValue")[0]?.textContent ?? "",
  };
  if (Number(chNFe[43]) !== checkDigit(chNFe.slice(0, 43))) return { note, problem: [236, REASONS[236]] };
  const dhEmi = value("dhEmi");
  const expected =
    note.cUF +
    dhEmi.slice(2, 4) +
    dhEmi.slice(5, 7) +
    cnpj +
    note.mod +
    note.serie.padStart(3, "0") +
    note.nNF.padStart(9, "0") +
    value("tpEmis") +
    value("cNF").padStart(8, "0") +
    value("cDV");
  if (expected !== chNFe) return { note, problem: [502, REASONS[502]] };
  return { note, problem: null };
}

const numberKey = (note) => `${note.cnpj}/${note.mod}/${Number(note.serie)}/${Number(note.nNF)}`;

/** Remembers a note authorized (or denied) and answers its protNFe. */
function protocol(note, tpAmb, cStat, xMotivo) {
  const nProt = PROTOCOLLED.has(cStat) ? protocolNumber(note.cUF) : null;
  const dhRecbto = brasiliaNow();
  const xml = protNFeXml({ tpAmb, chNFe: note.chNFe, dhRecbto, nProt, digVal: note.digVal, cStat, xMotivo });
  if (nProt) {
    notes.set(note.chNFe, {
      cnpj: note.cnpj,
      cStat,
      xMotivo,
      nProt,
      dhRecbto,
      protNFe: xml,
      cancelled: null,
      events: new Map(),
    });
    numbers.set(numberKey(note), note.chNFe);
  }
  return xml;
}

/** Another key of the same number (cNF + 1, check digit again): what a lost earlier send had. */
function otherKeyOf(chNFe) {
  const cNF = String((Number(chNFe.slice(35, 43)) + 1) % 1e8).padStart(8, "0");
  const key43 = chNFe.slice(0, 35) + cNF;
  return key43 + checkDigit(key43);
}

/** The outcome of one note (authorize, or the receipt of its lot) for a step (null: as remembered). */
function processNote(note, tpAmb, step) {
  const known = notes.get(note.chNFe);
  if (step === null) {
    if (known)
      return { cStat: 204, xMotivo: `${REASONS[204]} [nProt:${known.nProt}][dhAut:${known.dhRecbto}]` };
    const used = numbers.get(numberKey(note));
    if (used && used !== note.chNFe)
      return {
        cStat: 539,
        xMotivo: `${REASONS[539]} [chNFe: ${used}][nProt:${notes.get(used)?.nProt ?? ""}]`,
      };
    step = { cStat: 100 };
  }
  const { cStat } = step;
  if (cStat === 204 && !step.xMotivo) {
    if (!known) protocol(note, tpAmb, 100, REASONS[100]);
    const earlier = notes.get(note.chNFe);
    return { cStat, xMotivo: `${REASONS[204]} [nProt:${earlier.nProt}][dhAut:${earlier.dhRecbto}]` };
  }
  if (cStat === 539 && !step.xMotivo) {
    const other = otherKeyOf(note.chNFe);
    protocol({ ...note, chNFe: other }, tpAmb, 100, REASONS[100]);
    return { cStat, xMotivo: `${REASONS[539]} [chNFe: ${other}][nProt:${notes.get(other).nProt}]` };
  }
  return { cStat, xMotivo: reasonOf(step) };
}

async function authorize(context, enviNFe) {
  const { issuer, step } = context;
  const nfes = elements(enviNFe).filter((item) => item.localName === "NFe");
  const cUF = context.cUF;
  if (nfes.length !== 1)
    return retEnviNFe(issuer.tpAmb, cUF, 225, `${REASONS[225]} (o double recebe uma NF-e por lote)`);
  const { note, problem } = readNote(nfes[0]);
  const lot = (cStat, xMotivo) => retEnviNFe(issuer.tpAmb, note.cUF || cUF, cStat, xMotivo);
  if (note.tpAmb !== issuer.tpAmb) return lot(252, REASONS[252]);
  const signature = signatureProblem(context.text, nfes[0], note.cnpj);
  if (signature) return lot(...signature);
  if (problem) return lot(...problem);
  if (context.kind === "svc" && note.tpEmis !== (SVC_AN_PATHS.has(context.path) ? "6" : "7"))
    return retEnviNFe(
      issuer.tpAmb,
      note.cUF,
      104,
      REASONS[104],
      protocol(note, issuer.tpAmb, 713, REASONS[713]),
    );
  if (context.kind === "normal" && (note.tpEmis === "6" || note.tpEmis === "7"))
    return retEnviNFe(
      issuer.tpAmb,
      note.cUF,
      104,
      REASONS[104],
      protocol(note, issuer.tpAmb, 570, REASONS[570]),
    );
  const qrCode = nfceQrProblem(nfes[0]);
  if (qrCode)
    return retEnviNFe(issuer.tpAmb, note.cUF, 104, REASONS[104], protocol(note, issuer.tpAmb, ...qrCode));
  if (step && LOT_LEVEL.has(step.cStat) && step.cStat !== 103) return lot(step.cStat, reasonOf(step));
  const sync = childText(enviNFe, "indSinc") === "1";
  if ((step && step.cStat === 103) || (!step && !sync)) {
    const nRec = receiptNumber(note.cUF);
    receipts.set(nRec, { cnpj: note.cnpj, note, done: null });
    return lot(103, REASONS[103]).replace(
      "</retEnviNFe>",
      `<infRec><nRec>${nRec}</nRec><tMed>1</tMed></infRec></retEnviNFe>`,
    );
  }
  const outcome = processNote(note, issuer.tpAmb, step);
  return retEnviNFe(
    issuer.tpAmb,
    note.cUF,
    104,
    REASONS[104],
    protocol(note, issuer.tpAmb, outcome.cStat, outcome.xMotivo),
  );
}

function receipt(context, consReciNFe) {
  const { issuer, step } = context;
  const nRec = childText(consReciNFe, "nRec");
  const pending = receipts.get(nRec);
  const cUF = pending?.note.cUF ?? context.cUF;
  if (childText(consReciNFe, "tpAmb") !== issuer.tpAmb)
    return retConsReciNFe(issuer.tpAmb, cUF, nRec, 252, REASONS[252]);
  if (!pending) return retConsReciNFe(issuer.tpAmb, cUF, nRec, 106, REASONS[106]);
  if (!pending.done) {
    if (step && LOT_LEVEL.has(step.cStat))
      return retConsReciNFe(issuer.tpAmb, cUF, nRec, step.cStat, reasonOf(step));
    const outcome = processNote(pending.note, issuer.tpAmb, step);
    pending.done = protocol(pending.note, issuer.tpAmb, outcome.cStat, outcome.xMotivo);
  }
  return retConsReciNFe(issuer.tpAmb, cUF, nRec, 104, REASONS[104], pending.done);
}

function consult(context, consSitNFe) {
  const { issuer, step } = context;
  const chNFe = childText(consSitNFe, "chNFe");
  const cUF = chNFe.slice(0, 2);
  const answer = (cStat, xMotivo, tail) => retConsSitNFe(issuer.tpAmb, cUF, chNFe, cStat, xMotivo, tail);
  if (childText(consSitNFe, "tpAmb") !== issuer.tpAmb) return answer(252, REASONS[252]);
  if (step) return answer(step.cStat, reasonOf(step));
  const known = notes.get(chNFe);
  if (!known) return answer(217, REASONS[217]);
  if (known.cancelled) return answer(101, REASONS[101], known.protNFe);
  return answer(known.cStat, known.xMotivo, known.protNFe);
}

function event(context, envEvento) {
  const { issuer, step } = context;
  const idLote = childText(envEvento, "idLote");
  const eventos = elements(envEvento).filter((item) => item.localName === "evento");
  const inf = child(eventos[0], "infEvento");
  const value = (name) => childText(inf, name) ?? "";
  const cOrgao = value("cOrgao") || context.cUF;
  const lot = (cStat, xMotivo) => retEnvEvento(issuer.tpAmb, cOrgao, idLote, cStat, xMotivo);
  if (eventos.length !== 1) return lot(215, `${REASONS[215]} (o double recebe um evento por lote)`);
  if (value("tpAmb") !== issuer.tpAmb) return lot(252, REASONS[252]);
  const signature = signatureProblem(context.text, eventos[0], value("CNPJ"));
  if (signature) return lot(...signature);
  const chNFe = value("chNFe");
  const tpEvento = value("tpEvento");
  const nSeqEvento = value("nSeqEvento");
  if (inf.getAttribute("Id") !== `ID${tpEvento}${chNFe}${nSeqEvento.padStart(2, "0")}`)
    return lot(215, `${REASONS[215]} (Id do evento não corresponde a tpEvento, chNFe e nSeqEvento)`);
  if (step && LOT_LEVEL.has(step.cStat)) return lot(step.cStat, reasonOf(step));
  const answer = (cStat, xMotivo, nProt = null) =>
    retEnvEvento(
      issuer.tpAmb,
      cOrgao,
      idLote,
      128,
      REASONS[128],
      retEvento({ tpAmb: issuer.tpAmb, cOrgao, cStat, xMotivo, chNFe, tpEvento, nSeqEvento, nProt }),
    );
  const known = notes.get(chNFe);
  const register = () => {
    const nProt = protocolNumber(chNFe.slice(0, 2));
    if (known) {
      known.events.set(`${tpEvento}/${nSeqEvento}`, nProt);
      if (tpEvento === "110111") known.cancelled = nProt;
    }
    return answer(135, REASONS[135], nProt);
  };
  if (step) return step.cStat === 135 ? register() : answer(step.cStat, reasonOf(step));
  if (!known) return answer(494, REASONS[494]);
  if (value("CNPJ") !== chNFe.slice(6, 20)) return answer(574, REASONS[574]);
  if (known.events.has(`${tpEvento}/${nSeqEvento}`)) return answer(573, REASONS[573]);
  if (known.cancelled || known.cStat !== 100) return answer(580, REASONS[580]);
  if (tpEvento === "110111") {
    const nProt = childText(child(inf, "detEvento"), "nProt");
    if (nProt !== known.nProt) return answer(222, REASONS[222]);
  }
  return register();
}

function voidNumbers(context, inutNFe) {
  const { issuer, step } = context;
  const inf = child(inutNFe, "infInut");
  const value = (name) => childText(inf, name) ?? "";
  const cUF = value("cUF") || context.cUF;
  const range = {
    ano: value("ano"),
    cnpj: value("CNPJ"),
    mod: value("mod"),
    serie: value("serie"),
    from: value("nNFIni"),
    to: value("nNFFin"),
  };
  const answer = (cStat, xMotivo) =>
    retInutNFe(issuer.tpAmb, cUF, cStat, xMotivo, cStat === 102 ? range : null);
  if (value("tpAmb") !== issuer.tpAmb) return answer(252, REASONS[252]);
  const signature = signatureProblem(context.text, inutNFe, range.cnpj);
  if (signature) return answer(...signature);
  const from = Number(range.from);
  const to = Number(range.to);
  const rangeKey = `${range.cnpj}/${range.mod}/${Number(range.serie)}`;
  const record = () => {
    voided.set(rangeKey, [...(voided.get(rangeKey) ?? []), [from, to]]);
    return answer(102, REASONS[102]);
  };
  if (step) return step.cStat === 102 ? record() : answer(step.cStat, reasonOf(step));
  for (let n = from; n <= to; n++) if (numbers.has(`${rangeKey}/${n}`)) return answer(241, REASONS[241]);
  if ((voided.get(rangeKey) ?? []).some(([a, b]) => a <= to && from <= b)) return answer(256, REASONS[256]);
  return record();
}

function status(context, consStatServ) {
  const { step, label } = context;
  const tpAmb = childText(consStatServ, "tpAmb") ?? "2";
  const cUF = childText(consStatServ, "cUF") ?? context.cUF;
  if (step) return retConsStatServ(tpAmb, cUF, step.cStat, reasonOf(step));
  const outage = context.outage ?? labelOf(label).outage;
  const cStat = outage === "108" || outage === "109" ? Number(outage) : 107;
  return retConsStatServ(tpAmb, cUF, cStat, REASONS[cStat]);
}

/** The lot-level answer of any service (an outage 108/109, a scripted lot code). */
function lotAnswer(service, context, message, cStat, xMotivo) {
  const tpAmb = context.issuer?.tpAmb ?? childText(message, "tpAmb") ?? "2";
  const cUF = context.cUF;
  switch (service) {
    case "NFeAutorizacao4":
      return retEnviNFe(tpAmb, cUF, cStat, xMotivo);
    case "NFeRetAutorizacao4":
      return retConsReciNFe(tpAmb, cUF, childText(message, "nRec"), cStat, xMotivo);
    case "NFeConsultaProtocolo4":
      return retConsSitNFe(tpAmb, cUF, childText(message, "chNFe"), cStat, xMotivo);
    case "NFeRecepcaoEvento4":
      return retEnvEvento(tpAmb, cUF, childText(message, "idLote"), cStat, xMotivo);
    case "NFeInutilizacao4":
      return retInutNFe(tpAmb, cUF, cStat, xMotivo, null);
    default:
      return retConsStatServ(tpAmb, cUF, cStat, xMotivo);
  }
}

/** The issuer's CNPJ a message speaks for (null for the status service). */
function cnpjOf(service, message) {
  const first = (name) => message.getElementsByTagNameNS(NFE, name)[0]?.textContent ?? null;
  switch (service) {
    case "NFeAutorizacao4":
      return childText(child(child(child(message, "NFe"), "infNFe"), "emit"), "CNPJ");
    case "NFeRetAutorizacao4":
      return receipts.get(childText(message, "nRec"))?.cnpj ?? null;
    case "NFeConsultaProtocolo4":
      return childText(message, "chNFe")?.slice(6, 20) ?? null;
    case "NFeRecepcaoEvento4":
    case "NFeInutilizacao4":
      return first("CNPJ");
    default:
      return null;
  }
}

/** The UF code and model a message is about (the status service: its cUF, model 55). */
function whereOf(service, message) {
  const key = (text) => ({ cUF: text?.slice(0, 2) ?? null, mod: text?.slice(20, 22) ?? null });
  switch (service) {
    case "NFeAutorizacao4": {
      const ide = child(child(child(message, "NFe"), "infNFe"), "ide");
      return { cUF: childText(ide, "cUF"), mod: childText(ide, "mod") };
    }
    case "NFeRetAutorizacao4": {
      const note = receipts.get(childText(message, "nRec"))?.note;
      return { cUF: note?.cUF ?? null, mod: note?.mod ?? null };
    }
    case "NFeConsultaProtocolo4":
      return key(childText(message, "chNFe"));
    case "NFeRecepcaoEvento4":
      return key(message.getElementsByTagNameNS(NFE, "chNFe")[0]?.textContent ?? null);
    case "NFeInutilizacao4": {
      const inf = child(message, "infInut");
      return { cUF: childText(inf, "cUF"), mod: childText(inf, "mod") };
    }
    default:
      return { cUF: childText(message, "cUF"), mod: "55" };
  }
}

// ---------------------------------------------------------------- HTTP

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

const fault = (response, code, text) =>
  response
    .writeHead(500, { "Content-Type": "application/soap+xml; charset=utf-8" })
    .end(soapFault(code, text));

async function serve(request, response, url, text) {
  const label = url.pathname.split("/")[1];
  const contentType = request.headers["content-type"] ?? "";
  const action = /;\s*action="([^"]*)"/.exec(contentType)?.[1] ?? null;
  const service =
    action && Object.keys(SERVICES).find((name) => action === `${WSDL}/${name}/${SERVICES[name].operation}`);
  const entry = {
    label,
    cnpj: null,
    service: service ?? null,
    action,
    path: url.pathname.slice(label.length + 1),
    contentType,
    body: text,
  };
  requests.push(entry);
  const outage = labelOf(label).outage;
  if (outage === "stop") return request.socket.destroy();
  if (outage === "stall") return;
  if (request.method !== "POST") return response.writeHead(405).end();
  if (!contentType.startsWith("application/soap+xml"))
    return fault(response, "Sender", "Content-Type application/soap+xml esperado (SOAP 1.2)");
  if (!service) return fault(response, "Sender", `action desconhecida: ${action ?? "ausente"}`);
  const spec = SERVICES[service];
  const document = new DOMParser({ onError: () => {} }).parseFromString(text, "text/xml");
  const root = document.documentElement;
  if (root?.localName !== "Envelope" || root.namespaceURI !== SOAP12)
    return fault(response, "VersionMismatch", "Envelope SOAP 1.2 esperado");
  const body = child(root, "Body");
  const dados = elements(body)[0];
  if (
    dados?.localName !== "nfeDadosMsg" ||
    dados.namespaceURI !== `${WSDL}/${service}` ||
    elements(body).length !== 1
  )
    return fault(response, "Sender", `Body deve conter apenas nfeDadosMsg de ${WSDL}/${service}`);
  const message = elements(dados)[0];
  if (
    !message ||
    message.localName !== spec.message ||
    message.namespaceURI !== NFE ||
    elements(dados).length !== 1
  )
    return fault(response, "Sender", `nfeDadosMsg deve conter ${spec.message} de ${NFE}`);
  const cnpj = cnpjOf(service, message);
  entry.cnpj = cnpj;
  if (cnpj) {
    // the issuer's requests open at once, this one included (`open` of its entry), and a held step
    // of an earlier one released by this arrival
    const open = (openByCnpj.get(cnpj) ?? 0) + 1;
    openByCnpj.set(cnpj, open);
    entry.open = open;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      openByCnpj.set(cnpj, (openByCnpj.get(cnpj) ?? 1) - 1);
    };
    response.on("finish", close);
    response.on("close", close);
    for (const release of heldByCnpj.get(cnpj)?.splice(0) ?? []) release();
  }
  const issuer = cnpj ? issuerOf(cnpj) : null;
  // the status service has no CNPJ: under the label <cnpj> it is that issuer's
  const owner = issuer ?? (isCnpj(label) && service === "NFeStatusServico4" ? issuerOf(label) : null);
  const where = whereOf(service, message);
  const kind = authorizerKind(entry.path, where.cUF, where.mod);
  entry.authorizer = kind;
  const ownOutage = owner?.outages?.[kind] ?? null;
  if (ownOutage === "stop") return request.socket.destroy();
  if (ownOutage === "stall") return;
  if (ownOutage === "garbage")
    return response
      .writeHead(200, { "Content-Type": "application/soap+xml" })
      .end("\u0000isto não é XML <<<");
  const step = nextStep(issuer ? issuer.script : owner ? owner.statusScript : labelOf(label).script);
  const context = {
    issuer: issuer ?? { tpAmb: childText(message, "tpAmb") ?? "2", schema: true },
    step: null,
    label,
    text,
    cUF: "35",
    kind,
    path: entry.path,
    outage: ownOutage === "108" || ownOutage === "109" ? ownOutage : outage,
  };
  const keyUF = /^\d{2}/.exec(childText(message, "chNFe") ?? "")?.[0];
  context.cUF = childText(message, "cUF") ?? keyUF ?? context.cUF;
  const send = (xml) =>
    response
      .writeHead(200, { "Content-Type": "application/soap+xml; charset=utf-8" })
      .end(soapAnswer(service, xml));
  switch (step?.transport) {
    case "stall":
      return;
    case "stop":
      return request.socket.destroy();
    case "garbage":
      return response
        .writeHead(200, { "Content-Type": "application/soap+xml" })
        .end("\u0000isto não é XML <<<");
    case "fault":
      return fault(response, "Receiver", "Server was unable to process request. ---> Erro interno");
    case "500":
      return response
        .writeHead(500, { "Content-Type": "text/html" })
        .end("<html><body>Internal Server Error</body></html>");
    case "503":
      return response
        .writeHead(503, { "Content-Type": "text/html" })
        .end("<html><body>Service Unavailable</body></html>");
    case "401":
      return response
        .writeHead(401, { "Content-Type": "text/html" })
        .end("<html><body>401 - Unauthorized: certificado exigido</body></html>");
    case "redirect":
      return response
        .writeHead(307, { Location: `http://127.0.0.1:${server.address().port}${url.pathname}` })
        .end();
    case "large":
      return response
        .writeHead(200, { "Content-Type": "application/soap+xml" })
        .end(`<x>${"a".repeat(2 * 1024 * 1024)}</x>`);
    default:
      context.step = step && !step.transport ? step : null;
  }
  // a step `untilNext`: answered only when the issuer's next request arrives (at most 10 s), so a
  // test sees whether the client sends another note while this one is in flight
  if (step?.untilNext && cnpj)
    await new Promise((resolve) => {
      const held = heldByCnpj.get(cnpj) ?? [];
      heldByCnpj.set(cnpj, held);
      held.push(resolve);
      setTimeout(resolve, 10_000);
    });
  // schema of the message as sent (the text inside nfeDadosMsg)
  const tpEvento =
    service === "NFeRecepcaoEvento4"
      ? (message.getElementsByTagNameNS(NFE, "tpEvento")[0]?.textContent ?? "")
      : null;
  const schemaKey = tpEvento ?? spec.message;
  let answer;
  if (context.issuer.schema !== false) {
    const raw =
      /<(?:[\w.-]+:)?nfeDadosMsg\b[^>]*>([\s\S]*)<\/(?:[\w.-]+:)?nfeDadosMsg\s*>/.exec(text)?.[1] ?? "";
    const schema = MESSAGE_SCHEMAS[schemaKey];
    const problem = schema
      ? await schemaProblem(raw, schema)
      : `evento ${tpEvento} não é atendido pelo double`;
    if (problem) {
      const cStat = service === "NFeAutorizacao4" ? 225 : 215;
      answer = lotAnswer(
        service,
        context,
        message,
        cStat,
        `${REASONS[cStat]}: ${problem}`.slice(0, 255).trim(),
      );
    }
  }
  const stopped = context.outage === "108" || context.outage === "109" ? context.outage : null;
  if (!answer && stopped && service !== "NFeStatusServico4")
    answer = lotAnswer(service, context, message, Number(stopped), REASONS[stopped]);
  if (!answer) {
    const handlers = {
      NFeAutorizacao4: authorize,
      NFeRetAutorizacao4: receipt,
      NFeConsultaProtocolo4: consult,
      NFeRecepcaoEvento4: event,
      NFeInutilizacao4: voidNumbers,
      NFeStatusServico4: status,
    };
    answer = await handlers[service](context, message);
  }
  if (context.issuer.schema !== false) {
    const schema = service === "NFeRecepcaoEvento4" ? ANSWER_SCHEMAS[tpEvento] : ANSWER_SCHEMAS[spec.answer];
    const own = schema ? await schemaProblem(answer, schema) : null;
    if (own) return fault(response, "Receiver", `double: resposta fora do schema: ${own}`);
  }
  if (step?.transport === "lost") return; // processed and remembered, the answer lost on the way
  return send(answer);
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url, "http://double");
  const text = await readBody(request);
  const control = /^\/_control\/([\w-]+)$/.exec(url.pathname);
  try {
    if (url.pathname === "/_control/requests" && request.method === "GET") {
      const id = url.searchParams.get("id");
      const found = requests.filter((entry) => entry.cnpj === id || entry.label === id);
      return response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(found));
    }
    if (control && request.method === "PUT") {
      const id = control[1];
      const settings = JSON.parse(text || "{}");
      if (isCnpj(id)) {
        if (!settings.keepMemory) forgetIssuer(id);
        const before = issuers.get(id);
        issuers.set(id, {
          tpAmb: settings.tpAmb ?? "2",
          schema: settings.schema ?? true,
          script: [...(settings.script ?? (settings.keepMemory ? (before?.script ?? []) : []))],
          statusScript: [
            ...(settings.statusScript ?? (settings.keepMemory ? (before?.statusScript ?? []) : [])),
          ],
          outages: {
            ...(settings.keepMemory ? (before?.outages ?? {}) : {}),
            ...(settings.outages ?? {}),
          },
        });
      } else {
        const state = labelOf(id);
        const reset = !("script" in settings) && !("outage" in settings);
        if (reset || "outage" in settings) state.outage = settings.outage ?? null;
        if (reset || "script" in settings) {
          state.script = [...(settings.script ?? [])];
          for (let i = requests.length - 1; i >= 0; i--)
            if (requests[i].label === id && !requests[i].cnpj) requests.splice(i, 1);
        }
      }
      return response.writeHead(204).end();
    }
    if (url.pathname.startsWith("/_control")) return response.writeHead(404).end();
    await serve(request, response, url, text);
  } catch (error) {
    if (!response.headersSent)
      fault(response, "Receiver", `double: ${error instanceof Error ? error.message : String(error)}`);
  }
});

server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
