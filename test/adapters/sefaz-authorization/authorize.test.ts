import { describe, expect, it } from "vitest";
import { authorizationClient } from "../../../src/adapters/sefaz/authorization/client";
import { cnpjOfBranch, sampleEnviNFe } from "../../support/authorization-samples";
import { type AuthorizerStep, sefazAuthorizerDouble } from "../../support/sefaz-authorizer-double";

/** Each test its own issuer (the double scripts and remembers per CNPJ). */
let branch = 100;
async function issuer(script: AuthorizerStep[] = [], options: { timeoutMs?: number } = {}) {
  const cnpj = cnpjOfBranch(branch++);
  const double = await sefazAuthorizerDouble(cnpj, { script });
  const client = authorizationClient({
    uf: "SP",
    model: 55,
    environment: 2,
    baseUrl: double.baseUrl,
    production: false,
    timeoutMs: options.timeoutMs ?? 3000,
  });
  const credentials = { keyPem: double.keyPem, certificatePem: double.certificatePem };
  const lot = (number: number, indSinc: 0 | 1 = 1) =>
    sampleEnviNFe({ cnpj, number }, credentials, { indSinc });
  return { cnpj, double, client, credentials, lot };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/;

describe("NFeAutorizacao4 against the double", () => {
  it("authorizes a signed note: 100 with the protNFe as SEFAZ sent it, over SOAP 1.2", async () => {
    const { double, client, lot } = await issuer();
    const sent = await lot(1);
    const answer = await client.authorize(sent.xml);
    expect(answer).toMatchObject({
      ok: true,
      cStat: 100,
      xMotivo: "Autorizado o uso da NF-e",
      receipt: null,
    });
    if (!answer.ok) throw new Error("not authorized");
    expect(answer.protocol).toMatch(/^135\d{12}$/);
    expect(answer.authorizedAt).toMatch(DATE_TIME);
    // the protNFe is the answer's own text (the double writes it without a namespace declaration)
    expect(answer.protNFeXml).toMatch(
      new RegExp(
        `^<protNFe versao="4.00"><infProt Id="ID${answer.protocol}"><tpAmb>2</tpAmb><verAplic>DOUBLE-4.00</verAplic><chNFe>${sent.accessKey}</chNFe><dhRecbto>[^<]+</dhRecbto><nProt>${answer.protocol}</nProt><digVal>[A-Za-z0-9+/=]{28}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>$`,
      ),
    );
    const [request] = await double.requests();
    expect(request!.path).toBe("/ws/nfeautorizacao4.asmx");
    expect(request!.contentType).toBe(
      'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote"',
    );
    expect(request!.body).toBe(
      `<?xml version="1.0" encoding="utf-8"?><Envelope xmlns="http://www.w3.org/2003/05/soap-envelope"><Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4">${sent.xml}</nfeDadosMsg></Body></Envelope>`,
    );
  });

  it("a note outside the schema is refused with 225 and xmllint's reason", async () => {
    const { cnpj, client, credentials } = await issuer();
    const sent = await sampleEnviNFe({ cnpj, number: 2, breakSchema: true }, credentials);
    const answer = await client.authorize(sent.xml);
    expect(answer).toMatchObject({ ok: true, cStat: 225, protNFeXml: null, protocol: null });
    if (answer.ok) expect(answer.xMotivo).toMatch(/^Rejeição: Falha no Schema XML do lote de NFe: .*xNome/);
  });

  it("a note changed after signing is refused with 297", async () => {
    const { client, lot } = await issuer();
    const sent = await lot(3);
    const answer = await client.authorize(sent.xml.replace("Caixa de papelao", "Caixa de papelão"));
    expect(answer).toMatchObject({
      ok: true,
      cStat: 297,
      xMotivo: "Rejeição: Assinatura difere do calculado",
    });
  });

  it.each([
    ["110", "Uso Denegado"],
    ["301", "Uso Denegado: Irregularidade fiscal do emitente"],
    ["302", "Uso Denegado: Irregularidade fiscal do destinatário"],
  ] as const)("a denial (%s) carries its protocol and protNFe", async (cStat, xMotivo) => {
    const { client, lot } = await issuer([cStat]);
    const answer = await client.authorize((await lot(4)).xml);
    expect(answer).toMatchObject({ ok: true, cStat: Number(cStat), xMotivo, receipt: null });
    if (!answer.ok) throw new Error("no answer");
    expect(answer.protocol).toMatch(/^\d{15}$/);
    expect(answer.protNFeXml).toContain(`<cStat>${cStat}</cStat>`);
  });

  it("539: the note's number was authorized under another key, named in xMotivo (and consultable)", async () => {
    const { client, lot } = await issuer(["539"]);
    const sent = await lot(5);
    const answer = await client.authorize(sent.xml);
    expect(answer).toMatchObject({ ok: true, cStat: 539, protocol: null });
    if (!answer.ok) throw new Error("no answer");
    const other = /\[chNFe: (\d{44})\]/.exec(answer.xMotivo)?.[1];
    expect(other).toBeDefined();
    expect(other).not.toBe(sent.accessKey);
    expect(other!.slice(0, 35)).toBe(sent.accessKey.slice(0, 35));
    const consulted = await client.consult(other!);
    expect(consulted).toMatchObject({ ok: true, cStat: 100 });
    expect(await client.consult(sent.accessKey)).toMatchObject({ ok: true, cStat: 217 });
  });

  it("204: a resend of an authorized key is a duplicate naming the protocol; the consult gives the protNFe", async () => {
    const { client, lot } = await issuer();
    const sent = await lot(6);
    const first = await client.authorize(sent.xml);
    if (!first.ok) throw new Error("not authorized");
    const again = await client.authorize(sent.xml);
    expect(again).toMatchObject({ ok: true, cStat: 204, protocol: null });
    if (again.ok) expect(again.xMotivo).toContain(`[nProt:${first.protocol}]`);
    expect(await client.consult(sent.accessKey)).toEqual({
      ok: true,
      cStat: 100,
      xMotivo: "Autorizado o uso da NF-e",
      protNFeXml: first.protNFeXml,
      protocol: first.protocol,
      authorizedAt: first.authorizedAt,
    });
  });

  it.each([
    ["656", "Rejeição: Consumo Indevido"],
    ["108", "Serviço Paralisado Momentaneamente (curto prazo)"],
    ["109", "Serviço Paralisado sem Previsão"],
  ] as const)("the lot's own answer (%s) has no protocol", async (cStat, xMotivo) => {
    const { client, lot } = await issuer([cStat]);
    const answer = await client.authorize((await lot(7)).xml);
    expect(answer).toEqual({
      ok: true,
      cStat: Number(cStat),
      xMotivo,
      protNFeXml: null,
      protocol: null,
      authorizedAt: null,
      receipt: null,
    });
  });

  it("103: the lot received gives a receipt; NFeRetAutorizacao4 then answers 105, then the protocol", async () => {
    const { double, client, lot } = await issuer(["103", "105"]);
    const sent = await lot(8);
    const received = await client.authorize(sent.xml);
    expect(received).toMatchObject({
      ok: true,
      cStat: 103,
      xMotivo: "Lote recebido com sucesso",
      protNFeXml: null,
    });
    if (!received.ok || !received.receipt) throw new Error("no receipt");
    expect(received.receipt).toMatch(/^\d{15}$/);
    expect(await client.receipt(received.receipt, sent.accessKey)).toMatchObject({
      ok: true,
      cStat: 105,
      receipt: received.receipt,
    });
    const processed = await client.receipt(received.receipt, sent.accessKey);
    expect(processed).toMatchObject({ ok: true, cStat: 100, receipt: null });
    if (processed.ok) expect(processed.protNFeXml).toContain(`<chNFe>${sent.accessKey}</chNFe>`);
    const requests = await double.requests();
    expect(requests.map((request) => request.service)).toEqual([
      "NFeAutorizacao4",
      "NFeRetAutorizacao4",
      "NFeRetAutorizacao4",
    ]);
    expect(requests[1]!.path).toBe("/ws/nferetautorizacao4.asmx");
    expect(requests[1]!.body).toContain(
      `<nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeRetAutorizacao4"><consReciNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><nRec>${received.receipt}</nRec></consReciNFe></nfeDadosMsg>`,
    );
  });

  it("an asynchronous lot (indSinc 0) is received (103) and its receipt authorizes it", async () => {
    const { client, lot } = await issuer();
    const sent = await lot(9, 0);
    const received = await client.authorize(sent.xml);
    expect(received).toMatchObject({ ok: true, cStat: 103 });
    if (!received.ok || !received.receipt) throw new Error("no receipt");
    expect(await client.receipt(received.receipt)).toMatchObject({ ok: true, cStat: 100 });
  });

  it("an answer lost after the authorization: timeout, then the consult by key finds the protocol", async () => {
    // long enough for the double to validate, verify and remember the note before the client gives up
    const { double, client, lot } = await issuer(["lost"], { timeoutMs: 2500 });
    const sent = await lot(10);
    const lost = await client.authorize(sent.xml);
    expect(lost).toMatchObject({ ok: false, failure: { kind: "timeout" } });
    const consulted = await client.consult(sent.accessKey);
    expect(consulted).toMatchObject({ ok: true, cStat: 100 });
    if (consulted.ok) expect(consulted.protNFeXml).toContain(`<nProt>${consulted.protocol}</nProt>`);
    const requests = await double.requests();
    expect(requests.map((request) => request.service)).toEqual(["NFeAutorizacao4", "NFeConsultaProtocolo4"]);
    expect(requests[1]!.path).toBe("/ws/nfeconsultaprotocolo4.asmx");
    expect(requests[1]!.contentType).toContain(
      'action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeConsultaProtocolo4/nfeConsultaNF"',
    );
    expect(requests[1]!.body).toContain(
      `<consSitNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><xServ>CONSULTAR</xServ><chNFe>${sent.accessKey}</chNFe></consSitNFe>`,
    );
  });

  it("a key SEFAZ does not know is 217", async () => {
    const { client, lot } = await issuer();
    const sent = await lot(11);
    expect(await client.consult(sent.accessKey)).toEqual({
      ok: true,
      cStat: 217,
      xMotivo: "Rejeição: NF-e não consta na base de dados da SEFAZ",
      protNFeXml: null,
      protocol: null,
      authorizedAt: null,
    });
  });
});

describe("faults of the authorizer: a failure, never a throw", () => {
  it.each([
    ["401", { kind: "unavailable", status: 401 }],
    ["500", { kind: "unavailable", status: 500 }],
    ["503", { kind: "unavailable", status: 503 }],
    ["fault", { kind: "fault", status: 500 }],
    ["garbage", { kind: "invalid_answer" }],
    ["stall", { kind: "timeout" }],
    ["stop", { kind: "network" }],
    ["redirect", { kind: "refused_call", status: 307 }],
    ["large", { kind: "refused_call" }],
  ] as const)("%s", async (step, failure) => {
    const { client, lot } = await issuer([step], { timeoutMs: 800 });
    const answer = await client.authorize((await lot(20)).xml);
    expect(answer).toMatchObject({ ok: false, failure });
    if (!answer.ok) expect(answer.failure.detail).not.toBe("");
  });

  it("the SOAP Fault's reason is the detail", async () => {
    const { client, lot } = await issuer(["fault"]);
    const answer = await client.authorize((await lot(21)).xml);
    expect(answer).toMatchObject({
      ok: false,
      failure: {
        kind: "fault",
        detail: "soap:Receiver: Server was unable to process request. ---> Erro interno",
      },
    });
  });

  it("production allows https on a public host only: a loopback double is refused before any call", async () => {
    const { double, lot, cnpj } = await issuer();
    const client = authorizationClient({ uf: "SP", model: 55, environment: 2, baseUrl: double.baseUrl });
    const answer = await client.authorize((await lot(22)).xml);
    expect(answer).toMatchObject({ ok: false, failure: { kind: "refused_call" } });
    expect(await double.requests()).toEqual([]);
    expect(cnpj).toHaveLength(14);
  });

  it("an authorizer the table does not have, or a lot without a key, fails every call", async () => {
    const unknown = authorizationClient({ uf: "XX", model: 55, environment: 2, production: false });
    expect(await unknown.status()).toMatchObject({ ok: false, failure: { kind: "refused_call" } });
    expect(await unknown.consult("3".repeat(44))).toMatchObject({
      ok: false,
      failure: { kind: "refused_call", detail: "autorizador: UF desconhecida: XX" },
    });
    const { client } = await issuer();
    expect(await client.authorize("<enviNFe/>")).toMatchObject({
      ok: false,
      failure: { kind: "refused_call" },
    });
    expect(await client.consult("123")).toMatchObject({ ok: false, failure: { kind: "refused_call" } });
  });
});
