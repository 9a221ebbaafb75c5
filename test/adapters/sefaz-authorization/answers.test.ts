import { describe, expect, it } from "vitest";
import {
  readAuthorizeAnswer,
  readConsultAnswer,
  readEventAnswer,
  readReceiptAnswer,
  readStatusAnswer,
  readVoidAnswer,
} from "../../../src/adapters/sefaz/authorization/answers";

const KEY = "35261111222333000181550010000000011100000015";
const OTHER = "35261111222333000181550010000000021100000020";
const NFE = "http://www.portalfiscal.inf.br/nfe";

/** An answer as a .NET server writes it: prefixed envelope, nfeResultMsg in the service's namespace. */
const soap = (service: string, inner: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${service}">${inner}</nfeResultMsg></soap:Body></soap:Envelope>`;

/** A protNFe signed by SEFAZ, with line breaks and indentation: kept byte for byte. */
const signedProt = (key: string, cStat = 100, nProt = "135260000012345") => `<protNFe versao="4.00">
  <infProt Id="ID${nProt}">
    <tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${key}</chNFe>
    <dhRecbto>2026-11-10T10:00:05-03:00</dhRecbto><nProt>${nProt}</nProt><digVal>q1w2e3r4t5y6u7i8o9p0a1s2d3f=</digVal>
    <cStat>${cStat}</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo>
  </infProt>
  <Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/><SignatureValue>AAAA</SignatureValue></Signature>
</protNFe>`;

const retEnviNFe = (tail: string, cStat = 104, xMotivo = "Lote processado") =>
  soap(
    "NFeAutorizacao4",
    `<retEnviNFe versao="4.00" xmlns="${NFE}"><tpAmb>2</tpAmb><verAplic>X</verAplic><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><cUF>35</cUF><dhRecbto>2026-11-10T10:00:05-03:00</dhRecbto>${tail}</retEnviNFe>`,
  );

describe("readers of SEFAZ's answers", () => {
  it("keeps the protNFe byte for byte (SEFAZ's signature and whitespace included)", () => {
    const read = readAuthorizeAnswer(retEnviNFe(signedProt(KEY)), KEY);
    expect(read).toEqual({
      kind: "answer",
      answer: {
        cStat: 100,
        xMotivo: "Autorizado o uso da NF-e",
        protNFeXml: signedProt(KEY),
        protocol: "135260000012345",
        authorizedAt: "2026-11-10T10:00:05-03:00",
        receipt: null,
      },
    });
  });

  it("a lot of several notes answers the protNFe of the key asked for", () => {
    const text = soap(
      "NFeRetAutorizacao4",
      `<retConsReciNFe versao="4.00" xmlns="${NFE}"><tpAmb>2</tpAmb><verAplic>X</verAplic><nRec>351000000000001</nRec><cStat>104</cStat><xMotivo>Lote processado</xMotivo><cUF>35</cUF><dhRecbto>2026-11-10T10:00:05-03:00</dhRecbto>${signedProt(OTHER, 100, "135260000000001")}${signedProt(KEY, 100, "135260000000002")}</retConsReciNFe>`,
    );
    const read = readReceiptAnswer(text, KEY, "351000000000001");
    expect(read).toMatchObject({
      kind: "answer",
      answer: { protocol: "135260000000002", protNFeXml: signedProt(KEY, 100, "135260000000002") },
    });
  });

  it.each([
    [
      "a processed lot without the key's protNFe",
      retEnviNFe(signedProt(OTHER)),
      "lote processado (104) sem protNFe da chave",
    ],
    [
      "an authorization without nProt",
      retEnviNFe(signedProt(KEY).replace(/<nProt>\d+<\/nProt>/, "")),
      "protNFe 100 sem nProt/dhRecbto",
    ],
    [
      "a prefixed protNFe",
      retEnviNFe(
        `<n:protNFe xmlns:n="${NFE}" versao="4.00"><n:infProt><n:tpAmb>2</n:tpAmb><n:verAplic>X</n:verAplic><n:chNFe>${KEY}</n:chNFe><n:dhRecbto>2026-11-10T10:00:05-03:00</n:dhRecbto><n:nProt>135260000012345</n:nProt><n:cStat>100</n:cStat><n:xMotivo>Autorizado</n:xMotivo></n:infProt></n:protNFe>`,
      ),
      "protNFe fora do namespace padrão (não pode ser guardado como veio)",
    ],
    ["103 without nRec", retEnviNFe("", 103, "Lote recebido com sucesso"), "lote recebido (103) sem nRec"],
    [
      "another service's answer",
      soap("NFeStatusServico4", `<retConsStatServ versao="4.00" xmlns="${NFE}"/>`),
      "resposta sem retEnviNFe",
    ],
    ["an HTML page", "<html><body>Erro</body></html>", "resposta sem envelope SOAP"],
    ["not XML", "\u0000<<<", "resposta não é XML"],
  ])("%s is an invalid answer", (_case, text, detail) => {
    expect(readAuthorizeAnswer(text, KEY)).toEqual({ kind: "invalid", detail });
  });

  it("a consult of another key is invalid; 217 has no protocol", () => {
    const consult = (key: string, cStat: number, tail = "") =>
      soap(
        "NFeConsultaProtocolo4",
        `<retConsSitNFe versao="4.00" xmlns="${NFE}"><tpAmb>2</tpAmb><verAplic>X</verAplic><cStat>${cStat}</cStat><xMotivo>M</xMotivo><cUF>35</cUF><dhRecbto>2026-11-10T10:00:05-03:00</dhRecbto><chNFe>${key}</chNFe>${tail}</retConsSitNFe>`,
      );
    expect(readConsultAnswer(consult(OTHER, 100, signedProt(OTHER)), KEY)).toEqual({
      kind: "invalid",
      detail: "retConsSitNFe de outra chave",
    });
    expect(readConsultAnswer(consult(KEY, 217), KEY)).toEqual({
      kind: "answer",
      answer: { cStat: 217, xMotivo: "M", protNFeXml: null, protocol: null, authorizedAt: null },
    });
    expect(readConsultAnswer(consult(KEY, 101, signedProt(KEY)), KEY)).toMatchObject({
      kind: "answer",
      answer: { cStat: 101, protocol: "135260000012345", protNFeXml: signedProt(KEY) },
    });
  });

  it("a SOAP Fault is a fault with its code and reason", () => {
    const text = `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt-BR">Erro</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`;
    expect(readStatusAnswer(text)).toEqual({ kind: "fault", reason: "soap:Receiver: Erro" });
  });

  it("an event's lot refused whole has no retEvento; a registered event without nProt is invalid", () => {
    const lot = (cStat: number, tail = "") =>
      soap(
        "NFeRecepcaoEvento4",
        `<retEnvEvento versao="1.00" xmlns="${NFE}"><idLote>1</idLote><tpAmb>2</tpAmb><verAplic>X</verAplic><cOrgao>35</cOrgao><cStat>${cStat}</cStat><xMotivo>M</xMotivo>${tail}</retEnvEvento>`,
      );
    expect(readEventAnswer(lot(656), KEY, "110111")).toEqual({
      kind: "answer",
      answer: { cStat: 656, xMotivo: "M", protocol: null, registeredAt: null, retEventoXml: null },
    });
    const retEvento = `<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>X</verAplic><cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${KEY}</chNFe><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2026-11-10T10:00:05-03:00</dhRegEvento></infEvento></retEvento>`;
    expect(readEventAnswer(lot(128, retEvento), KEY, "110111")).toEqual({
      kind: "invalid",
      detail: "evento registrado sem nProt/dhRegEvento",
    });
    expect(readEventAnswer(lot(128, retEvento), KEY, "110110")).toEqual({
      kind: "invalid",
      detail: "sem retEvento para a chave",
    });
  });

  it("a voiding refused has no protocol; a registered one needs nProt", () => {
    const ret = (cStat: number, tail = "") =>
      soap(
        "NFeInutilizacao4",
        `<retInutNFe versao="4.00" xmlns="${NFE}"><infInut><tpAmb>2</tpAmb><verAplic>X</verAplic><cStat>${cStat}</cStat><xMotivo>M</xMotivo><cUF>35</cUF><dhRecbto>2026-11-10T10:00:05-03:00</dhRecbto>${tail}</infInut></retInutNFe>`,
      );
    expect(readVoidAnswer(ret(241))).toMatchObject({
      kind: "answer",
      answer: { cStat: 241, protocol: null },
    });
    expect(readVoidAnswer(ret(102))).toEqual({
      kind: "invalid",
      detail: "inutilização homologada sem nProt/dhRecbto",
    });
  });
});
