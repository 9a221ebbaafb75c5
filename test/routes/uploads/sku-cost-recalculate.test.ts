import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, products } from "../../../drizzle/schema";
import { client, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { dbOf, seedProduct, uploadMultipart, utf8, waitForJob } from "../../support/upload-factories";

let admin: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  await seedAccounts();
  admin = await signIn("demo", "admin@demo.local");
  api = client("demo", admin);
});

const costOf = async (id: number) =>
  (await dbOf().select({ cost: products.cost }).from(products).where(eq(products.id, id)).get())!.cost;

async function latestRecalculation(productId: number) {
  const list = await api.get<{ IDJob: number; Params: { IDSku: number } }[]>("/job?Type=SkuCostRecalculate");
  const job = list.body.find((item) => item.Params.IDSku === productId);
  return waitForJob(admin, job!.IDJob);
}

describe("POST /sku/{idsku}/cost/recalculate", () => {
  it("queues a job that sets the cost to the average of the recorded costs, rounded to the cent", async () => {
    for (const [index, cost] of ["10,00", "10,05"].entries()) {
      const response = await uploadMultipart(
        admin,
        "/sku/template",
        utf8(`code;name;cost\nAVG-1;Média;${cost}\n`),
        {
          fileName: `custos-${index}.csv`,
        },
      );
      await waitForJob(admin, response.body.IDJob);
    }
    const product = (await dbOf().select().from(products).where(eq(products.code, "AVG-1")).get())!;
    expect(product.cost).toBe(1005);

    const response = await api.post(`/sku/${product.id}/cost/recalculate`);
    expect(response).toMatchObject({ status: 200, body: { Message: "Recálculo de custo agendado" } });
    expect(response.body).toEqual({ Message: "Recálculo de custo agendado" });
    const job = await latestRecalculation(product.id);
    expect(job).toMatchObject({
      Type: "SkuCostRecalculate",
      Status: "Done",
      Result: { records: 2, updated: 1 },
      FileName: null,
      Params: { IDSku: product.id },
    });
    expect(await costOf(product.id)).toBe(1003);
  });

  it("leaves the cost unchanged when nothing was recorded", async () => {
    const id = await seedProduct({ code: "NOREC-1", cost: 4242 });
    expect((await api.post(`/sku/${id}/cost/recalculate`)).status).toBe(200);
    const job = await latestRecalculation(id);
    expect(job).toMatchObject({ Status: "Done", Result: { records: 0, updated: 0 } });
    expect(await costOf(id)).toBe(4242);
  });

  it("every request is its own job", async () => {
    const id = await seedProduct({ code: "TWICE-REC" });
    await api.post(`/sku/${id}/cost/recalculate`);
    await api.post(`/sku/${id}/cost/recalculate`);
    const rows = await dbOf()
      .select()
      .from(jobs)
      .where(eq(jobs.params, JSON.stringify({ IDSku: id })));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.fileHash)).size).toBe(2);
  });

  it("answers 400 Produto não existe for a missing, deleted or foreign SKU", async () => {
    const deleted = await seedProduct({ code: "GONE-1", status: 0 });
    const foreign = await seedProduct({ code: "FILIAL-1" }, 2);
    for (const id of [999_999, deleted, foreign]) {
      const response = await api.post(`/sku/${id}/cost/recalculate`);
      expectRefusal(response, "Produto não existe");
    }
    const invalid = await api.post("/sku/abc/cost/recalculate");
    expect(invalid.status).toBe(400);
  });
});
