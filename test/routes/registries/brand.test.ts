import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { brands } from "../../../drizzle/schema";
import type { ErrorBody } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import {
  companyOneApi,
  demoDb,
  insertBrand,
  insertManyBrands,
  insertProduct,
  missingCompanyApi,
  unique,
} from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
type Brand = {
  IDBrand: number;
  Name: string;
  Description: string | null;
  Keywords: string | null;
  Title: string | null;
  IsActive: number;
  MenuHome: number;
  Score: number | null;
  Status: number;
};

let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

const brandRow = (id: number) => demoDb().select().from(brands).where(eq(brands.id, id)).get();

async function createBrand(body: Record<string, unknown> = {}): Promise<Brand> {
  const response = await api.post<Brand[]>("/brand", { Name: unique("Marca"), ...body });
  expect(response.status).toBe(200);
  expect(response.body).toHaveLength(1);
  return response.body[0]!;
}

describe("POST /brand", () => {
  it("fills Description, Keywords and Title with the name, IsActive 1, MenuHome 0, Score null", async () => {
    const name = unique("Acme");
    const brand = await createBrand({ Name: name });
    expect(brand).toEqual({
      IDBrand: expect.any(Number),
      Name: name,
      Description: name,
      Keywords: name,
      Title: name,
      IsActive: 1,
      MenuHome: 0,
      Score: null,
      Status: 1,
    });
    expect(await brandRow(brand.IDBrand)).toMatchObject({ companyId: 1, name, score: null, status: 1 });
  });

  it("treats empty Description, Keywords and Title as missing and keeps the ones sent", async () => {
    const brand = await createBrand({
      Name: "Bravo",
      Description: "",
      Keywords: "bravo, calçados",
      Title: "",
      IsActive: 0,
      MenuHome: 1,
    });
    expect(brand).toMatchObject({
      Name: "Bravo",
      Description: "Bravo",
      Keywords: "bravo, calçados",
      Title: "Bravo",
      IsActive: 0,
      MenuHome: 1,
      Score: null,
    });
  });

  it("ignores a Score on create: it starts null", async () => {
    expect((await createBrand({ Score: 9 })).Score).toBeNull();
  });

  it("answers `[BadRequest] - Company não existe` when the caller's company does not exist", async () => {
    const ghost = await missingCompanyApi();
    const response = await ghost.post("/brand", { Name: unique("Fantasma") });
    expectRefusal(response, "[BadRequest] - Company não existe");
    expect(await demoDb().select().from(brands).where(eq(brands.companyId, 99))).toEqual([]);
  });

  it("requires Name", async () => {
    for (const body of [{}, { Name: "  " }, { Name: 5 }]) {
      const response = await api.post<ErrorBody>("/brand", body);
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toContain("Name");
    }
  });
});

describe("GET /brand/{idbrand}", () => {
  it("answers an array with the brand", async () => {
    const brand = await createBrand();
    expect((await api.get(`/brand/${brand.IDBrand}`)).body).toEqual([brand]);
  });

  it("answers an empty array for an unknown id", async () => {
    expect(await api.get("/brand/999999")).toMatchObject({ status: 200, body: [] });
  });
});

describe("PUT /brand/{idbrand}", () => {
  it("changes only the fields sent", async () => {
    const brand = await createBrand({ Keywords: "original" });
    const response = await api.put<Brand[]>(`/brand/${brand.IDBrand}`, { Title: "Novo título", Score: 4.5 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ ...brand, Title: "Novo título", Score: 4.5 }]);
    expect(await brandRow(brand.IDBrand)).toMatchObject({
      keywords: "original",
      title: "Novo título",
      score: 4.5,
    });
  });

  it("answers `[BadRequest] - Brand não existe` for an unknown id", async () => {
    const response = await api.put("/brand/999999", { Name: "Qualquer" });
    expectRefusal(response, "[BadRequest] - Brand não existe");
  });

  it("answers `[BadRequest] - Brand não existe` for a deleted brand and leaves it deleted", async () => {
    const brand = await createBrand();
    await api.delete(`/brand/${brand.IDBrand}`);
    const response = await api.put(`/brand/${brand.IDBrand}`, { Name: "Ressuscitada" });
    expectRefusal(response, "[BadRequest] - Brand não existe");
    expect(await brandRow(brand.IDBrand)).toMatchObject({ name: brand.Name, status: 0 });
  });
});

