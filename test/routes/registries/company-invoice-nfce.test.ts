import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyInvoices } from "../../../drizzle/schema";
import {
  CSC_ID_INVALID,
  CSC_INVALID,
  CSC_PAIR,
  NFCE_NEXT_NUMBER_INVALID,
  NFCE_SERIES_INVALID,
} from "../../../src/domain/company/messages";
import { openCsc } from "../../../src/domain/company/nfce-settings";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

/**
 * The NFC-e settings of an invoicing company: series and next number, the CSC (sealed, never
 * answered; `CSCSet` tells it is there) with its id, and the offline-contingency switch.
 */

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

const CSC = "0123456789ABCDEFabcdef0123456789ABCD";

async function newInvoice(body: Record<string, unknown> = {}): Promise<number> {
  const response = await api.post("/company/invoice", { Name: unique("Faturador"), ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body[0]!.IDCompanyInvoice;
}

const rowOf = (id: number) => demoDb().select().from(companyInvoices).where(eq(companyInvoices.id, id)).get();

describe("/company/invoice: NFC-e settings", () => {
  it("defaults: series 1, next number 1, no CSC, offline contingency off", async () => {
    const id = await newInvoice();
    expect((await api.get(`/company/invoice/${id}`)).body[0]).toMatchObject({
      NFCeSeries: 1,
      NFCeNextNumber: 1,
      CSCId: null,
      CSCSet: 0,
      NFCeOfflineContingency: 0,
    });
  });

  it("stores series, next number, the switch and the CSC sealed: the CSC is never answered, CSCSet is 1", async () => {
    const id = await newInvoice({
      NFCeSeries: 7,
      NFCeNextNumber: 120,
      CSCId: "000001",
      CSC,
      NFCeOfflineContingency: 1,
    });
    const answered = (await api.get(`/company/invoice/${id}`)).body[0];
    expect(answered).toMatchObject({
      NFCeSeries: 7,
      NFCeNextNumber: 120,
      CSCId: "000001",
      CSCSet: 1,
      NFCeOfflineContingency: 1,
    });
    expect(JSON.stringify(answered)).not.toContain(CSC);
    expect(JSON.stringify((await api.get("/company/invoice")).body)).not.toContain(CSC);
    const row = await rowOf(id);
    expect(row!.cscSealed).toMatch(/^v1\./);
    expect(row!.cscSealed).not.toContain(CSC);
    expect(await openCsc(env.HUB_CREDENTIALS_KEY, 1, row!)).toEqual({ id: "000001", code: CSC });
    // sealed for this company: another company's id does not open it
    expect(await openCsc(env.HUB_CREDENTIALS_KEY, 2, row!)).toBeNull();
  });

  it("PUT changes only what is sent; the CSC stays until both are cleared with null", async () => {
    const id = await newInvoice({ CSCId: "2", CSC });
    const changed = await api.put(`/company/invoice/${id}`, { NFCeOfflineContingency: 1, NFCeSeries: 0 });
    expect(changed.body[0]).toMatchObject({
      CSCId: "2",
      CSCSet: 1,
      NFCeOfflineContingency: 1,
      NFCeSeries: 0,
    });
    const cleared = await api.put(`/company/invoice/${id}`, { CSCId: null, CSC: null });
    expect(cleared.body[0]).toMatchObject({ CSCId: null, CSCSet: 0 });
    expect((await rowOf(id))!.cscSealed).toBeNull();
  });

  it("refuses bad values, each with its message, and writes nothing", async () => {
    const id = await newInvoice({ NFCeNextNumber: 5 });
    const cases: [Record<string, unknown>, string][] = [
      [{ NFCeSeries: 1000 }, NFCE_SERIES_INVALID],
      [{ NFCeSeries: -1 }, NFCE_SERIES_INVALID],
      [{ NFCeSeries: 1.5 }, NFCE_SERIES_INVALID],
      [{ NFCeNextNumber: 0 }, NFCE_NEXT_NUMBER_INVALID],
      [{ NFCeNextNumber: 1_000_000_000 }, NFCE_NEXT_NUMBER_INVALID],
      [{ NFCeNextNumber: "5" }, NFCE_NEXT_NUMBER_INVALID],
      [{ CSCId: "1234567", CSC }, CSC_ID_INVALID],
      [{ CSCId: "A1", CSC }, CSC_ID_INVALID],
      [{ CSCId: "1", CSC: "short" }, CSC_INVALID],
      [{ CSCId: "1", CSC: `${CSC}X` }, CSC_INVALID],
      [{ CSCId: "1", CSC: "0123456789ABCDEF-" }, CSC_INVALID],
      [{ CSC }, CSC_PAIR],
      [{ CSCId: "1" }, CSC_PAIR],
      [{ CSCId: null, CSC }, CSC_PAIR],
      [{ NFCeOfflineContingency: 2 }, "NFCeOfflineContingency deve ser 0 ou 1"],
    ];
    for (const [body, message] of cases) {
      expectRefusal(await api.put(`/company/invoice/${id}`, body), message, JSON.stringify(body));
      expectRefusal(
        await api.post("/company/invoice", { Name: unique("F"), ...body }),
        message,
        JSON.stringify(body),
      );
    }
    expect(await rowOf(id)).toMatchObject({ nfceSeries: 1, nfceNextNumber: 5, cscSealed: null, cscId: null });
  });
});
