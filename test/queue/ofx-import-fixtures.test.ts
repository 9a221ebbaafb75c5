import { beforeAll, describe, expect, it } from "vitest";
import { accountIdentity, parseOfx } from "../../src/domain/ofx";
import { EXPECTED } from "../domain/ofx/corpus-expected";
import { fixture, fixturePaths, isGpl } from "../domain/ofx/fixtures";
import { bankAccount, linesOf, postOfx, type Session, session } from "../support/import-factories";
import { seedAccounts } from "../support/seed";
import { type JobBody, waitForJob } from "../support/upload-factories";

/**
 * Files whose statements are of several accounts: the account registered (the one with the most
 * transactions) and how many lines it gets. Every other file is of one account and imports all of
 * its transactions (the parser tests' count) but its balance lines.
 */
const SEVERAL_ACCOUNTS: Record<string, { acctId: string; imported: number }> = {
  "asgrim-ofxparser/ofx-multiple-accounts-xml.ofx": { acctId: "546582659855", imported: 2 },
  "asgrim-ofxparser/ofxdata-bb-two-stmtrs.ofx": { acctId: "655000-2", imported: 36 },
  "fnando-ofx/nd-amex-sample.ofx": { acctId: "555555555555555", imported: 11 },
  "fnando-ofx/v211.ofx": { acctId: "123412341234", imported: 2 },
  "ofx-data-extractor/example.ofx": { acctId: "1459950-11", imported: 18 },
  "ofx-data-extractor/example5.ofx": { acctId: "1459950-11", imported: 0 },
  "ofx_kit/bank_multi_currency.ofx": { acctId: "55555-5", imported: 1 },
  "ofx_kit/bank_multiple.ofx": { acctId: "22222-2", imported: 1 },
  "ofxparse/multiple_accounts.ofx": { acctId: "9200", imported: 0 },
};

/** Itaú lists SALDO ANTERIOR / SALDO TOTAL DISPONÍVEL DIA as transactions: skipped, not imported. */
const BALANCE_LINES: Record<string, number> = {
  "inovar-ofx-simple-parser/itau-01.ofx": 1,
  "inovar-ofx-simple-parser/itau-03.ofx": 2,
};

const MIT_FILES = fixturePaths().filter((path) => !isGpl(path));

/**
 * The bank account a file is imported into: the file's account (BANKID as the bank code when it is
 * one, ACCTID as the number), or one without a number when the file's ACCTID has no digits.
 */
async function accountFor(path: string, bytes: Uint8Array): Promise<number> {
  let statements: ReturnType<typeof parseOfx>["statements"];
  try {
    statements = parseOfx(bytes, { timeZone: "America/Sao_Paulo" }).statements;
  } catch {
    return bankAccount(); // a broken file fails before any account check
  }
  const wanted = SEVERAL_ACCOUNTS[path]?.acctId;
  const statement = statements.find((s) => wanted === undefined || s.account?.accountId === wanted);
  const account = statement?.account ?? null;
  const identity = account ? accountIdentity(account) : null;
  if (!identity) return bankAccount({ accountNumber: null });
  return bankAccount({
    bankNumber: (identity.bankNumber ?? "999").padStart(3, "0"),
    agency: account!.branchId,
    accountNumber: account!.accountId,
  });
}

type Run = { account: number; first: JobBody; again: JobBody };
const runs = new Map<string, Run>();
let s: Session;

async function importAll(
  paths: string[],
  bytesOf: (path: string) => Uint8Array,
  accounts: Map<string, number>,
) {
  const ids = new Map<string, number>();
  for (const path of paths) {
    const response = await postOfx(s.token, accounts.get(path)!, bytesOf(path));
    if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
    ids.set(path, response.body.IDJob);
  }
  const jobs = new Map<string, JobBody>();
  for (const path of paths) jobs.set(path, await waitForJob(s.token, ids.get(path)!, 60_000));
  return jobs;
}

beforeAll(async () => {
  await seedAccounts();
  s = await session();
  const accounts = new Map<string, number>();
  for (const path of MIT_FILES) accounts.set(path, await accountFor(path, fixture(path)!));
  const first = await importAll(MIT_FILES, (path) => fixture(path)!, accounts);
  // the same movements exported again (one more line feed, so another file and another job)
  const again = await importAll(MIT_FILES, (path) => new Uint8Array([...fixture(path)!, 10]), accounts);
  for (const path of MIT_FILES) {
    runs.set(path, { account: accounts.get(path)!, first: first.get(path)!, again: again.get(path)! });
  }
}, 180_000);

describe("OFX import of every MIT fixture through the job", () => {
  it("covers the 64 MIT files of the parser tests", () => {
    expect(MIT_FILES).toHaveLength(64);
    for (const path of Object.keys(SEVERAL_ACCOUNTS)) expect(MIT_FILES).toContain(path);
  });

  it("Banco do Brasil: two equal payments sharing a FITID are both kept", async () => {
    const lines = await linesOf(runs.get("ofx-reader/BancodoBrasil.ofx")!.account);
    const shared = lines.filter((line) => line.fitId === "201606031433760");
    expect(shared).toHaveLength(2);
    expect(shared.map((line) => line.value)).toEqual([-20000, -20000]);
    expect(new Set(shared.map((line) => line.dedupeKey)).size).toBe(2);
  });

  for (const path of MIT_FILES) {
    it(path, async () => {
      const expected = EXPECTED[path]!;
      const { account, first, again } = runs.get(path)!;
      if ("error" in expected) {
        expect(first).toMatchObject({ Status: "Failed", FailureReason: expected.error });
        expect(await linesOf(account)).toEqual([]);
        return;
      }
      const skipped = BALANCE_LINES[path] ?? 0;
      const imported = SEVERAL_ACCOUNTS[path]?.imported ?? expected.transactions - skipped;
      expect(first).toMatchObject({
        Status: "Done",
        Total: imported,
        Processed: imported,
        Result: { imported, duplicate: 0, skipped, autoReconciled: 0, pending: imported },
      });
      expect(await linesOf(account)).toHaveLength(imported);
      expect(again).toMatchObject({
        Status: "Done",
        Result: { imported: 0, duplicate: imported, skipped, autoReconciled: 0, pending: 0 },
      });
      expect(await linesOf(account)).toHaveLength(imported);
    });
  }
});
