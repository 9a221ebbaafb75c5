import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderTypes } from "../../../drizzle/schema";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

async function newOrderType(body: Record<string, unknown> = {}) {
  const response = await api.post("/type/order/type", { Description: unique("Tipo"), ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body[0]!;
}

describe("/type/order/type: CFOP and nature of the operation of the NF-e", () => {
  it("an order type without them answers nulls", async () => {
    const created = await newOrderType();
    expect(created).toMatchObject({ CFOPInState: null, CFOPOutOfState: null, NatOp: null });
  });

  it("stores the CFOPs as digits and the trimmed nature, answered by POST, GET and the list", async () => {
    const created = await newOrderType({
      CFOPInState: "5.102",
      CFOPOutOfState: "6102",
      NatOp: "  Venda de mercadoria adquirida de terceiros ",
    });
    expect(created).toMatchObject({
      CFOPInState: "5102",
      CFOPOutOfState: "6102",
      NatOp: "Venda de mercadoria adquirida de terceiros",
    });
    expect((await api.get(`/type/order/type/${created.IDTypeOrder}`)).body).toEqual([created]);
    expect((await api.get("/type/order/type")).body).toContainEqual(created);
    expect(
      await demoDb().select().from(orderTypes).where(eq(orderTypes.id, created.IDTypeOrder)).get(),
    ).toMatchObject({
      cfopInState: "5102",
      cfopOutOfState: "6102",
      natOp: "Venda de mercadoria adquirida de terceiros",
    });
  });

  it("PUT changes only what is sent; null or empty clears", async () => {
    const created = await newOrderType({ CFOPInState: "5102", CFOPOutOfState: "6102", NatOp: "Venda" });
    const id = created.IDTypeOrder;
    const changed = await api.put(`/type/order/type/${id}`, { CFOPInState: "5405" });
    expect(changed.body[0]).toEqual({ ...created, CFOPInState: "5405" });
    const cleared = await api.put(`/type/order/type/${id}`, { CFOPOutOfState: null, NatOp: " " });
    expect(cleared.body[0]).toEqual({ ...created, CFOPInState: "5405", CFOPOutOfState: null, NatOp: null });
  });

  const IN_STATE = "CFOPInState deve ter 4 dígitos e começar com 5 (saída para dentro do estado), ex.: 5102";
  const OUT_OF_STATE =
    "CFOPOutOfState deve ter 4 dígitos e começar com 6 (saída para outro estado), ex.: 6102";
  const refusals: [string, Record<string, unknown>, string][] = [
    ["an in-state CFOP of another state (6102)", { CFOPInState: "6102" }, IN_STATE],
    ["an in-state CFOP of an inbound operation (1102)", { CFOPInState: "1102" }, IN_STATE],
    ["an in-state CFOP of 3 digits", { CFOPInState: "510" }, IN_STATE],
    ["an in-state CFOP of 5 digits", { CFOPInState: "51020" }, IN_STATE],
    ["an in-state CFOP with a letter", { CFOPInState: "510A" }, IN_STATE],
    ["an in-state CFOP as a number", { CFOPInState: 5102 }, IN_STATE],
    ["an out-of-state CFOP of the state (5102)", { CFOPOutOfState: "5102" }, OUT_OF_STATE],
    ["an out-of-state CFOP of an export (7102)", { CFOPOutOfState: "7102" }, OUT_OF_STATE],
    ["an out-of-state CFOP of 3 digits", { CFOPOutOfState: "610" }, OUT_OF_STATE],
    ["a nature of 61 characters", { NatOp: "V".repeat(61) }, "NatOp aceita no máximo 60 caracteres"],
    [
      "a nature with a line break",
      { NatOp: "Venda\nde mercadoria" },
      "NatOp não pode conter caracteres de controle nem quebras de linha",
    ],
    [
      "a nature with an emoji",
      { NatOp: "Venda 🛒" },
      "NatOp tem um caractere que a NF-e não aceita (U+1F6D2): use letras, números, espaços e pontuação comum",
    ],
  ];

  it.each(refusals)("refuses %s on POST and on PUT, writing nothing", async (_case, field, message) => {
    const before = (await api.get("/type/order/type")).body.length;
    expectRefusal(await api.post("/type/order/type", { Description: unique("Tipo"), ...field }), message);
    expect((await api.get("/type/order/type")).body.length).toBe(before);
    const created = await newOrderType({ CFOPInState: "5102", CFOPOutOfState: "6102", NatOp: "Venda" });
    expectRefusal(await api.put(`/type/order/type/${created.IDTypeOrder}`, field), message);
    expect((await api.get(`/type/order/type/${created.IDTypeOrder}`)).body).toEqual([created]);
  });
});
