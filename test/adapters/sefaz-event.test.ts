import { describe, expect, it } from "vitest";
import { SefazEventError } from "../../src/adapters/sefaz/event-failures";
import { manifestGatewayFor, type SefazEventGateway } from "../../src/adapters/sefaz/event-gateway";
import { readEventAnswer } from "../../src/adapters/sefaz/event-xml";
import { isRegistered, type ManifestRequest } from "../../src/adapters/sefaz/types";
import {
  manifestRejected,
  SEFAZ_EVENT_AUTHOR_MISMATCH,
  SEFAZ_EVENT_SIGNING_FAILED,
  sefazEventFault,
  sefazEventInvalidAnswer,
  sefazEventTimeout,
  sefazEventUnavailable,
} from "../../src/domain/nfe/messages";
import { sefazEventDouble } from "../support/sefaz-event-double";

/** The test certificate's CNPJ (its subject ends in `:11222333000181`). */
const CNPJ = "11222333000181";
const KEY = "35261112345678000195550010000001231000001234";
const OTHER_KEY = "35261112345678000195550010000001241000001235";

const request = (overrides: Partial<ManifestRequest> = {}): ManifestRequest => ({
  accessKey: KEY,
  authorDocument: CNPJ,
  event: 210210,
  comments: null,
  at: "2026-11-26T10:00:00-03:00",
  ...overrides,
});

async function gatewayOn(name: string, settings: Parameters<typeof sefazEventDouble>[1] = {}) {
  const double = await sefazEventDouble(name, settings);
  const gateway = manifestGatewayFor({
    tpAmb: 2,
    cnpj: CNPJ,
    baseUrl: double.baseUrl,
    privateKey: double.keyPem,
    certificatePem: double.certificatePem,
    timeoutMs: 800,
    production: false,
  });
  return { double, gateway };
}

/** The reason `manifest` throws with when SEFAZ gave no answer. */
async function failureOf(gateway: SefazEventGateway, sent = request()): Promise<string> {
  const error = await gateway.manifest(sent).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SefazEventError);
  return (error as SefazEventError).message;
}

