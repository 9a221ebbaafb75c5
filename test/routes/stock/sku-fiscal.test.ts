import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../../drizzle/schema";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newSku } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

describe("/sku: fiscal data of the NF-e item (NCM, CEST, origin)", () => {
  it("a SKU without them answers nulls", async () => {
    const sku = await newSku(api);
    expect((await api.get(`/sku/${sku.IDSku}`)).body[0]).toMatchObject({
      NCM: null,
      CEST: null,
      Origin: null,
    });
  });

  it("stores NCM and CEST as digits and the origin, answered by POST, GET and the list", async () => {
    const created = await api.post("/sku", {
      Code: unique("CAFE").replace(/\s/g, "-"),
      Name: "Café torrado 500 g",
      NCM: "0901.21.00",
      CEST: "17.096.00",
      Origin: 0,
    });
    expect(created.status).toBe(200);
    const sku = created.body[0]!;
    expect(sku).toMatchObject({ NCM: "09012100", CEST: "1709600", Origin: 0, Unit: "UN" });
    expect((await api.get(`/sku/${sku.IDSku}`)).body).toEqual([sku]);
    expect((await api.get(`/sku?Search=${encodeURIComponent(sku.Code!)}`)).body).toEqual([sku]);
    expect(await demoDb().select().from(products).where(eq(products.id, sku.IDSku)).get()).toMatchObject({
      ncm: "09012100",
      cest: "1709600",
      origin: 0,
    });
  });

  it("PUT changes only what is sent; null or empty clears; every origin 0 to 8 is accepted", async () => {
    const sku = await newSku(api, { NCM: "61091000", CEST: "2806300", Origin: 1 });
    for (const origin of [0, 2, 3, 4, 5, 6, 7, 8]) {
      expect((await api.put(`/sku/${sku.IDSku}`, { Origin: origin })).body[0]).toMatchObject({
        NCM: "61091000",
        CEST: "2806300",
        Origin: origin,
      });
    }
    const cleared = await api.put(`/sku/${sku.IDSku}`, { CEST: "", Origin: null });
    expect(cleared.body[0]).toMatchObject({ NCM: "61091000", CEST: null, Origin: null });
    expect((await api.put(`/sku/${sku.IDSku}`, { NCM: null })).body[0]).toMatchObject({ NCM: null });
  });

  const NCM = "NCM deve ter 8 dígitos";
  const CEST = "CEST deve ter 7 dígitos";
  const ORIGIN = "Origin deve ser um número de 0 a 8 (origem da mercadoria na NF-e)";
  const refusals: [string, Record<string, unknown>, string][] = [
    ["an NCM of 7 digits", { NCM: "0901210" }, NCM],
    ["an NCM of 2 digits (the services' code of the layout)", { NCM: "00" }, NCM],
    ["an NCM of 9 digits", { NCM: "090121001" }, NCM],
    ["an NCM with a letter", { NCM: "0901.21.0A" }, NCM],
    ["an NCM as a number", { NCM: 9012100 }, NCM],
    ["a CEST of 6 digits", { CEST: "170960" }, CEST],
    ["a CEST of 8 digits", { CEST: "17096000" }, CEST],
    ["a CEST with a dash", { CEST: "17-096-00" }, CEST],
    ["origin 9", { Origin: 9 }, ORIGIN],
    ["origin -1", { Origin: -1 }, ORIGIN],
    ["origin 1.5", { Origin: 1.5 }, ORIGIN],
    ["origin as text", { Origin: "0" }, ORIGIN],
  ];

  it.each(refusals)("refuses %s on POST and on PUT, writing nothing", async (_case, field, message) => {
    const code = unique("FISC").replace(/\s/g, "-");
    expectRefusal(await api.post("/sku", { Code: code, Name: "x", ...field }), message);
    expect((await api.get(`/sku?Search=${encodeURIComponent(code)}`)).body).toEqual([]);
    const sku = await newSku(api, { NCM: "61091000", CEST: "2806300", Origin: 1 });
    const before = (await api.get(`/sku/${sku.IDSku}`)).body;
    expectRefusal(await api.put(`/sku/${sku.IDSku}`, field), message);
    expect((await api.get(`/sku/${sku.IDSku}`)).body).toEqual(before);
  });
});
