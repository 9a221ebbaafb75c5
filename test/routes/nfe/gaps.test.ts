import { beforeAll, describe, expect, it } from "vitest";
import { insertNote, insertVoid, invoicedOrder, newIssuer } from "../../support/issued-nfe-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let orderId: number;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  orderId = (await invoicedOrder(api)).orderId;
});

const gaps = (query: string) => api.get(`/nfe/gaps?${query}`);

describe("GET /nfe/gaps", () => {
  it("lists the numbers below the next one with no note and no registered voiding, as ranges", async () => {
    const issuerId = await newIssuer(api, { NFeSeries: 1, NFeNextNumber: 20 });
    for (const number of [1, 2, 5, 9, 12])
      await insertNote({ companyInvoiceId: issuerId, orderId, number, status: "Denied" });
    await insertVoid({ companyInvoiceId: issuerId, numberFrom: 6, numberTo: 7 });
    // neither a rejected voiding nor one waiting for SEFAZ's answer covers its numbers
    await insertVoid({
      companyInvoiceId: issuerId,
      numberFrom: 14,
      numberTo: 15,
      status: "Rejected",
      cStat: 241,
    });
    await insertVoid({
      companyInvoiceId: issuerId,
      numberFrom: 17,
      numberTo: 17,
      status: "Pending",
      cStat: null,
    });
    // another series and another issuer do not count
    await insertNote({ companyInvoiceId: issuerId, orderId, number: 3, series: 2, status: "Denied" });
    const response = await gaps(`IDCompanyInvoice=${issuerId}&Model=55&Series=1`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      IDCompanyInvoice: issuerId,
      Model: 55,
      Series: 1,
      NextNumber: 20,
      Gaps: [
        { NumberFrom: 3, NumberTo: 4, Count: 2 },
        { NumberFrom: 8, NumberTo: 8, Count: 1 },
        { NumberFrom: 10, NumberTo: 11, Count: 2 },
        { NumberFrom: 13, NumberTo: 19, Count: 7 },
      ],
    });
  });

  it("defaults to the issuer's series; another series runs to one past its highest used number", async () => {
    const issuerId = await newIssuer(api, { NFeSeries: 3, NFeNextNumber: 4 });
    expect((await gaps(`IDCompanyInvoice=${issuerId}`)).body).toMatchObject({
      Series: 3,
      NextNumber: 4,
      Gaps: [{ NumberFrom: 1, NumberTo: 3, Count: 3 }],
    });
    await insertNote({ companyInvoiceId: issuerId, orderId, number: 7, series: 8, status: "Denied" });
    await insertVoid({ companyInvoiceId: issuerId, series: 8, numberFrom: 2, numberTo: 3 });
    expect((await gaps(`IDCompanyInvoice=${issuerId}&Series=8`)).body).toMatchObject({
      Series: 8,
      NextNumber: 8,
      Gaps: [
        { NumberFrom: 1, NumberTo: 1, Count: 1 },
        { NumberFrom: 4, NumberTo: 6, Count: 3 },
      ],
    });
    expect((await gaps(`IDCompanyInvoice=${issuerId}&Series=9`)).body).toMatchObject({
      NextNumber: 1,
      Gaps: [],
    });
  });

  it("a voiding that reaches past a note and a note inside a voided range leave no false gap", async () => {
    const issuerId = await newIssuer(api, { NFeSeries: 1, NFeNextNumber: 30 });
    await insertVoid({ companyInvoiceId: issuerId, numberFrom: 1, numberTo: 10 });
    await insertNote({ companyInvoiceId: issuerId, orderId, number: 4, status: "Denied" });
    await insertVoid({ companyInvoiceId: issuerId, numberFrom: 11, numberTo: 29 });
    expect((await gaps(`IDCompanyInvoice=${issuerId}`)).body).toMatchObject({ Gaps: [] });
  });

  it("refuses a missing or foreign invoicing company, a model other than 55 and a series out of the layout", async () => {
    const issuerId = await newIssuer(api);
    expectRefusal(await gaps("Series=1"), "IDCompanyInvoice é obrigatório");
    expectRefusal(await gaps("IDCompanyInvoice=999999"), "Faturador não existe");
    const other = await companyTwoApi();
    expectRefusal(await other.get(`/nfe/gaps?IDCompanyInvoice=${issuerId}`), "Faturador não existe");
    expectRefusal(await gaps(`IDCompanyInvoice=${issuerId}&Model=65`), "Model deve ser 55 (NF-e)");
    expectRefusal(
      await gaps(`IDCompanyInvoice=${issuerId}&Series=1000`),
      "Series deve ser um número inteiro de 0 a 999",
    );
    expectRefusal(
      await gaps(`IDCompanyInvoice=${issuerId}&Series=-1`),
      "Series deve ser um número inteiro de 0 a 999",
    );
  });
});