describe("DELETE /brand/{idbrand}", () => {
  it("sets Status 0, answers `sucesso`, and the brand vanishes from list and lookup", async () => {
    const brand = await createBrand();
    const response = await api.delete(`/brand/${brand.IDBrand}`);
    expect(response).toMatchObject({ status: 200, body: "sucesso" });
    expect(await brandRow(brand.IDBrand)).toMatchObject({ status: 0, name: brand.Name });
    expect((await api.get(`/brand/${brand.IDBrand}`)).body).toEqual([]);
    expect((await api.get<Brand[]>(`/brand?Search=${encodeURIComponent(brand.Name)}`)).body).toEqual([]);
  });

  it("answers `[BadRequest] - Brand não existe` for an unknown or already deleted id", async () => {
    const brand = await createBrand();
    await api.delete(`/brand/${brand.IDBrand}`);
    for (const id of [999999, brand.IDBrand]) {
      const response = await api.delete(`/brand/${id}`);
      expectRefusal(response, "[BadRequest] - Brand não existe");
    }
  });

  it("is refused while an active product uses the brand", async () => {
    const brand = await createBrand();
    await insertProduct(1, { brandId: brand.IDBrand, isActive: 1, status: 1 });
    const response = await api.delete(`/brand/${brand.IDBrand}`);
    expectRefusal(response, "[BadRequest] - Marca possui produtos ativos e não pode ser excluída");
    expect((await brandRow(brand.IDBrand))?.status).toBe(1);
  });

  it("is allowed when the brand's products are inactive or deleted", async () => {
    const brand = await createBrand();
    await insertProduct(1, { brandId: brand.IDBrand, isActive: 0, status: 1 });
    await insertProduct(1, { brandId: brand.IDBrand, isActive: 1, status: 0 });
    expect(await api.delete(`/brand/${brand.IDBrand}`)).toMatchObject({ status: 200, body: "sucesso" });
  });
});

describe("GET /brand", () => {
  it("lists active brands with every brand field", async () => {
    const brand = await createBrand({ Name: unique("Listada") });
    const deleted = await insertBrand(1, unique("Listada apagada"), 0);
    const listed = (await api.get<Brand[]>("/brand")).body;
    expect(listed).toContainEqual(brand);
    expect(listed.map((b) => b.IDBrand)).not.toContain(deleted.id);
  });

  it("turns every space of Search into a wildcard", async () => {
    const tag = unique("espaço").replace(/\W/g, "");
    const wanted = await insertBrand(1, `Nike ${tag} Air Max`);
    await insertBrand(1, `Air Nike ${tag}`);
    const found = (await api.get<Brand[]>(`/brand?Search=${encodeURIComponent(`nike ${tag} max`)}`)).body;
    expect(found.map((b) => b.IDBrand)).toEqual([wanted.id]);
  });

  it("matches `%` and `_` typed by the user literally", async () => {
    const tag = unique("lit").replace(/\W/g, "");
    const percent = await insertBrand(1, `${tag} 100% Algodão`);
    await insertBrand(1, `${tag} 1000 Algodão`);
    const underscore = await insertBrand(1, `${tag} a_b`);
    await insertBrand(1, `${tag} axb`);
    const search = (text: string) => api.get<Brand[]>(`/brand?Search=${encodeURIComponent(text)}`);
    expect((await search(`${tag} 100%`)).body.map((b) => b.IDBrand)).toEqual([percent.id]);
    expect((await search(`${tag} a_b`)).body.map((b) => b.IDBrand)).toEqual([underscore.id]);
  });

  it("matches the brand id", async () => {
    const brand = await insertBrand(1, unique("Por id"));
    const found = (await api.get<Brand[]>(`/brand?Search=${brand.id}`)).body;
    expect(found.map((b) => b.IDBrand)).toContain(brand.id);
    const matches = (b: Brand) =>
      String(b.IDBrand).includes(String(brand.id)) || b.Name.includes(String(brand.id));
    expect(found.every(matches)).toBe(true);
  });

  it("answers at most 5000 brands", async () => {
    await insertManyBrands(env.DB_DEMO, 1, 5001, "Volume");
    const response = await api.get<Brand[]>("/brand?Search=Volume");
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(5000);
    const total = await env.DB_DEMO.prepare(
      "SELECT count(*) AS n FROM brands WHERE company_id = 1 AND name LIKE 'Volume %'",
    ).first<{ n: number }>();
    expect(total?.n).toBe(5001);
  });
});
