import { asc, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { marketplaceSettlements } from "../../drizzle/schema";
import { signIn } from "../support/api";
import { expectRefusal } from "../support/refusal";
import { companyOneApi, companyTwoApi, demoDb, unique } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { uploadMultipart, utf8, waitForJob } from "../support/upload-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

const newIntegration = async (client: Api = api) =>
  (await client.post("/company/integration", { Description: unique("Marketplace"), Kind: "HUB" })).body[0]!
    .IDCompanyIntegration as number;

const settlementsOf = (jobId: number) =>
  demoDb()
    .select()
    .from(marketplaceSettlements)
    .where(like(marketplaceSettlements.reference, `job:${jobId}:%`))
    .orderBy(asc(marketplaceSettlements.id));

describe("settlement reports (POST /job, Type MarketplaceSettlement)", () => {
  it("imports the good lines in cents and reports each bad one by line", async () => {
    const integration = await newIntegration();
    const order = unique("MLB").replace(/\s/g, "");
    const csv = [
      "Pedido;Data Repasse;Valor Bruto;Comissão;Tarifas;Valor Líquido",
      `${order};2026-04-10;1.234,56;148,15;5,00;1.081,41`,
      `${order};15/04/2026;10,00;0;0;10,00`,
      ";2026-04-10;1;0;0;1",
      `${order}-2;31/02/2026;1;0;0;1`,
      `${order}-3;2026-04-10;abc;0;0;1`,
      `${order}-4;2026-04-10;100,00;12,00;1,00;88,00`,
    ].join("\n");
    const upload = await uploadMultipart(token, "/job", utf8(csv), {
      fields: { Type: "MarketplaceSettlement", IDCompanyIntegration: String(integration) },
    });
    expect(upload.status).toBe(200);
    const job = await waitForJob(token, upload.body.IDJob);
    expect(job).toMatchObject({ Status: "Done", Total: 6, Result: { imported: 2, errors: 4 } });
    expect(job.Errors).toEqual([
      { Line: 4, Message: "Pedido do canal obrigatório" },
      { Line: 5, Message: "Data inválida: 31/02/2026 (use AAAA-MM-DD ou DD/MM/AAAA)" },
      { Line: 6, Message: "Bruto inválido: abc" },
      { Line: 7, Message: "Líquido 88.00 diferente de bruto 100.00 - comissão 12.00 - tarifas 1.00" },
    ]);
    const rows = await settlementsOf(upload.body.IDJob);
    expect(
      rows.map((r) => [
        r.channelOrderId,
        r.settlementDate,
        r.gross,
        r.commission,
        r.fees,
        r.net,
        r.companyIntegrationId,
        r.companyId,
        r.reference,
      ]),
    ).toEqual([
      [order, "2026-04-10", 123_456, 14_815, 500, 108_141, integration, 1, `job:${upload.body.IDJob}:2`],
      [order, "2026-04-15", 1000, 0, 0, 1000, integration, 1, `job:${upload.body.IDJob}:3`],
    ]);
    // the same file again is the same job, and nothing is written twice
    const again = await uploadMultipart(token, "/job", utf8(csv), {
      fields: { Type: "MarketplaceSettlement", IDCompanyIntegration: String(integration) },
    });
    expect(again.body.IDJob).toBe(upload.body.IDJob);
    expect(await settlementsOf(upload.body.IDJob)).toHaveLength(2);
  });

  it("requires an integration of the company; a file without the columns fails the job", async () => {
    const csv = utf8(`Pedido;Data;Bruto;Comissao;Tarifas;Liquido\n${unique("X")};2026-01-01;1;0;0;1\n`);
    expectRefusal(
      await uploadMultipart(token, "/job", csv, { fields: { Type: "MarketplaceSettlement" } }),
      "IDCompanyIntegration é obrigatório para o tipo MarketplaceSettlement",
    );
    const foreign = await newIntegration(await companyTwoApi());
    for (const id of [foreign, 999_999])
      expectRefusal(
        await uploadMultipart(token, "/job", csv, {
          fields: { Type: "MarketplaceSettlement", IDCompanyIntegration: String(id) },
        }),
        "Integração não existe",
      );
    const headerless = await uploadMultipart(
      token,
      "/job",
      utf8(`Pedido;Data;Valor\n${unique("Y")};2026-01-01;1\n`),
      {
        fields: { Type: "MarketplaceSettlement", IDCompanyIntegration: String(await newIntegration()) },
      },
    );
    expect(await waitForJob(token, headerless.body.IDJob)).toMatchObject({
      Status: "Failed",
      FailureReason:
        "Cabeçalho do arquivo de repasses deve ter as colunas Pedido, Data, Bruto, Comissao, Tarifas e Liquido",
    });
  });
});
