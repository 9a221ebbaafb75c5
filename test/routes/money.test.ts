import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankLines } from "../../drizzle/schema";
import { client, signIn } from "../support/api";
import { expectRefusal } from "../support/refusal";
import { seedAccounts } from "../support/seed";
import { createBankAccount, demoDb } from "../support/statement-factories";
import { titleRow } from "../support/title-factories";

/**
 * Amounts above R$ 134 million went through a float tolerance (`value * 100`) and were refused as
 * having more than two decimals. Sent and read back over HTTP, each keeps its exact cents.
 */

let api: ReturnType<typeof client>;
let account: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  account = await createBankAccount();
});

const LARGE = [
  [134218180.73, 13_421_818_073],
  [622255991.19, 62_225_599_119],
  [999999999999.99, 99_999_999_999_999],
] as const;

describe("large amounts over HTTP", () => {
  it.each(LARGE)("a receivable of %d is stored as %d cents and read back as sent", async (value, cents) => {
    const created = await api.post("/accounts/receivable", {
      Description: `Venda ${value}`,
      Value: value,
      DueDate: "2026-08-10",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ Value: value, OpenValue: value });
    const id = created.body.IDAccountPayableReceivable as number;
    expect(await titleRow(id)).toMatchObject({ value: cents, openValue: cents });
    const read = await api.get(`/accounts/receivable/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ Value: value, OpenValue: value });
  });

  it.each(LARGE)("a bank line of -%d is stored as its cents and read back as sent", async (value, cents) => {
    const created = await api.post("/accounts/bank-statement/conciliation", {
      IDBankAccount: account,
      Date: "2026-08-10",
      Value: -value,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.Value).toBe(-value);
    const row = await demoDb()
      .select()
      .from(bankLines)
      .where(eq(bankLines.id, created.body.IDBankStatementConciliation))
      .get();
    expect(row!.value).toBe(-cents);
    const read = await api.get(
      `/accounts/bank-statement/conciliation/${created.body.IDBankStatementConciliation}`,
    );
    expect(read.body.Value).toBe(-value);
  });

  it.each([134218180.731, 0.125, 622255991.199])("%d is refused for its third decimal", async (value) => {
    const response = await api.post("/accounts/receivable", {
      Description: "Venda",
      Value: value,
      DueDate: "2026-08-10",
    });
    expectRefusal(response, "Value aceita no máximo 2 casas decimais");
  });
});
