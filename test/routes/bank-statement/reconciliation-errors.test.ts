import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conciliationLinks, entries } from "../../../drizzle/schema";
import { client, signIn, tokenFor } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  bankLineState,
  createAcquirerLine,
  createBankAccount,
  createBankLine,
  createEntry,
  createTitle,
  demoDb,
  linkEntry,
  payTitle,
  titleState,
} from "../../support/statement-factories";

let api: ReturnType<typeof client>;
let A: number;
let B: number;
let line: number;
let acquirerLine: number;
const LINE_DATE = "2026-03-10";

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  A = await createBankAccount();
  B = await createBankAccount();
  line = await createBankLine({ bankAccountId: A, date: LINE_DATE, value: 100_000 });
  acquirerLine = await createAcquirerLine({ date: LINE_DATE, grossValue: 52_000, netValue: 50_000 });
});

const reconcile = (body: unknown) => api.post("/accounts/bank-statement", body);
const refused = async (body: unknown, message: string) => {
  const response = await reconcile(body);
  expectRefusal(response, message);
};

describe("POST /accounts/bank-statement body rules", () => {
  it("Lançamento de conciliação não selecionado", async () => {
    await refused(
      { IDBankAccount: A, Accounts: [{ IDAccountPayableReceivable: 1 }] },
      "Lançamento de conciliação não selecionado",
    );
    await refused(
      { IDBankStatementConciliation: 0, IDBankAccount: A, Accounts: [{ IDAccountPayableReceivable: 1 }] },
      "Lançamento de conciliação não selecionado",
    );
  });

  it("Informe apenas uma conciliação: bancária ou de adquirente", async () => {
    await refused(
      {
        IDBankStatementConciliation: line,
        IDAccountsPayableReceivableConciliation: acquirerLine,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: 1 }],
      },
      "Informe apenas uma conciliação: bancária ou de adquirente",
    );
  });

  it("Conta bancária não selecionada", async () => {
    await refused(
      { IDBankStatementConciliation: line, Accounts: [{ IDAccountPayableReceivable: 1 }] },
      "Conta bancária não selecionada",
    );
    await refused(
      {
        IDBankStatementConciliation: line,
        IDBankAccount: null,
        Accounts: [{ IDAccountPayableReceivable: 1 }],
      },
      "Conta bancária não selecionada",
    );
  });

  it("Contas a receber/pagar é obrigatório e deve ser um array com pelo menos um item", async () => {
    const message = "Contas a receber/pagar é obrigatório e deve ser um array com pelo menos um item";
    await refused({ IDBankStatementConciliation: line, IDBankAccount: A }, message);
    await refused({ IDBankStatementConciliation: line, IDBankAccount: A, Accounts: [] }, message);
    await refused(
      { IDBankStatementConciliation: line, IDBankAccount: A, Accounts: { IDAccountPayableReceivable: 1 } },
      message,
    );
  });

  it("Transferência é obrigatória e deve ser um array com pelo menos um item", async () => {
    const message = "Transferência é obrigatória e deve ser um array com pelo menos um item";
    await refused({ IDBankStatementConciliation: line, IDBankAccount: A, Transfers: [] }, message);
    await refused({ IDBankStatementConciliation: line, IDBankAccount: A, Transfers: "1" }, message);
  });

  it("Accounts[<i>]. Conta a pagar/receber não informada ou inválida", async () => {
    const base = { IDBankStatementConciliation: line, IDBankAccount: A };
    await refused(
      { ...base, Accounts: [{ IDAccountPayableReceivable: 1 }, {}] },
      "Accounts[1]. Conta a pagar/receber não informada ou inválida",
    );
    await refused(
      { ...base, Accounts: [{ IDAccountPayableReceivable: "7" }] },
      "Accounts[0]. Conta a pagar/receber não informada ou inválida",
    );
    await refused({ ...base, Accounts: [5] }, "Accounts[0]. Conta a pagar/receber não informada ou inválida");
    await refused(
      {
        ...base,
        Accounts: [
          { IDAccountPayableReceivable: 3 },
          { IDAccountPayableReceivable: 4 },
          { IDAccountPayableReceivable: 3 },
        ],
      },
      "Accounts[2]. Conta a pagar/receber não informada ou inválida",
    );
  });

  it("Transfers[<i>]. Transferência não informada ou inválida", async () => {
    const base = { IDBankStatementConciliation: line, IDBankAccount: A };
    await refused(
      { ...base, Transfers: [{ IDBankStatement: "a" }] },
      "Transfers[0]. Transferência não informada ou inválida",
    );
    await refused(
      { ...base, Transfers: [{ IDBankStatement: 1 }, { IDBankStatement: 1.5 }] },
      "Transfers[1]. Transferência não informada ou inválida",
    );
  });

  it("refuses both lists, an invalid Value, too many items and ids of the wrong type", async () => {
    const base = { IDBankStatementConciliation: line, IDBankAccount: A };
    await refused(
      { ...base, Accounts: [{ IDAccountPayableReceivable: 1 }], Transfers: [{ IDBankStatement: 1 }] },
      "Informe apenas uma lista: Accounts ou Transfers",
    );
    await refused(
      { ...base, Accounts: [{ IDAccountPayableReceivable: 1, Value: 0 }] },
      "Accounts[0].Value deve ser um número maior que zero com no máximo 2 casas decimais",
    );
    await refused(
      { ...base, Accounts: [{ IDAccountPayableReceivable: 1, Value: 1.001 }] },
      "Accounts[0].Value deve ser um número maior que zero com no máximo 2 casas decimais",
    );
    const many = Array.from({ length: 501 }, (_, i) => ({ IDAccountPayableReceivable: i + 1 }));
    await refused({ ...base, Accounts: many }, "Accounts aceita no máximo 500 itens");
    await refused({ ...base, IDBankAccount: "A" }, "IDBankAccount deve ser um número inteiro");
  });
});

