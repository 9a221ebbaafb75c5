import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyInvoices } from "../../../drizzle/schema";
import {
  authorizedNote,
  eventRows,
  ISSUER_CNPJ,
  sefazIssuer,
  voidRows,
} from "../../support/issued-nfe-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { sefazAuthorizerDouble } from "../../support/sefaz-authorizer-double";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let double: Awaited<ReturnType<typeof sefazAuthorizerDouble>>;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  double = await sefazAuthorizerDouble(ISSUER_CNPJ, { tpAmb: "2" });
});

describe("CC-e and voiding against SEFAZ", () => {
  it("CC-e: sequences 1 and 2 registered, the latest text is the note's correction; a rejection keeps it", async () => {
    const issuerId = await sefazIssuer(api, double.baseUrl);
    const { note } = await authorizedNote(api, { issuerId });
    await double.script(["135", "135", "580"]);
    const first = await api.post(`/nfe/${note.id}/correction`, {
      Correction: "Endereço de entrega: Rua das Flores, 100",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await api.post(`/nfe/${note.id}/correction`, {
      Correction: "Endereço de entrega: Rua das Flores, 110",
    });
    expect(second.body).toMatchObject({
      Correction: "Endereço de entrega: Rua das Flores, 110",
      Events: [
        { Type: 110110, Sequence: 1, Status: "Registered" },
        { Type: 110110, Sequence: 2, Status: "Registered" },
      ],
    });
    const [, event] = await eventRows(note.id);
    expect(await (await env.UPLOADS.get(event!.xmlKey!))!.text()).toContain(
      "<xCorrecao>Endereço de entrega: Rua das Flores, 110</xCorrecao>",
    );
    expectRefusal(
      await api.post(`/nfe/${note.id}/correction`, {
        Correction: "Endereço de entrega: Rua das Flores, 120",
      }),
      "SEFAZ rejeitou a carta de correção: 580 - Rejeição: O evento exige uma NF-e autorizada",
    );
  });

  it("voiding: 102 registers the range, moves the next number past it; the range is then refused", async () => {
    const issuerId = await sefazIssuer(api, double.baseUrl, { NFeNextNumber: 5 });
    await double.script(["102"]);
    const response = await api.post("/nfe/void", {
      IDCompanyInvoice: issuerId,
      Model: 55,
      Series: 1,
      NumberFrom: 3,
      NumberTo: 7,
      Justification: "Falha do sistema ao transmitir as notas",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ Status: "Registered", cStat: 102, NumberFrom: 3, NumberTo: 7 });
    const [row] = await voidRows(issuerId);
    expect(await (await env.UPLOADS.get(row!.xmlKey!))!.text()).toMatch(/^<ProcInutNFe/);
    const issuer = await demoDb()
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.id, issuerId))
      .get();
    expect(issuer!.nfeNextNumber).toBe(8);
    expect((await api.get(`/nfe/gaps?IDCompanyInvoice=${issuerId}`)).body.Gaps).toEqual([
      { NumberFrom: 1, NumberTo: 2, Count: 2 },
    ]);
  });
});
