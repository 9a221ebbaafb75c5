import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { carrierModals } from "../../../drizzle/schema";
import type { ErrorBody } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, demoDb, missingCompanyApi, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
type Modal = { IDCarrierModal: number; CarrierModal: string };

let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

async function createModal(name = unique("Modal")): Promise<Modal> {
  const response = await api.post<Modal[]>("/carrier/modal", { CarrierModal: name });
  expect(response.status).toBe(200);
  const created = response.body.find((m) => m.CarrierModal === name.trim());
  expect(created).toBeDefined();
  return created!;
}

const modalRow = (id: number) => demoDb().select().from(carrierModals).where(eq(carrierModals.id, id)).get();

describe("GET /carrier/modal", () => {
  it("lists the company's modalities ordered by name, ignoring case and accents", async () => {
    for (const name of ["Zeppelin", "aéreo", "Balsa"]) await createModal(name);
    const response = await api.get<Modal[]>("/carrier/modal");
    expect(response.status).toBe(200);
    const names = response.body
      .map((m) => m.CarrierModal)
      .filter((n) => ["Zeppelin", "aéreo", "Balsa"].includes(n));
    expect(names).toEqual(["aéreo", "Balsa", "Zeppelin"]);
    expect(Object.keys(response.body[0]!).sort()).toEqual(["CarrierModal", "IDCarrierModal"]);
  });

  it("restricts to one modality with IDCarrierModal, and answers [] for an unknown id", async () => {
    const modal = await createModal();
    expect((await api.get(`/carrier/modal?IDCarrierModal=${modal.IDCarrierModal}`)).body).toEqual([modal]);
    expect((await api.get("/carrier/modal?IDCarrierModal=999999")).body).toEqual([]);
  });

  it("refuses a non-numeric IDCarrierModal with 400", async () => {
    const response = await api.get<ErrorBody>("/carrier/modal?IDCarrierModal=abc");
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toContain("IDCarrierModal");
  });
});

describe("POST /carrier/modal", () => {
  it("creates a trimmed modality and answers the refreshed list", async () => {
    const name = unique("Rodoviário");
    const response = await api.post<Modal[]>("/carrier/modal", { CarrierModal: `  ${name}  ` });
    expect(response.status).toBe(200);
    expect(response.body.map((m) => m.CarrierModal)).toContain(name);
    const listed = (await api.get<Modal[]>("/carrier/modal")).body;
    expect(response.body).toEqual(listed);
  });

  it.each([
    ["the same name", (n: string) => n],
    ["another case", (n: string) => n.toUpperCase()],
    ["without accents", (n: string) => n.normalize("NFD").replace(/\p{M}/gu, "")],
    ["surrounding spaces", (n: string) => `   ${n} `],
  ])("refuses a duplicate written with %s", async (_, variant) => {
    const name = unique("Expresso Fluvial Ágil");
    await createModal(name);
    const before = await demoDb().select().from(carrierModals);
    const response = await api.post("/carrier/modal", { CarrierModal: variant(name) });
    expectRefusal(response, "Já existe uma Modalidade com essa conta");
    expect(await demoDb().select().from(carrierModals)).toEqual(before);
  });

  it("lets exactly one of concurrent identical creates through", async () => {
    const name = unique("Concorrente");
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => api.post("/carrier/modal", { CarrierModal: name })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.status !== 200)) {
      expectRefusal(refused, "Já existe uma Modalidade com essa conta");
    }
    const rows = await demoDb()
      .select()
      .from(carrierModals)
      .where(and(eq(carrierModals.companyId, 1), eq(carrierModals.name, name)));
    expect(rows).toHaveLength(1);
  });

  it("answers `Empresa não existe` when the caller's company does not exist", async () => {
    const ghost = await missingCompanyApi();
    const response = await ghost.post("/carrier/modal", { CarrierModal: unique("Fantasma") });
    expectRefusal(response, "Empresa não existe");
    expect(await demoDb().select().from(carrierModals).where(eq(carrierModals.companyId, 99))).toEqual([]);
  });

  it("refuses an empty or missing name with 400 naming the field", async () => {
    for (const body of [{ CarrierModal: "   " }, {}]) {
      const response = await api.post<ErrorBody>("/carrier/modal", body);
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toContain("CarrierModal");
    }
  });
});

