import { describe, expect, it } from "vitest";
import {
  type AuthorizationConnection,
  authorizationClient,
} from "../../../src/adapters/sefaz/authorization/client";
import {
  cnpjOfBranch,
  sampleEnvEvento,
  sampleEnviNFe,
  sampleInutNFe,
} from "../../support/authorization-samples";
import {
  type AuthorizerStep,
  sefazAuthorizerDouble,
  sefazAuthorizerLabel,
} from "../../support/sefaz-authorizer-double";

/** Each test its own issuer (the double scripts and remembers per CNPJ). */
let branch = 300;
async function issuer(script: AuthorizerStep[] = [], connection: Partial<AuthorizationConnection> = {}) {
  const cnpj = cnpjOfBranch(branch++);
  const double = await sefazAuthorizerDouble(cnpj, { script });
  const client = authorizationClient({
    uf: "SP",
    model: 55,
    environment: 2,
    baseUrl: double.baseUrl,
    production: false,
    timeoutMs: 3000,
    ...connection,
  });
  const credentials = { keyPem: double.keyPem, certificatePem: double.certificatePem };
  /** A note authorized at the double: its key and protocol. */
  const authorized = async (number: number) => {
    const lot = await sampleEnviNFe({ cnpj, number }, credentials);
    const answer = await client.authorize(lot.xml);
    if (!answer.ok || answer.cStat !== 100 || !answer.protocol)
      throw new Error(`not authorized: ${JSON.stringify(answer)}`);
    return { accessKey: lot.accessKey, protocol: answer.protocol };
  };
  const cancellation = (
    note: { accessKey: string; protocol: string },
    text = "Pedido cancelado pelo cliente",
  ) =>
    sampleEnvEvento(
      { accessKey: note.accessKey, cnpj, type: 110111, protocol: note.protocol, text },
      credentials,
    );
  const correction = (accessKey: string, sequence: number, text = "Corrigir o complemento do endereco") =>
    sampleEnvEvento({ accessKey, cnpj, type: 110110, sequence, text }, credentials);
  return { cnpj, double, client, credentials, authorized, cancellation, correction };
}

