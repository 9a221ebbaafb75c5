import { beforeAll, describe, expect, it } from "vitest";
import {
  cnab240Return,
  cnab400Return,
  joinLines,
  latin1,
  type SampleRecord,
} from "../../fixtures/cnab/generate";
import { companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import {
  boleto,
  entriesOf,
  errorsOfJob,
  freshNumber,
  historyOf,
  importReturn,
  liquidation,
  paidEventsOf,
  returnAccount,
  returnBytes,
  type Session,
  session,
  tableCounts,
  titleRow,
} from "./support";

/**
 * The bad inputs of issue 25 over HTTP: a file the reader cannot use (another bank, truncated, a
 * trailer that disagrees) fails the job with the reason and writes nothing; a bad line (wrong
 * length, a non-numeric value, an impossible date, an unknown occurrence code) is an error of that
 * line while the others apply; a boleto paid by hand, an unknown nosso número and another company's
 * title are reported and settle nothing.
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

/** Replaces positions from `start` (1-based) of a line. */
const patch = (line: string, start: number, value: string) =>
  line.slice(0, start - 1) + value + line.slice(start - 1 + value.length);

const itau240 = (n: number) => `${String(n).padStart(8, "0")}${n % 10}`;
const itau400 = itau240;

/** An Itaú account with one open boleto per number; answers the account, numbers and title ids. */
async function itauWorld(count: number) {
  const account = await returnAccount("341");
  const numbers = Array.from({ length: count }, () => freshNumber());
  const ids: number[] = [];
  for (const n of numbers) ids.push(await boleto(s, { account, nossoNumero: String(n), value: 50_000 }));
  return { account, numbers, ids };
}

describe("a file the reader refuses fails the job and writes nothing", () => {
  it.each([
    [
      "a file of another bank than the account's",
      (lines: string[]) => {
        lines[0] = patch(lines[0]!, 1, "237");
        return lines;
      },
      /^O arquivo de retorno é do banco 237 \(.+\); a conta bancária do job é do banco 341\. Nada foi gravado$/,
    ],
    [
      "a truncated file (its trailer lost)",
      (lines: string[]) => lines.slice(0, -1),
      /^Arquivo de retorno incompleto: termina sem o trailer do arquivo \(registro 9\)$/,
    ],
    [
      "a batch trailer whose record count disagrees",
      (lines: string[]) => {
        lines[lines.length - 2] = patch(lines[lines.length - 2]!, 18, "000099");
        return lines;
      },
      /^Linha 5: o trailer do lote 0001 declara 99 registros, o lote tem 4$/,
    ],
    [
      "a batch trailer whose total value disagrees",
      (lines: string[]) => {
        lines[lines.length - 2] = patch(lines[lines.length - 2]!, 30, "1".padStart(17, "0"));
        return lines;
      },
      /^Linha 5: o trailer do lote 0001 declara valor total 0\.01, a soma dos títulos é 500\.00$/,
    ],
  ])("%s", async (_, breakFile, reason) => {
    const { account, numbers, ids } = await itauWorld(1);
    const lines = cnab240Return({ bankCode: "341", records: [liquidation(itau240(numbers[0]!), 50_000)] });
    if (_.startsWith("a file of another bank")) {
      // the whole file of the other bank, its trailers included
      for (const i of [1, 2, 3, 4, 5]) lines[i] = patch(lines[i]!, 1, "237");
    }
    const before = await tableCounts();

    const job = await importReturn(s, account, latin1(joinLines(breakFile(lines))));

    expect(job.Status).toBe("Failed");
    expect(job.FailureReason).toMatch(reason);
    expect(await tableCounts()).toEqual(before);
    expect(await titleRow(ids[0]!)).toMatchObject({ status: 1, openValue: 50_000 });
    expect(await errorsOfJob(job.IDJob)).toEqual([]);
  });
});

describe("a bad line is an error of that line; the others apply", () => {
  it("wrong length, non-numeric value, impossible date and unknown occurrence code (CNAB 400, Itaú)", async () => {
    const { account, numbers, ids } = await itauWorld(5);
    const lines = cnab400Return({
      bankCode: "341",
      records: numbers.map((n) => liquidation(itau400(n), 50_000)),
    });
    lines[2] = lines[2]!.slice(0, 399);
    lines[3] = patch(lines[3]!, 254, "00000001X0000");
    lines[4] = patch(lines[4]!, 111, "311326");
    lines[5] = patch(lines[5]!, 109, "99");

    const job = await importReturn(s, account, latin1(joinLines(lines)));

    expect(job).toMatchObject({ Status: "Done", Total: 1 });
    expect(job.Result).toEqual({
      settled: 1,
      alreadySettled: 0,
      unknown: 0,
      rejected: 0,
      ignored: 0,
      tariffs: 1,
    });
    expect(job.Errors.map((e) => e.Message)).toEqual([
      "Linha 3: tamanho 399, esperado 400",
      'Linha 4: valor pago não numérico: "00000001X0000"',
      'Linha 5: data da ocorrência inválida: "311326"',
      'Linha 6: ocorrência desconhecida: "99"',
    ]);
    expect(job.Errors.map((e) => e.Line)).toEqual([3, 4, 5, 6]);
    expect(await titleRow(ids[0]!)).toMatchObject({ status: 3, openValue: 0 });
    for (const id of ids.slice(1)) {
      expect(await titleRow(id)).toMatchObject({ status: 1, openValue: 50_000 });
      expect(await historyOf(id)).toEqual([]);
    }
  });
});

describe("records that name no title of the company settle nothing", () => {
  it("an unknown nosso número and another company's boleto: `unknown`, a line each, nothing written", async () => {
    const account = await returnAccount("341");
    const strangers = [freshNumber(), freshNumber()];
    // company 2's boleto with that number, on no bank account (so no account scopes it away)
    const other = await companyTwoApi();
    const created = await other.post("/accounts/receivable", {
      Description: "Boleto da filial",
      Value: 500,
      DueDate: "2026-02-20",
      NossoNumero: String(strangers[1]),
    });
    expect(created.status).toBe(200);
    const theirs = (created.body as { IDAccountPayableReceivable: number }).IDAccountPayableReceivable;
    const before = await tableCounts();

    const job = await importReturn(
      s,
      account,
      returnBytes("240", { bankCode: "341", records: strangers.map((n) => liquidation(itau240(n), 50_000)) }),
    );

    expect(job).toMatchObject({ Status: "Done", Total: 2 });
    expect(job.Result).toEqual({
      settled: 0,
      alreadySettled: 0,
      unknown: 2,
      rejected: 0,
      ignored: 0,
      tariffs: 0,
    });
    expect(job.Errors.map((e) => e.Message)).toEqual([
      `Linha 3: nosso número ${itau240(strangers[0]!)} não corresponde a nenhum título a receber desta empresa nesta conta`,
      `Linha 5: nosso número ${itau240(strangers[1]!)} não corresponde a nenhum título a receber desta empresa nesta conta`,
    ]);
    expect(await tableCounts()).toEqual(before);
    expect(await titleRow(theirs)).toMatchObject({ status: 1, openValue: 50_000 });
  });

  it("a boleto already paid by hand: settled once (no second entry), reported, kept in its history", async () => {
    const { account, numbers, ids } = await itauWorld(1);
    const paid = await s.api.post(`/accounts/receivable/${ids[0]}/payment`, {
      IDBankAccount: account,
      Value: 500,
      Date: "2026-03-01",
    });
    expect(paid.status).toBe(200);
    const entriesBefore = await entriesOf(account);
    expect(await paidEventsOf(ids[0]!)).toHaveLength(1);

    const job = await importReturn(
      s,
      account,
      returnBytes("240", { bankCode: "341", records: [liquidation(itau240(numbers[0]!), 50_000)] }),
    );

    expect(job.Result).toEqual({
      settled: 0,
      alreadySettled: 1,
      unknown: 0,
      rejected: 0,
      ignored: 0,
      tariffs: 0,
    });
    expect(job.Errors.map((e) => e.Message)).toEqual([
      `Linha 3: liquidação do nosso número ${itau240(numbers[0]!)}: o título ${ids[0]} já estava quitado; registrada no histórico, nenhum lançamento`,
    ]);
    expect(await entriesOf(account)).toEqual(entriesBefore);
    expect(await titleRow(ids[0]!)).toMatchObject({ status: 3, openValue: 0 });
    expect(await paidEventsOf(ids[0]!)).toHaveLength(1);
    expect(await historyOf(ids[0]!)).toEqual([
      expect.objectContaining({
        kind: "liquidation",
        paidValue: 51_000,
        reason: "Título já quitado antes deste retorno: liquidação registrada sem lançamento",
      }),
    ]);
  });
});

describe("paid value below or above what is open", () => {
  it("below: the title stays partially received; above (part paid by hand before): the surplus is an entry of its own", async () => {
    const { account, numbers, ids } = await itauWorld(2);
    const byHand = await s.api.post(`/accounts/receivable/${ids[1]}/payment`, {
      IDBankAccount: account,
      Value: 100,
      Date: "2026-03-01",
    });
    expect(byHand.status).toBe(200);
    const records: SampleRecord[] = [
      liquidation(itau240(numbers[0]!), 50_000, { paid: 30_000, interest: 0, tariff: 0 }),
      liquidation(itau240(numbers[1]!), 50_000, { interest: 0, tariff: 0 }),
    ];

    const job = await importReturn(s, account, returnBytes("240", { bankCode: "341", records }));

    expect(job.Result).toEqual({
      settled: 2,
      alreadySettled: 0,
      unknown: 0,
      rejected: 0,
      ignored: 0,
      tariffs: 0,
    });
    expect(job.Errors.map((e) => e.Message)).toEqual([
      `Linha 3: liquidação parcial: o título ${ids[0]} segue em aberto com 200.00`,
      `Linha 5: valor pago acima do saldo do título ${ids[1]}: 100.00 lançados à parte como entrada sem título`,
    ]);
    expect(await titleRow(ids[0]!)).toMatchObject({ status: 2, openValue: 20_000 });
    expect(await titleRow(ids[1]!)).toMatchObject({ status: 3, openValue: 0 });
    const ofReturn = (await entriesOf(account))
      .filter((e) => e.origin === "bank-return")
      .map((e) => ({ value: e.value, titleId: e.titleId }));
    expect(ofReturn).toEqual([
      { value: 30_000, titleId: ids[0] },
      { value: 40_000, titleId: ids[1] },
      { value: 10_000, titleId: null },
    ]);
  });
});
