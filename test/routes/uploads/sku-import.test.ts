import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, skuCostRecords } from "../../../drizzle/schema";
import { signIn } from "../../support/api";
import { seedAccounts } from "../../support/seed";
import {
  dbOf,
  latin1,
  seedBrand,
  seedProduct,
  uploadMultipart,
  uploadTwoSteps,
  utf8,
  waitForJob,
} from "../../support/upload-factories";

let admin: string;
let acmeBrand: number;
let nikeBrand: number;

beforeAll(async () => {
  await seedAccounts();
  admin = await signIn("demo", "admin@demo.local");
  acmeBrand = await seedBrand("Marca Ação");
  nikeBrand = await seedBrand("Nike");
  await seedBrand("Só da filial", 2);
});

const product = (code: string) =>
  dbOf()
    .select()
    .from(products)
    .where(and(eq(products.companyId, 1), eq(products.code, code)))
    .get();

describe("SkuTemplate import", () => {
  it("stores the good lines and reports the bad ones by line", async () => {
    await seedProduct({ code: "OLD-1", name: "Antigo", cost: 500, price: 900 });
    const csv = [
      "Código;Nome;Marca;Custo;Preço;Ativo",
      "NEW-1;Camiseta;Nike;10,00;29,90;1", // 2 created, brand by name
      ";Sem código;;1;;", // 3 missing code
      "NEW-2;Boné;Inexistente;5;;", // 4 unknown brand
      `NEW-3;Tênis;${nikeBrand};abc;xyz;talvez`, // 5 three errors
      "OLD-1;;marca acao;7,25;;não", // 6 updated, blank name/price kept, brand accent-insensitive
      "NEW-4;;;;;", // 7 new product without name
      "", // blank line, skipped
      '"NEW-5";"Calça ""slim""; azul";;"1.234,56";;sim', // 9 quoted fields
      "NEW-1;Camiseta nova;;11,00;;", // 10 same code again: updated
      "SOMENTE-FILIAL;Outra;Só da filial;;;", // 11 brand of another company
    ].join("\r\n");
    const confirm = await uploadTwoSteps(admin, "/sku/template", utf8(csv));
    const job = await waitForJob(admin, confirm.body.IDJob);
    expect(job).toMatchObject({
      Status: "Done",
      Total: 9,
      Processed: 9,
      Result: { created: 2, updated: 2, errors: 5 },
    });
    expect(job.Errors).toEqual([
      { Line: 3, Message: "Código obrigatório" },
      { Line: 4, Message: "Marca não existe: Inexistente" },
      { Line: 5, Message: "Custo inválido: abc" },
      { Line: 5, Message: "Preço inválido: xyz" },
      { Line: 5, Message: "Ativo inválido: talvez (use 1 ou 0, sim ou não)" },
      { Line: 7, Message: "Nome obrigatório para produto novo" },
      { Line: 11, Message: "Marca não existe: Só da filial" },
    ]);

    expect(await product("NEW-1")).toMatchObject({
      name: "Camiseta nova",
      brandId: nikeBrand,
      cost: 1100,
      price: 2990,
      isActive: 1,
      status: 1,
    });
    expect(await product("OLD-1")).toMatchObject({
      name: "Antigo",
      brandId: acmeBrand,
      cost: 725,
      price: 900,
      isActive: 0,
    });
    expect(await product("NEW-5")).toMatchObject({ name: 'Calça "slim"; azul', cost: 123456, isActive: 1 });
    for (const code of ["NEW-2", "NEW-3", "NEW-4", "SOMENTE-FILIAL"])
      expect(await product(code)).toBeUndefined();

    const records = await dbOf()
      .select({ line: skuCostRecords.line, cost: skuCostRecords.cost, productId: skuCostRecords.productId })
      .from(skuCostRecords)
      .where(eq(skuCostRecords.jobId, confirm.body.IDJob))
      .orderBy(skuCostRecords.line);
    expect(records).toEqual([
      { line: 2, cost: 1000, productId: (await product("NEW-1"))!.id },
      { line: 6, cost: 725, productId: (await product("OLD-1"))!.id },
      { line: 9, cost: 123456, productId: (await product("NEW-5"))!.id },
      { line: 10, cost: 1100, productId: (await product("NEW-1"))!.id },
    ]);
  });

  it("decodes a Latin-1 (Windows-1252) file", async () => {
    const csv =
      "codigo;descricao;preco;custo\r\nLAT-1;Maçã Fuji – caixa;12,90;8,00\r\nLAT-2;Pão de açúcar;3,50;\r\n";
    const response = await uploadMultipart(admin, "/sku/template", latin1(csv), { fileName: "latin1.csv" });
    const job = await waitForJob(admin, response.body.IDJob);
    expect(job).toMatchObject({ Status: "Done", Result: { created: 2, updated: 0, errors: 0 } });
    expect((await product("LAT-1"))!.name).toBe("Maçã Fuji – caixa");
    expect((await product("LAT-2"))!.name).toBe("Pão de açúcar");
  });

  it("reads UTF-8 with BOM and comma separators", async () => {
    const csv = '\uFEFFSKU,Name,Price\nUTF-1,"Café, torrado",19.90\n';
    const response = await uploadMultipart(admin, "/sku/template", utf8(csv));
    const job = await waitForJob(admin, response.body.IDJob);
    expect(job).toMatchObject({ Status: "Done", Result: { created: 1, updated: 0, errors: 0 } });
    expect(await product("UTF-1")).toMatchObject({ name: "Café, torrado", price: 1990 });
  });

  it("restores a soft-deleted product of the same code", async () => {
    await seedProduct({ code: "DEL-1", name: "Excluído", status: 0 });
    const response = await uploadMultipart(admin, "/sku/template", utf8("code;price\nDEL-1;4,00\n"));
    const job = await waitForJob(admin, response.body.IDJob);
    expect(job.Result).toEqual({ created: 1, updated: 0, errors: 0 });
    expect(await product("DEL-1")).toMatchObject({ name: "Excluído", price: 400, status: 1 });
  });

  it("fails the job when the header has no code column", async () => {
    const response = await uploadMultipart(admin, "/sku/template", utf8("nome;preco\nX;1\n"));
    const job = await waitForJob(admin, response.body.IDJob);
    expect(job).toMatchObject({
      Status: "Failed",
      FailureReason:
        "Cabeçalho sem a coluna de código: use code, codigo ou sku (colunas aceitas: code, name, brand, cost, price, active)",
      Processed: 0,
    });
  });

  it("keeps other companies' products apart", async () => {
    await seedProduct({ code: "SHARED-1", name: "Da filial", price: 100 }, 2);
    const response = await uploadMultipart(
      admin,
      "/sku/template",
      utf8("code;name;price\nSHARED-1;Da matriz;2\n"),
    );
    await waitForJob(admin, response.body.IDJob);
    const rows = await dbOf()
      .select({ companyId: products.companyId, name: products.name, price: products.price })
      .from(products)
      .where(inArray(products.code, ["SHARED-1"]))
      .orderBy(products.companyId);
    expect(rows).toEqual([
      { companyId: 1, name: "Da matriz", price: 200 },
      { companyId: 2, name: "Da filial", price: 100 },
    ]);
  });
});