describe("PUT /carrier/modal/{idcarriermodal}", () => {
  it("renames and answers the refreshed list", async () => {
    const modal = await createModal();
    const name = unique("Renomeada");
    const response = await api.put<Modal[]>(`/carrier/modal/${modal.IDCarrierModal}`, { CarrierModal: name });
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ IDCarrierModal: modal.IDCarrierModal, CarrierModal: name });
    expect((await modalRow(modal.IDCarrierModal))?.name).toBe(name);
  });

  it("lets a modality change only the case of its own name", async () => {
    const modal = await createModal(unique("caixa baixa"));
    const response = await api.put<Modal[]>(`/carrier/modal/${modal.IDCarrierModal}`, {
      CarrierModal: modal.CarrierModal.toUpperCase(),
    });
    expect(response.status).toBe(200);
    expect((await modalRow(modal.IDCarrierModal))?.name).toBe(modal.CarrierModal.toUpperCase());
  });

  it("refuses a name another modality holds", async () => {
    const first = await createModal();
    const second = await createModal();
    const response = await api.put(`/carrier/modal/${second.IDCarrierModal}`, {
      CarrierModal: first.CarrierModal.toLowerCase(),
    });
    expectRefusal(response, "Já existe uma Modalidade com essa conta");
    expect((await modalRow(second.IDCarrierModal))?.name).toBe(second.CarrierModal);
  });

  it("answers `Modalidade não existe` for an unknown id", async () => {
    const response = await api.put("/carrier/modal/999999", { CarrierModal: unique("Nada") });
    expectRefusal(response, "Modalidade não existe");
  });
});

describe("DELETE /carrier/modal/{idcarriermodal}", () => {
  it("deletes physically and answers the refreshed list without it", async () => {
    const modal = await createModal();
    const response = await api.delete<Modal[]>(`/carrier/modal/${modal.IDCarrierModal}`);
    expect(response.status).toBe(200);
    expect(response.body.map((m) => m.IDCarrierModal)).not.toContain(modal.IDCarrierModal);
    expect(await modalRow(modal.IDCarrierModal)).toBeUndefined();
  });

  it("answers `Modalidade não existe` for an unknown id", async () => {
    const response = await api.delete("/carrier/modal/999999");
    expectRefusal(response, "Modalidade não existe");
  });

  it("is refused while an active carrier supplier uses the modality", async () => {
    const modal = await createModal();
    const supplier = await api.post("/supplier", {
      Name: unique("Transportadora"),
      IsCarrier: 1,
      IDCarrierModal: modal.IDCarrierModal,
    });
    expect(supplier.status).toBe(200);
    const response = await api.delete(`/carrier/modal/${modal.IDCarrierModal}`);
    expectRefusal(response, "Há transportadora com essa modalidade, remover no cadastro da transportadora");
    expect(await modalRow(modal.IDCarrierModal)).toBeDefined();

    // Once the supplier is deleted (Status 0) the modality is free again.
    await api.delete(`/supplier/${supplier.body[0]!.IDSupplier}`);
    expect((await api.delete(`/carrier/modal/${modal.IDCarrierModal}`)).status).toBe(200);
  });

  it("is not blocked by a supplier that stopped being a carrier", async () => {
    const modal = await createModal();
    const supplier = await api.post("/supplier", {
      Name: unique("Ex-transportadora"),
      IsCarrier: 1,
      IDCarrierModal: modal.IDCarrierModal,
    });
    await api.put(`/supplier/${supplier.body[0]!.IDSupplier}`, { IsCarrier: 0 });
    expect((await api.delete(`/carrier/modal/${modal.IDCarrierModal}`)).status).toBe(200);
  });

  it("is refused while the hub carrier mapping points to the modality", async () => {
    const modal = await createModal();
    const mapping = await api.post("/carrier/hub-mapping", {
      HubCarrierName: unique("HUB"),
      IDCarrierModal: modal.IDCarrierModal,
    });
    expect(mapping.status).toBe(200);
    const response = await api.delete(`/carrier/modal/${modal.IDCarrierModal}`);
    expectRefusal(response, "Modalidade esta configurada no de/para de transportadora");
    expect(await modalRow(modal.IDCarrierModal)).toBeDefined();
  });
});
