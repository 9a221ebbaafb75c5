import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posCashiers } from "../../../drizzle/schema";
import { expectRefusal } from "../../support/refusal";
import {
  companyOneApi,
  demoDb,
  insertBankAccount,
  missingCompanyApi,
} from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

const openRows = (bankAccountId: number) =>
  demoDb()
    .select()
    .from(posCashiers)
    .where(and(eq(posCashiers.bankAccountId, bankAccountId), isNull(posCashiers.closedAt)));

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Hours between a company-zone date-time and the UTC one stored for the same instant. */
const hoursBehindUtc = (zoned: string, utc: string) =>
  (Date.parse(`${utc.replace(" ", "T")}Z`) - Date.parse(`${zoned.replace(" ", "T")}Z`)) / 3_600_000;

describe("POST /store-front/cashier/{idbankaccount}/open and /close", () => {
  it("opens and closes a cashier with times in the company's zone", async () => {
    const account = await insertBankAccount(1);
    const opened = await api.post(`/store-front/cashier/${account.id}/open`);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual([
      {
        IDCashier: expect.any(Number),
        IDBankAccount: account.id,
        OpenedAt: expect.stringMatching(DATE_TIME),
        ClosedAt: null,
      },
    ]);
    const row = await demoDb()
      .select()
      .from(posCashiers)
      .where(eq(posCashiers.id, opened.body[0]!.IDCashier))
      .get();
    expect(row).toMatchObject({ companyId: 1, openedBy: 1, closedAt: null });
    // America/Sao_Paulo is UTC-3 (no daylight saving since 2019).
    expect(hoursBehindUtc(opened.body[0]!.OpenedAt, row!.openedAt)).toBe(3);

    const closed = await api.post(`/store-front/cashier/${account.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual([{ ...opened.body[0], ClosedAt: expect.stringMatching(DATE_TIME) }]);
    expect(await openRows(account.id)).toEqual([]);
  });

  it("answers `Caixa já está aberto para esta conta bancária` on a second open", async () => {
    const account = await insertBankAccount(1);
    expect((await api.post(`/store-front/cashier/${account.id}/open`)).status).toBe(200);
    const again = await api.post(`/store-front/cashier/${account.id}/open`);
    expectRefusal(again, "Caixa já está aberto para esta conta bancária");
    expect(await openRows(account.id)).toHaveLength(1);
  });

  it("lets exactly one of concurrent opens through", async () => {
    const account = await insertBankAccount(1);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => api.post(`/store-front/cashier/${account.id}/open`)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.status !== 200)) {
      expectRefusal(refused, "Caixa já está aberto para esta conta bancária");
    }
    expect(await openRows(account.id)).toHaveLength(1);
  });

  it("reopens after closing", async () => {
    const account = await insertBankAccount(1);
    await api.post(`/store-front/cashier/${account.id}/open`);
    await api.post(`/store-front/cashier/${account.id}/close`);
    expect((await api.post(`/store-front/cashier/${account.id}/open`)).status).toBe(200);
    const all = await demoDb().select().from(posCashiers).where(eq(posCashiers.bankAccountId, account.id));
    expect(all).toHaveLength(2);
  });

  it("answers `Não há caixa aberto para esta conta bancária` when closing with none open", async () => {
    const account = await insertBankAccount(1);
    const response = await api.post(`/store-front/cashier/${account.id}/close`);
    expectRefusal(response, "Não há caixa aberto para esta conta bancária");
  });

  it("answers `Conta bancária não existe` for an inactive, unknown or other company's account", async () => {
    const inactive = await insertBankAccount(1, { status: 0 });
    const otherCompany = await insertBankAccount(2);
    for (const id of [inactive.id, otherCompany.id, 999999]) {
      for (const action of ["open", "close"]) {
        const response = await api.post(`/store-front/cashier/${id}/${action}`);
        expectRefusal(response, "Conta bancária não existe");
      }
    }
    expect(
      await demoDb().select().from(posCashiers).where(eq(posCashiers.bankAccountId, otherCompany.id)),
    ).toEqual([]);
  });

  it("answers `Empresa não existe` when the caller's company does not exist", async () => {
    const account = await insertBankAccount(1);
    const response = await (await missingCompanyApi()).post(`/store-front/cashier/${account.id}/open`);
    expectRefusal(response, "Empresa não existe");
  });
});

describe("GET /store-front/cashier", () => {
  it("lists the company's cashiers, newest first, filtered by IDBankAccount", async () => {
    const [first, second] = [await insertBankAccount(1), await insertBankAccount(1)];
    const a = (await api.post(`/store-front/cashier/${first.id}/open`)).body[0]!;
    const b = (await api.post(`/store-front/cashier/${second.id}/open`)).body[0]!;
    const all = (await api.get("/store-front/cashier")).body;
    const ids = all.map((c: { IDCashier: number }) => c.IDCashier);
    expect(ids.indexOf(b.IDCashier)).toBeLessThan(ids.indexOf(a.IDCashier));
    expect((await api.get(`/store-front/cashier?IDBankAccount=${first.id}`)).body).toEqual([a]);
  });

  it("never shows another company's cashiers", async () => {
    const account = await insertBankAccount(2);
    await demoDb()
      .insert(posCashiers)
      .values({ companyId: 2, bankAccountId: account.id, openedAt: "2026-01-01 12:00:00" });
    expect((await api.get(`/store-front/cashier?IDBankAccount=${account.id}`)).body).toEqual([]);
  });
});