describe("NFeRecepcaoEvento4: cancellation (110111) and CC-e (110110)", () => {
  it("cancels an authorized note: 135 with its protocol and the retEvento as sent; the consult says 101", async () => {
    const { double, client, authorized, cancellation } = await issuer();
    const note = await authorized(1);
    const answer = await client.event(await cancellation(note));
    expect(answer).toMatchObject({ ok: true, cStat: 135, xMotivo: "Evento registrado e vinculado a NF-e" });
    if (!answer.ok) throw new Error("no answer");
    expect(answer.protocol).toMatch(/^135\d{12}$/);
    expect(answer.registeredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    expect(answer.retEventoXml).toMatch(
      new RegExp(
        `^<retEvento versao="1.00"><infEvento Id="ID${answer.protocol}"><tpAmb>2</tpAmb>.*<cStat>135</cStat>.*<chNFe>${note.accessKey}</chNFe><tpEvento>110111</tpEvento>.*<nProt>${answer.protocol}</nProt></infEvento></retEvento>$`,
      ),
    );
    expect(await client.consult(note.accessKey)).toMatchObject({
      ok: true,
      cStat: 101,
      xMotivo: "Cancelamento de NF-e homologado",
      protocol: note.protocol,
    });
    const requests = await double.requests();
    expect(requests.map((request) => request.service)).toEqual([
      "NFeAutorizacao4",
      "NFeRecepcaoEvento4",
      "NFeConsultaProtocolo4",
    ]);
    expect(requests[1]!.path).toBe("/ws/nferecepcaoevento4.asmx");
    expect(requests[1]!.contentType).toContain(
      'action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4/nfeRecepcaoEvento"',
    );
    // a second cancellation is a duplicate event
    expect(await client.event(await cancellation(note))).toMatchObject({
      ok: true,
      cStat: 573,
      protocol: null,
    });
  });

  it("a cancellation with another protocol is 222; outside the window (scripted) 501", async () => {
    const { client, authorized, cancellation, double } = await issuer();
    const note = await authorized(2);
    expect(await client.event(await cancellation({ ...note, protocol: "135260000000000" }))).toMatchObject({
      ok: true,
      cStat: 222,
      protocol: null,
    });
    await double.script(["501"]);
    const late = await client.event(await cancellation(note));
    expect(late).toMatchObject({
      ok: true,
      cStat: 501,
      xMotivo: "Rejeição: Pedido de Cancelamento intempestivo (NF-e autorizada a mais de 7 dias)",
      protocol: null,
      registeredAt: null,
    });
    if (late.ok) expect(late.retEventoXml).toContain("<cStat>501</cStat>");
  });

  it("CC-e: each sequence registered once; on a cancelled note 580", async () => {
    const { client, authorized, cancellation, correction } = await issuer();
    const note = await authorized(3);
    expect(await client.event(await correction(note.accessKey, 1))).toMatchObject({ ok: true, cStat: 135 });
    expect(
      await client.event(await correction(note.accessKey, 2, "Corrigir o numero do endereco")),
    ).toMatchObject({
      ok: true,
      cStat: 135,
    });
    expect(await client.event(await correction(note.accessKey, 2))).toMatchObject({ ok: true, cStat: 573 });
    expect(await client.event(await cancellation(note))).toMatchObject({ ok: true, cStat: 135 });
    expect(await client.event(await correction(note.accessKey, 3))).toMatchObject({
      ok: true,
      cStat: 580,
      xMotivo: "Rejeição: O evento exige uma NF-e autorizada",
    });
  });

  it("an event of a key SEFAZ does not have is 494; one outside the schema is refused whole (215)", async () => {
    const { cnpj, client, credentials, correction } = await issuer();
    const lot = await sampleEnviNFe({ cnpj, number: 4 }, credentials);
    expect(await client.event(await correction(lot.accessKey, 1))).toMatchObject({ ok: true, cStat: 494 });
    const short = await sampleEnvEvento(
      { accessKey: lot.accessKey, cnpj, type: 110111, protocol: "135260000000001", text: "curta" },
      credentials,
    );
    const refused = await client.event(short);
    expect(refused).toMatchObject({ ok: true, cStat: 215, retEventoXml: null });
    if (refused.ok) expect(refused.xMotivo).toMatch(/^Rejeição: Falha no schema XML: .*xJust/);
  });
});

describe("NFeInutilizacao4", () => {
  it("voids a range: 102 with its protocol and the retInutNFe as sent; a used number 241; a voided range 256", async () => {
    const { cnpj, double, client, credentials, authorized } = await issuer();
    const answer = await client.voidNumbers(await sampleInutNFe({ cnpj, from: 10, to: 12 }, credentials));
    expect(answer).toMatchObject({ ok: true, cStat: 102, xMotivo: "Inutilização de número homologado" });
    if (!answer.ok) throw new Error("no answer");
    expect(answer.protocol).toMatch(/^\d{15}$/);
    expect(answer.retInutNFeXml).toMatch(
      new RegExp(
        `^<retInutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><infInut Id="ID${answer.protocol}">.*<nNFIni>10</nNFIni><nNFFin>12</nNFFin><dhRecbto>[^<]+</dhRecbto><nProt>${answer.protocol}</nProt></infInut></retInutNFe>$`,
      ),
    );
    const [request] = await double.requests();
    expect(request!.path).toBe("/ws/nfeinutilizacao4.asmx");
    expect(request!.contentType).toContain(
      'action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeInutilizacao4/nfeInutilizacaoNF"',
    );
    expect(
      await client.voidNumbers(await sampleInutNFe({ cnpj, from: 12, to: 13 }, credentials)),
    ).toMatchObject({
      ok: true,
      cStat: 256,
      protocol: null,
    });
    await authorized(20);
    expect(
      await client.voidNumbers(await sampleInutNFe({ cnpj, from: 19, to: 21 }, credentials)),
    ).toMatchObject({
      ok: true,
      cStat: 241,
      xMotivo: "Rejeição: Um número da faixa já foi utilizado",
    });
  });
});

describe("NFeStatusServico4 and outages", () => {
  it("107 in operation; then stopped (108, 109), stalled, closed, and back again", async () => {
    const label = await sefazAuthorizerLabel("status-outages");
    const client = authorizationClient({
      uf: "PR",
      model: 55,
      environment: 2,
      baseUrl: label.baseUrl,
      production: false,
      timeoutMs: 800,
    });
    const running = await client.status();
    expect(running).toMatchObject({ ok: true, cStat: 107, xMotivo: "Serviço em Operação" });
    if (running.ok) expect(running.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    await label.outage("108");
    expect(await client.status()).toMatchObject({ ok: true, cStat: 108 });
    await label.outage("109");
    expect(await client.status()).toMatchObject({
      ok: true,
      cStat: 109,
      xMotivo: "Serviço Paralisado sem Previsão",
    });
    await label.outage("stall");
    expect(await client.status()).toMatchObject({ ok: false, failure: { kind: "timeout" } });
    await label.outage("stop");
    expect(await client.status()).toMatchObject({ ok: false, failure: { kind: "network" } });
    await label.outage(null);
    expect(await client.status()).toMatchObject({ ok: true, cStat: 107 });
    const requests = await label.requests();
    expect(requests[0]!.path).toBe("/nfe/NFeStatusServico4");
    expect(requests[0]!.contentType).toContain(
      'action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4/nfeStatusServicoNF"',
    );
    expect(requests[0]!.body).toContain(
      '<consStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><cUF>41</cUF><xServ>STATUS</xServ></consStatServ>',
    );
  });

  it("a status answer that is not XML is an invalid answer", async () => {
    const label = await sefazAuthorizerLabel("status-garbage", { script: ["garbage"] });
    const client = authorizationClient({
      uf: "SP",
      model: 65,
      environment: 2,
      baseUrl: label.baseUrl,
      production: false,
    });
    expect(await client.status()).toMatchObject({ ok: false, failure: { kind: "invalid_answer" } });
  });

  it("an authorizer stopped (108) answers every service so: the authorization's lot too", async () => {
    const label = await sefazAuthorizerLabel("stopped-authorizer");
    const { cnpj, credentials } = await issuer();
    await sefazAuthorizerDouble(cnpj, { label: "stopped-authorizer" });
    const client = authorizationClient({
      uf: "SP",
      model: 55,
      environment: 2,
      baseUrl: label.baseUrl,
      production: false,
    });
    await label.outage("108");
    const lot = await sampleEnviNFe({ cnpj, number: 1 }, credentials);
    expect(await client.authorize(lot.xml)).toMatchObject({ ok: true, cStat: 108, protocol: null });
    await label.outage(null);
    expect(await client.authorize(lot.xml)).toMatchObject({ ok: true, cStat: 100 });
  });

  it("SVC: a note in contingency (tpEmis 6) goes to SVC-AN's path and is authorized", async () => {
    const { cnpj, double, credentials } = await issuer();
    const client = authorizationClient({
      uf: "SP",
      model: 55,
      environment: 2,
      emissionType: 6,
      baseUrl: double.baseUrl,
      production: false,
    });
    const lot = await sampleEnviNFe({ cnpj, number: 1, tpEmis: 6 }, credentials);
    expect(await client.authorize(lot.xml)).toMatchObject({ ok: true, cStat: 100 });
    const [request] = await double.requests();
    expect(request!.path).toBe("/NFeAutorizacao4/NFeAutorizacao4.asmx");
  });
});
