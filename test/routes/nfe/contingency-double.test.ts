import { describe, expect, it } from "vitest";
import { authorizationClient } from "../../../src/adapters/sefaz/authorization/client";
import { cnpjOfBranch, sampleEnviNFe } from "../../support/authorization-samples";
import { sefazAuthorizerDouble } from "../../support/sefaz-authorizer-double";

/**
 * The double's SVC authorizers over HTTP (the paths of the authorizers' table on the same server):
 * like SEFAZ, an SVC refuses a note signed with a tpEmis other than its own (713) and the UF's
 * normal authorizer refuses a tpEmis 6/7 note (570); each takes the notes meant for it. Outages per
 * issuer and authorizer: the SVC answers while the normal authorizer is stopped.
 */

let branch = 700 + Math.floor(Math.random() * 200);
async function issuer(uf: "SP" | "PR", cUF: "35" | "41") {
  const cnpj = cnpjOfBranch(branch++);
  const double = await sefazAuthorizerDouble(cnpj, { label: cnpj });
  const connection = {
    uf,
    model: 55 as const,
    environment: 2 as const,
    baseUrl: double.baseUrl,
    production: false,
    timeoutMs: 3000,
  };
  const credentials = { keyPem: double.keyPem, certificatePem: double.certificatePem };
  return {
    double,
    normal: authorizationClient(connection),
    svc: authorizationClient({ ...connection, emissionType: uf === "SP" ? 6 : 7 }),
    note: (number: number, tpEmis: 1 | 6 | 7) =>
      sampleEnviNFe({ cnpj, number, cUF, uf, tpEmis }, credentials),
  };
}

describe("the double's SVC authorizers", () => {
  it("SVC-AN authorizes tpEmis 6 and refuses tpEmis 1 and 7 (713); the normal authorizer refuses 6 (570)", async () => {
    const { double, normal, svc, note } = await issuer("SP", "35");
    expect(await svc.authorize((await note(1, 6)).xml)).toMatchObject({ ok: true, cStat: 100 });
    for (const [number, tpEmis] of [
      [2, 1],
      [3, 7],
    ] as const)
      expect(await svc.authorize((await note(number, tpEmis)).xml)).toMatchObject({
        ok: true,
        cStat: 713,
        xMotivo: "Rejeição: Tipo de Emissão diferente de 6 ou 7 para contingência da SVC acessada",
      });
    expect(await normal.authorize((await note(4, 6)).xml)).toMatchObject({
      ok: true,
      cStat: 570,
      xMotivo: "Rejeição: Tipo de Emissão 3, 6 ou 7 só é válido nas contingências SCAN/SVC",
    });
    expect(await normal.authorize((await note(5, 1)).xml)).toMatchObject({ ok: true, cStat: 100 });
    const paths = (await double.requests()).map((r) => [r.authorizer, r.path]);
    expect(paths).toEqual([
      ["svc", "/NFeAutorizacao4/NFeAutorizacao4.asmx"],
      ["svc", "/NFeAutorizacao4/NFeAutorizacao4.asmx"],
      ["svc", "/NFeAutorizacao4/NFeAutorizacao4.asmx"],
      ["normal", "/ws/nfeautorizacao4.asmx"],
      ["normal", "/ws/nfeautorizacao4.asmx"],
    ]);
  });

  it("SVC-RS (PR) takes tpEmis 7 only", async () => {
    const { double, svc, normal, note } = await issuer("PR", "41");
    expect(await svc.authorize((await note(1, 7)).xml)).toMatchObject({ ok: true, cStat: 100 });
    expect(await svc.authorize((await note(2, 6)).xml)).toMatchObject({ ok: true, cStat: 713 });
    expect(await normal.authorize((await note(3, 7)).xml)).toMatchObject({ ok: true, cStat: 570 });
    expect((await double.requests()).map((r) => r.authorizer)).toEqual(["svc", "svc", "normal"]);
  });

  it("an outage of the normal authorizer (108, stop, stall, garbage) leaves the SVC answering; back again", async () => {
    const { double, normal, svc, note } = await issuer("SP", "35");
    await double.outage("normal", "108");
    expect(await normal.authorize((await note(1, 1)).xml)).toMatchObject({ ok: true, cStat: 108 });
    expect(await normal.status()).toMatchObject({ ok: true, cStat: 108 });
    expect(await svc.status()).toMatchObject({ ok: true, cStat: 107 });
    expect(await svc.authorize((await note(2, 6)).xml)).toMatchObject({ ok: true, cStat: 100 });
    await double.outage("normal", "stop");
    expect(await normal.status()).toMatchObject({ ok: false, failure: { kind: "network" } });
    await double.outage("normal", "garbage");
    expect(await normal.status()).toMatchObject({ ok: false, failure: { kind: "invalid_answer" } });
    await double.outage("normal", "stall");
    expect(await normal.status()).toMatchObject({ ok: false, failure: { kind: "timeout" } });
    await double.outage("normal", null);
    expect(await normal.status()).toMatchObject({ ok: true, cStat: 107 });
    expect(await normal.authorize((await note(3, 1)).xml)).toMatchObject({ ok: true, cStat: 100 });
  });
});
