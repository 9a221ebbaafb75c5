import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  DISTRIBUTION_ACTION,
  distributionEnvelope,
  gunzipText,
  nsuText,
  readDistributionAnswer,
  requestProblem,
  SoapDistribution,
} from "../../../src/adapters/sefaz/distribution";
import type { DistributionRequest } from "../../../src/adapters/sefaz/distribution-types";
import { readSoapBody } from "../../../src/adapters/sefaz/soap";

const request: DistributionRequest = {
  environment: 2,
  ufAuthor: "35",
  document: "11222333000181",
  query: { kind: "distNSU", ultNsu: "0" },
};

const zip = (xml: string) => gzipSync(Buffer.from(xml, "utf8")).toString("base64");

const answerXml = (ret: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>` +
  `<nfeDistDFeInteresseResponse xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe"><nfeDistDFeInteresseResult>` +
  `${ret}</nfeDistDFeInteresseResult></nfeDistDFeInteresseResponse></soap:Body></soap:Envelope>`;

const ret = (cStat: number, docs: string, ult = "000000000000002", max = "000000000000002") =>
  `<retDistDFeInt versao="1.01" xmlns="http://www.portalfiscal.inf.br/nfe"><tpAmb>2</tpAmb><verAplic>1.0</verAplic>` +
  `<cStat>${cStat}</cStat><xMotivo>Documento localizado</xMotivo><dhResp>2026-11-26T10:00:00-03:00</dhResp>` +
  `<ultNSU>${ult}</ultNSU><maxNSU>${max}</maxNSU>${docs ? `<loteDistDFeInt>${docs}</loteDistDFeInt>` : ""}</retDistDFeInt>`;

const bodyOf = (xml: string) => {
  const soap = readSoapBody(xml);
  if (!soap.ok) throw new Error(soap.reason);
  return soap.body;
};

describe("the distDFeInt request", () => {
  it("writes the XSD's elements in order inside nfeDadosMsg of nfeDistDFeInteresse", () => {
    const envelope = distributionEnvelope(request);
    expect(envelope).toContain('<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"');
    expect(envelope).toContain(
      '<soap12:Body><nfeDistDFeInteresse xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe"><nfeDadosMsg>' +
        '<distDFeInt xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><tpAmb>2</tpAmb><cUFAutor>35</cUFAutor>' +
        "<CNPJ>11222333000181</CNPJ><distNSU><ultNSU>000000000000000</ultNSU></distNSU></distDFeInt></nfeDadosMsg>",
    );
  });

  it("writes consNSU, consChNFe and a CPF party", () => {
    const key = "35261111222333000181550010000000011000000010";
    expect(
      distributionEnvelope({
        ...request,
        document: "12345678909",
        query: { kind: "consChNFe", accessKey: key },
      }),
    ).toContain(`<CPF>12345678909</CPF><consChNFe><chNFe>${key}</chNFe></consChNFe>`);
    expect(distributionEnvelope({ ...request, query: { kind: "consNSU", nsu: "42" } })).toContain(
      "<consNSU><NSU>000000000000042</NSU></consNSU>",
    );
    expect(nsuText("000000000000107")).toBe("000000000000107");
  });

  it("refuses what the XSD's patterns refuse", () => {
    expect(requestProblem(request)).toBeNull();
    expect(requestProblem({ ...request, ufAuthor: "SP" })).not.toBeNull();
    expect(requestProblem({ ...request, document: "1122" })).not.toBeNull();
    expect(requestProblem({ ...request, query: { kind: "consChNFe", accessKey: "1" } })).not.toBeNull();
    expect(
      requestProblem({ ...request, query: { kind: "distNSU", ultNsu: "1234567890123456" } }),
    ).not.toBeNull();
  });
});

describe("the retDistDFeInt answer", () => {
  it("decodes each docZip (base64 + gzip) with its NSU and schema", async () => {
    const docs =
      `<docZip NSU="000000000000001" schema="resNFe_v1.01.xsd">${zip("<resNFe>ação</resNFe>")}</docZip>` +
      `<docZip NSU="000000000000002" schema="procNFe_v4.00.xsd">${zip("<nfeProc/>")}</docZip>`;
    const read = await readDistributionAnswer(bodyOf(answerXml(ret(138, docs))));
    expect(read).toEqual({
      ok: true,
      answer: {
        cStat: 138,
        xMotivo: "Documento localizado",
        dhResp: "2026-11-26T10:00:00-03:00",
        ultNsu: "000000000000002",
        maxNsu: "000000000000002",
        documents: [
          {
            nsu: "000000000000001",
            schema: "resNFe_v1.01.xsd",
            kind: "resNFe",
            ok: true,
            xml: "<resNFe>ação</resNFe>",
          },
          {
            nsu: "000000000000002",
            schema: "procNFe_v4.00.xsd",
            kind: "procNFe",
            ok: true,
            xml: "<nfeProc/>",
          },
        ],
      },
    });
  });

  it("keeps a docZip that is not gzip or not base64 with its reason", async () => {
    const docs =
      `<docZip NSU="000000000000001" schema="resNFe_v1.01.xsd">${Buffer.from("<resNFe/>").toString("base64")}</docZip>` +
      `<docZip NSU="000000000000002" schema="resEvento_v1.01.xsd">@@not base64@@</docZip>`;
    const read = await readDistributionAnswer(bodyOf(answerXml(ret(138, docs))));
    expect(read.ok && read.answer.documents).toEqual([
      {
        nsu: "000000000000001",
        schema: "resNFe_v1.01.xsd",
        kind: "resNFe",
        ok: false,
        reason: "docZip não é gzip de um XML",
      },
      {
        nsu: "000000000000002",
        schema: "resEvento_v1.01.xsd",
        kind: "resEvento",
        ok: false,
        reason: "docZip não é base64",
      },
    ]);
    expect(await gunzipText(new Uint8Array([0x1f, 0x8b, 8, ...new Array(20).fill(0)]))).toEqual({
      ok: false,
      tooLarge: false,
    });
    // inflated within the bound, or refused as too large
    const big = gzipSync(Buffer.alloc(4096, 32));
    expect(await gunzipText(big, 4096)).toMatchObject({ ok: true });
    expect(await gunzipText(big, 4095)).toEqual({ ok: false, tooLarge: true });
  });

  it("answers 137 without a lot, and refuses answers outside the layout", async () => {
    const nothing = await readDistributionAnswer(bodyOf(answerXml(ret(137, ""))));
    expect(nothing).toMatchObject({ ok: true, answer: { cStat: 137, documents: [] } });
    expect((await readDistributionAnswer(bodyOf(answerXml("<other/>")))).ok).toBe(false);
    expect((await readDistributionAnswer(bodyOf(answerXml(ret(138, "", "x", "y"))))).ok).toBe(false);
    const badNsu = `<docZip NSU="1" schema="resNFe_v1.01.xsd">${zip("<a/>")}</docZip>`;
    expect(await readDistributionAnswer(bodyOf(answerXml(ret(138, badNsu))))).toEqual({
      ok: false,
      reason: "docZip sem NSU válido",
    });
  });

  it("reads a SOAP 1.2 Fault and refuses what is not an envelope", () => {
    const fault =
      '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault>' +
      '<soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt">Erro interno</soap:Text></soap:Reason>' +
      "</soap:Fault></soap:Body></soap:Envelope>";
    expect(readSoapBody(fault)).toEqual({ ok: false, fault: true, reason: "soap:Receiver: Erro interno" });
    expect(readSoapBody("<<<garbage")).toMatchObject({ ok: false, fault: false });
    expect(readSoapBody("<html><body>oops</body></html>")).toMatchObject({ ok: false, fault: false });
  });
});

describe("SoapDistribution", () => {
  const adapter = (respond: (init: RequestInit) => Promise<Response>, timeoutMs = 1000) => {
    const seen: { url: string; init: RequestInit }[] = [];
    return {
      seen,
      sefaz: new SoapDistribution({
        url: "http://127.0.0.1:9/dist",
        timeoutMs,
        production: false,
        fetcher: {
          fetch: (url, init) => {
            seen.push({ url, init });
            return respond(init);
          },
        },
      }),
    };
  };

  it("posts the envelope with the SOAP 1.2 action and answers the decoded documents", async () => {
    const docs = `<docZip NSU="000000000000001" schema="resNFe_v1.01.xsd">${zip("<resNFe/>")}</docZip>`;
    const { sefaz, seen } = adapter(async () => new Response(answerXml(ret(138, docs, "000000000000001"))));
    const result = await sefaz.distribute(request);
    expect(result).toMatchObject({
      ok: true,
      answer: { cStat: 138, documents: [{ nsu: "000000000000001", ok: true }] },
    });
    expect(seen[0]!.init.method).toBe("POST");
    expect((seen[0]!.init.headers as Record<string, string>)["Content-Type"]).toBe(
      `application/soap+xml; charset=utf-8; action="${DISTRIBUTION_ACTION}"`,
    );
    expect(seen[0]!.init.body).toBe(distributionEnvelope(request));
  });

  it("types each failure", async () => {
    const fault =
      '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><s:Fault><s:Code><s:Value>s:Sender</s:Value></s:Code>' +
      "<s:Reason><s:Text>bad</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>";
    const cases: [() => Promise<Response>, string][] = [
      [async () => new Response(fault, { status: 500 }), "fault"],
      [async () => new Response("down", { status: 503 }), "unavailable"],
      [async () => new Response("nope", { status: 403 }), "refused"],
      [async () => new Response("garbage <<"), "invalid_answer"],
      [async () => Promise.reject(new TypeError("connect ECONNREFUSED")), "network"],
      [
        async () => new Response(null, { status: 308, headers: { Location: "http://127.0.0.1:9/x" } }),
        "unavailable",
      ],
    ];
    for (const [respond, failure] of cases) {
      expect(await adapter(respond).sefaz.distribute(request)).toMatchObject({ ok: false, failure });
    }
    const stalled = adapter(
      (init) =>
        new Promise((_, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason))),
      50,
    );
    expect(await stalled.sefaz.distribute(request)).toMatchObject({ ok: false, failure: "timeout" });
    const refused = adapter(async () => new Response(""));
    expect(await refused.sefaz.distribute({ ...request, ufAuthor: "X" })).toMatchObject({
      ok: false,
      failure: "refused",
    });
    expect(refused.seen).toHaveLength(0);
  });
});