describe("POST /accounts/bank-statement lookups", () => {
  it("Empresa não encontrada", async () => {
    const ghost = client("demo", await tokenFor({ userId: 1, companyId: 99, account: "demo" }));
    const response = await ghost.post("/accounts/bank-statement", {
      IDBankStatementConciliation: line,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: 1 }],
    });
    expectRefusal(response, "Empresa não encontrada");
  });

  it("Lançamento de conciliação de adquirente não encontrado", async () => {
    const message = "Lançamento de conciliação de adquirente não encontrado";
    await refused(
      {
        IDAccountsPayableReceivableConciliation: 999_999,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: 1 }],
      },
      message,
    );
    const foreign = await createAcquirerLine({ companyId: 2, date: LINE_DATE, netValue: 100 });
    await refused(
      {
        IDAccountsPayableReceivableConciliation: foreign,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: 1 }],
      },
      message,
    );
    const onB = await createAcquirerLine({ date: LINE_DATE, netValue: 100, bankAccountId: B });
    await refused(
      {
        IDAccountsPayableReceivableConciliation: onB,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: 1 }],
      },
      message,
    );
  });

  it("Lançamento conciliação bancária não encontrado", async () => {
    const message = "Lançamento conciliação bancária não encontrado";
    await refused(
      {
        IDBankStatementConciliation: 999_999,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: 1 }],
      },
      message,
    );
    const foreignAccount = await createBankAccount({ companyId: 2 });
    const foreign = await createBankLine({
      companyId: 2,
      bankAccountId: foreignAccount,
      date: LINE_DATE,
      value: 100,
    });
    await refused(
      {
        IDBankStatementConciliation: foreign,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: 1 }],
      },
      message,
    );
    // A line of account B reconciled with entries of account A.
    const onB = await createBankLine({ bankAccountId: B, date: LINE_DATE, value: 100 });
    await refused(
      { IDBankStatementConciliation: onB, IDBankAccount: A, Accounts: [{ IDAccountPayableReceivable: 1 }] },
      message,
    );
  });

  it("Conta bancária não encontrada", async () => {
    const foreignAccount = await createBankAccount({ companyId: 2 });
    const inactive = await createBankAccount({ status: 0 });
    for (const account of [foreignAccount, inactive, 999_999]) {
      await refused(
        {
          IDAccountsPayableReceivableConciliation: acquirerLine,
          IDBankAccount: account,
          Accounts: [{ IDAccountPayableReceivable: 1 }],
        },
        "Conta bancária não encontrada",
      );
    }
  });

  it("Contas não encontradas: <ids>", async () => {
    const deleted = await createTitle({ value: 100, status: 0 });
    const foreign = await createTitle({ companyId: 2, value: 100 });
    const valid = await createTitle({ value: 100 });
    await refused(
      {
        IDBankStatementConciliation: line,
        IDBankAccount: A,
        Accounts: [
          { IDAccountPayableReceivable: valid },
          { IDAccountPayableReceivable: deleted },
          { IDAccountPayableReceivable: foreign },
          { IDAccountPayableReceivable: 999_999 },
        ],
      },
      `Contas não encontradas: ${deleted}, ${foreign}, 999999`,
    );
  });
});