describe("SEFAZ event service (RecepcaoEvento 4.00) over HTTP against the double", () => {
  it("registers an awareness: 135 with the protocol, sent as SOAP 1.2 with the layout's event", async () => {
    const { double, gateway } = await gatewayOn("accepted");
    const answer = await gateway.manifest(request());
    expect(answer.cStat).toBe(135);
    expect(answer.xMotivo).toBe("Evento registrado e vinculado a NF-e");
    expect(answer.protocol).toMatch(/^\d{15}$/);
    expect(answer.registeredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    const [sent] = await double.requests();
    expect(sent!.headers["content-type"]).toBe(
      'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4/nfeRecepcaoEventoNF"',
    );
    expect(sent!.body).toContain(
      `<evento versao="1.00"><infEvento Id="ID210210${KEY}01"><cOrgao>91</cOrgao><tpAmb>2</tpAmb><CNPJ>${CNPJ}</CNPJ><chNFe>${KEY}</chNFe><dhEvento>2026-11-26T10:00:00-03:00</dhEvento><tpEvento>210210</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Ciencia da Operacao</descEvento></detEvento></infEvento><Signature xmlns="http://www.w3.org/2000/09/xmldsig#">`,
    );
  });

  it("sends xJust only for 210240, and the double accepts its signature", async () => {
    const { double, gateway } = await gatewayOn("not-done");
    const answer = await gateway.manifest(
      request({ event: 210240, comments: "Mercadoria devolvida na portaria" }),
    );
    expect(answer.cStat).toBe(135);
    const [sent] = await double.requests();
    expect(sent!.body).toContain(
      "<descEvento>Operacao nao Realizada</descEvento><xJust>Mercadoria devolvida na portaria</xJust>",
    );
    // the comments of other events are not part of their layout
    await gateway.manifest(
      request({ accessKey: OTHER_KEY, event: 210200, comments: "observação interna qualquer" }),
    );
    const [, second] = await double.requests();
    expect(second!.body).not.toContain("xJust");
  });

  it("answers 136 (registered, not linked to the NF-e yet) as registered", async () => {
    const { gateway } = await gatewayOn("unlinked", { unlinkedKeys: [KEY] });
    const answer = await gateway.manifest(request());
    expect(answer.cStat).toBe(136);
    expect(isRegistered(answer.cStat)).toBe(true);
    expect(answer.protocol).toMatch(/^\d{15}$/);
  });

  it("answers a repeated event with 573 and an event after a conclusive one with 655, SEFAZ's reason kept", async () => {
    const { gateway } = await gatewayOn("rejections");
    expect((await gateway.manifest(request({ event: 210200 }))).cStat).toBe(135);
    const duplicate = await gateway.manifest(request({ event: 210200 }));
    expect(duplicate).toEqual({
      cStat: 573,
      xMotivo: "Rejeição: Duplicidade de evento",
      protocol: null,
      registeredAt: null,
    });
    expect(isRegistered(duplicate.cStat)).toBe(false);
    expect(manifestRejected(duplicate.cStat, duplicate.xMotivo)).toBe(
      "SEFAZ rejeitou o evento: 573 - Rejeição: Duplicidade de evento",
    );
    const late = await gateway.manifest(request({ event: 210210 }));
    expect(late.cStat).toBe(655);
    expect(late.protocol).toBeNull();
  });

  it("is refused with 297 when the signature does not match the certificate (another key signed)", async () => {
    const double = await sefazEventDouble("bad-signature");
    const pair = (await crypto.subtle.generateKey(
      {
        name: "RSASSA-PKCS1-v1_5",
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: "SHA-1",
      },
      false,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const gateway = manifestGatewayFor({
      tpAmb: 2,
      cnpj: CNPJ,
      baseUrl: double.baseUrl,
      privateKey: pair.privateKey,
      certificatePem: double.certificatePem,
      production: false,
    });
    const answer = await gateway.manifest(request());
    expect(answer.cStat).toBe(297);
    expect(manifestRejected(answer.cStat, answer.xMotivo)).toBe(
      "SEFAZ rejeitou o evento: 297 - Rejeição: Assinatura difere do calculado",
    );
  });

  it("is refused with 252 when the environment differs from the service's", async () => {
    const { gateway } = await gatewayOn("production-service", { tpAmb: "1" });
    const answer = await gateway.manifest(request());
    expect(answer.cStat).toBe(252);
    expect(answer.xMotivo).toBe("Rejeição: Ambiente informado diverge do Ambiente de recebimento");
  });

  it("sends nothing for a recipient outside the certificate's CNPJ root", async () => {
    const { double, gateway } = await gatewayOn("other-author");
    const outcome = await gateway.send(request({ authorDocument: "99888777000166" }));
    expect(outcome).toEqual({
      ok: false,
      failure: { kind: "author_mismatch" },
      reason: SEFAZ_EVENT_AUTHOR_MISMATCH,
    });
    expect(await double.requests()).toEqual([]);
  });

  it("types what is not an answer: SOAP Fault, 5xx, garbage, timeout, redirect, closed port", async () => {
    const { double, gateway } = await gatewayOn("faults");
    await double.faults(["fault", "500", "garbage", "slow", "308"]);
    expect(await failureOf(gateway)).toBe(
      sefazEventFault("soap:Receiver", "Server was unable to process request. ---> Erro interno"),
    );
    expect(await failureOf(gateway)).toBe(sefazEventUnavailable(500));
    expect(await failureOf(gateway)).toBe(sefazEventInvalidAnswer("corpo não é XML"));
    expect(await failureOf(gateway)).toBe(sefazEventTimeout(1));
    // a redirect is never followed (the double sends it to itself: following it would register)
    expect(await failureOf(gateway)).toMatch(
      /^SEFAZ respondeu com um redirecionamento \(HTTP 308 para http:\/\/127\.0\.0\.1:\d+\), que não é seguido: o evento não foi registrado$/,
    );
    // after the faults the service answers again: nothing was registered by them
    expect((await gateway.manifest(request())).cStat).toBe(135);

    const closed = manifestGatewayFor({
      tpAmb: 2,
      cnpj: CNPJ,
      baseUrl: "http://127.0.0.1:1",
      privateKey: double.keyPem,
      certificatePem: double.certificatePem,
      production: false,
    });
    const outcome = await closed.send(request());
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.failure.kind).toBe("network");
      expect(outcome.reason.startsWith("Falha de conexão com a SEFAZ: ")).toBe(true);
    }
  });

  it("posts to the national environment through the given fetcher (the mTLS binding) by default", async () => {
    const { keyPem, certificatePem } = await sefazEventDouble("unused");
    const seen: string[] = [];
    const gateway = manifestGatewayFor({
      tpAmb: 2,
      cnpj: CNPJ,
      privateKey: keyPem,
      certificatePem,
      fetcher: {
        fetch: async (url) => {
          seen.push(url);
          return new Response("<html>503</html>", { status: 503 });
        },
      },
    });
    expect(await failureOf(gateway)).toBe(sefazEventUnavailable(503));
    expect(seen).toEqual(["https://hom1.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx"]);
  });

  it("sends the awareness (210210) of an arriving summary; a second one is SEFAZ's 573", async () => {
    const { double, gateway } = await gatewayOn("awareness");
    const awareness = {
      accessKey: KEY,
      authorDocument: CNPJ,
      event: 210210 as const,
      comments: null,
      at: "2026-11-26T11:00:00-03:00",
    };
    const first = await gateway.send(awareness);
    expect(first.ok && first.answer.cStat).toBe(135);
    const again = await gateway.send(awareness);
    expect(again.ok && again.answer.cStat).toBe(573);
    const [sent] = await double.requests();
    expect(sent!.body).toContain("<tpEvento>210210</tpEvento>");
  });

  it("the double refuses what breaks the layout or the signature standard, as SEFAZ does", async () => {
    const { double, gateway } = await gatewayOn("layout");
    await gateway.manifest(request({ accessKey: OTHER_KEY }));
    const [valid] = await double.requests();
    const post = async (body: string) => {
      const response = await fetch(`${double.baseUrl}/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx`, {
        method: "POST",
        headers: { "Content-Type": valid!.headers["content-type"]! },
        body,
      });
      const read = readEventAnswer(await response.text(), request({ accessKey: OTHER_KEY }));
      return read.kind === "answer" ? `${read.answer.cStat} ${read.answer.xMotivo}` : read.kind;
    };
    expect(await post(valid!.body.replace("<cOrgao>91</cOrgao>", "<cOrgao>35</cOrgao>"))).toBe(
      "215 Rejeição: Falha no schema XML (cOrgao deve ser 91 (Ambiente Nacional))",
    );
    expect(await post(valid!.body.replace("T10:00:00-03:00", "T10:00:00"))).toBe(
      "215 Rejeição: Falha no schema XML (dhEvento fora do formato AAAA-MM-DDThh:mm:ssTZD)",
    );
    expect(
      await post(
        valid!.body.replace("</descEvento>", "</descEvento><xJust>justificativa longa o bastante</xJust>"),
      ),
    ).toBe("215 Rejeição: Falha no schema XML (xJust só é aceito para 210240)");
    expect(await post(valid!.body.replace("xmldsig#rsa-sha1", "xmldsig-more#rsa-sha256"))).toBe(
      "298 Rejeição: Assinatura difere do padrão do Sistema",
    );
    // a value changed after signing: the digest no longer matches
    expect(await post(valid!.body.replace("T10:00:00-03:00", "T10:00:01-03:00"))).toBe(
      "297 Rejeição: Assinatura difere do calculado",
    );
    // the untouched body is SEFAZ's duplicate of the event already registered
    expect(await post(valid!.body)).toBe("573 Rejeição: Duplicidade de evento");
  });

  it("sends nothing when the integration's key or certificate cannot sign, and says so without the key", async () => {
    const double = await sefazEventDouble("unsigned");
    const connection = { tpAmb: 2 as const, cnpj: CNPJ, baseUrl: double.baseUrl };
    const badKey = manifestGatewayFor({
      ...connection,
      privateKey: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
      certificatePem: double.certificatePem,
    });
    const noCertificate = manifestGatewayFor({
      ...connection,
      privateKey: double.keyPem,
      certificatePem: "not a PEM",
    });
    for (const gateway of [badKey, noCertificate]) {
      const outcome = await gateway.send(request());
      expect(outcome).toEqual({
        ok: false,
        failure: { kind: "signing" },
        reason: SEFAZ_EVENT_SIGNING_FAILED,
      });
    }
    expect(await failureOf(badKey)).toBe(SEFAZ_EVENT_SIGNING_FAILED);
    expect(await double.requests()).toEqual([]);
    // a request outside the layout is the caller's defect, not SEFAZ's nor the key's
    await expect(badKey.send(request({ accessKey: "123" }))).rejects.toThrow(TypeError);
  });
});
