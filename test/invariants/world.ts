import { client, signIn } from "../support/api";
import { seededRandom } from "../support/replay";

/** A company 1 client and small helpers that create finance data through the API only. */

export type Api = ReturnType<typeof client>;

export async function adminApi(): Promise<Api> {
  return client("demo", await signIn("demo", "admin@demo.local"));
}

function ok<T>(response: { status: number; body: T }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

let sequence = 0;

export async function bankAccount(api: Api, fields: Record<string, unknown> = {}): Promise<number> {
  const n = ++sequence;
  const list = ok(
    await api.post("/accounts/bank-account", {
      Bank: `Banco ${n}`,
      BankNumber: "341",
      Agency: "0001",
      AccountNumber: `${n}-0`,
      ...fields,
    }),
    "bank account",
  ) as { IDBankAccount: number }[];
  return Math.max(...list.map((a) => a.IDBankAccount));
}

export async function title(
  api: Api,
  kind: "payable" | "receivable",
  value: number,
  dueDate = "2026-04-01",
): Promise<number> {
  const body = ok(
    await api.post(`/accounts/${kind}`, {
      Description: `Título ${++sequence}`,
      Value: value,
      DueDate: dueDate,
    }),
    `${kind} title`,
  );
  return body.IDAccountPayableReceivable;
}

export async function bankLine(
  api: Api,
  account: number,
  value: number,
  date = "2026-04-01",
): Promise<number> {
  const body = ok(
    await api.post("/accounts/bank-statement/conciliation", {
      IDBankAccount: account,
      Date: date,
      Value: value,
      Description: `Linha ${++sequence}`,
    }),
    "bank line",
  );
  return body.IDBankStatementConciliation;
}

export async function transfer(api: Api, from: number, to: number, value: number) {
  const body = ok(
    await api.post("/accounts/bank-statement/transfer", { IDBankFrom: from, IDBankTo: to, Value: value }),
    "transfer",
  );
  return { debit: body.Debit.IDBankStatement as number, credit: body.Credit.IDBankStatement as number };
}

export async function pay(
  api: Api,
  kind: "payable" | "receivable",
  titleId: number,
  account: number,
  value: number,
) {
  const body = ok(
    await api.post(`/accounts/${kind}/${titleId}/payment`, {
      IDBankAccount: account,
      Value: value,
      Date: "2026-04-01",
    }),
    "payment",
  );
  return body.Payments.at(-1)!.IDAccountPayment as number;
}

/** Every answer is a 200 or a clean 400 `{errorMessage}` (never a 5xx). */
export function expectCleanAnswers(responses: { status: number; body: unknown }[]): void {
  for (const response of responses) {
    if (response.status === 200) continue;
    const body = response.body as { errorMessage?: unknown } | null;
    if (response.status !== 400 || typeof body?.errorMessage !== "string") {
      throw new Error(`unclean answer: ${response.status} ${JSON.stringify(response.body)}`);
    }
  }
}

const shuffleRandom = seededRandom("world shuffles");

/** Shuffled copy, in an order drawn from the run's seed (`TEST_SEED` replays it). */
export function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(shuffleRandom() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