describe("POST /accounts/bank-statement refusals that depend on the titles and the line", () => {
  it("O valor total dos lançamentos (<x>) é maior que o valor do título (<y>) ...", async () => {
    const title = await createTitle({ value: 100_000 });
    const paid = await payTitle(title, { bankAccountId: A, value: 60_000, date: "2026-03-01 10:00:00" });
    await refused(
      {
        IDBankStatementConciliation: line,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: title, Value: 500 }],
      },
      `O valor total dos lançamentos (1100.00) é maior que o valor do título (1000.00). Código do título: ${title}. Lançamentos: ${paid}: 600.00, nesta conciliação: 500.00`,
    );
    expect(await titleState(title)).toEqual({ openValue: 40_000, status: 2 });
  });

  it("Divergência na data dos pagamentos realizados e a data do lançamento bancário / de adquirente", async () => {
    const title = await createTitle({ value: 30_000 });
    await payTitle(title, { bankAccountId: A, value: 30_000, date: "2026-03-01 10:00:00" });
    await refused(
      {
        IDBankStatementConciliation: line,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: title }],
      },
      "Divergência na data dos pagamentos realizados e a data do lançamento bancário",
    );
    await refused(
      {
        IDAccountsPayableReceivableConciliation: acquirerLine,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: title }],
      },
      "Divergência na data dos pagamentos realizados e a data do lançamento de conciliação de adquirente",
    );
  });

  it("Título <id> já está conciliado na conciliação bancária código: <id>", async () => {
    const title = await createTitle({ value: 10_000 });
    const entry = await payTitle(title, { bankAccountId: A, value: 10_000, date: `${LINE_DATE} 09:00:00` });
    const other = await createBankLine({ bankAccountId: A, date: LINE_DATE, value: 10_000 });
    await linkEntry(entry, { bankLineId: other });
    await refused(
      {
        IDBankStatementConciliation: line,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: title }],
      },
      `Título ${title} já está conciliado na conciliação bancária código: ${other}`,
    );
  });

  it("Título <id> já está conciliado ...: also when this very line already holds the whole title", async () => {
    const own = await createBankLine({ bankAccountId: A, date: LINE_DATE, value: 20_000 });
    const title = await createTitle({ value: 10_000 });
    const body = {
      IDBankStatementConciliation: own,
      IDBankAccount: A,
      Accounts: [{ IDAccountPayableReceivable: title }],
    };
    expect((await reconcile(body)).status).toBe(200);
    await refused(body, `Título ${title} já está conciliado na conciliação bancária código: ${own}`);
  });

  it("O valor total das contas (<x>) é maior que o valor do <line kind> (<y>). Não é possível conciliar.", async () => {
    const big = await createTitle({ value: 120_000 });
    await refused(
      {
        IDBankStatementConciliation: line,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: big }],
      },
      "O valor total das contas (1200.00) é maior que o valor do lançamento bancário (1000.00). Não é possível conciliar.",
    );
    await refused(
      {
        IDAccountsPayableReceivableConciliation: acquirerLine,
        IDBankAccount: A,
        Accounts: [{ IDAccountPayableReceivable: big, Value: 500.01 }],
      },
      "O valor total das contas (500.01) é maior que o valor do lançamento de conciliação de adquirente (500.00). Não é possível conciliar.",
    );
    expect(await titleState(big)).toEqual({ openValue: 120_000, status: 1 });
  });

  it("Transferência(s) não encontradas ou já conciliadas: <ids>", async () => {
    const transfer = async (from: number, to: number) => {
      const response = await api.post("/accounts/bank-statement/transfer", {
        IDBankFrom: from,
        IDBankTo: to,
        Value: 10,
        Date: LINE_DATE,
      });
      expect(response.status).toBe(200);
      return response.body;
    };
    const good = await transfer(A, B);
    const onOtherAccount = await transfer(B, A);
    const reconciled = await transfer(A, B);
    const elsewhere = await createBankLine({ bankAccountId: A, date: LINE_DATE, value: -1_000 });
    await linkEntry(reconciled.Debit.IDBankStatement, { bankLineId: elsewhere });
    const payment = await createEntry({ bankAccountId: A, value: 1_000, date: `${LINE_DATE} 10:00:00` });
    const notFound = [
      onOtherAccount.Debit.IDBankStatement,
      reconciled.Debit.IDBankStatement,
      payment,
      999_999,
    ];
    await refused(
      {
        IDBankStatementConciliation: line,
        IDBankAccount: A,
        Transfers: [
          { IDBankStatement: good.Debit.IDBankStatement },
          ...notFound.map((id) => ({ IDBankStatement: id })),
        ],
      },
      `Transferência(s) não encontradas ou já conciliadas: ${notFound.join(", ")}`,
    );
  });

  it("Falha ao processar conciliação: a refused batch writes nothing", async () => {
    const failing = await createBankLine({ bankAccountId: A, date: LINE_DATE, value: 5_000 });
    const title = await createTitle({ value: 5_000 });
    await env.DB_DEMO.prepare(
      `CREATE TRIGGER fail_link BEFORE INSERT ON conciliation_links WHEN NEW.bank_line_id = ${failing} BEGIN SELECT RAISE(ABORT, 'falha forçada'); END`,
    ).run();
    try {
      await refused(
        {
          IDBankStatementConciliation: failing,
          IDBankAccount: A,
          Accounts: [{ IDAccountPayableReceivable: title }],
        },
        "Falha ao processar conciliação",
      );
    } finally {
      await env.DB_DEMO.prepare("DROP TRIGGER fail_link").run();
    }
    expect(await titleState(title)).toEqual({ openValue: 5_000, status: 1 });
    expect(await bankLineState(failing)).toEqual({ reconciledValue: 0, statusId: 1 });
    const posted = await demoDb()
      .select({ n: sql<number>`count(*)` })
      .from(entries)
      .where(eq(entries.titleId, title));
    expect(posted[0]!.n).toBe(0);
    const links = await demoDb()
      .select()
      .from(conciliationLinks)
      .where(eq(conciliationLinks.bankLineId, failing));
    expect(links).toEqual([]);
  });
});
