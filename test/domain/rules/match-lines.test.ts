import { describe, expect, it } from "vitest";
import { matchLines } from "../../../src/domain/rules/match-lines";
import type {
  LineToMatch,
  MatchInput,
  OpenTitle,
  RuleToMatch,
  TransferLeg,
} from "../../../src/domain/rules/matching-types";
import { addDays } from "../../../src/lib/dates";

const A = 10; // the account of the lines
const B = 20; // another account of the company
const DAY = "2026-03-10";

const line = (
  id: number,
  value: number,
  description: string,
  fields: Partial<LineToMatch> = {},
): LineToMatch => ({
  id,
  bankAccountId: A,
  date: DAY,
  value,
  description,
  txId: null,
  payerDocument: null,
  ...fields,
});

/** A line with no Pix data (an OFX line). */
const NO_PIX = { txId: null, payerDocument: null };

const NO_FILTERS = {
  accountTypeId: null,
  documentTypeId: null,
  paymentTypeId: null,
  supplierId: null,
  consumerId: null,
};

const rule = (id: number, description: string | null, fields: Partial<RuleToMatch> = {}): RuleToMatch => ({
  id,
  bankAccountId: A,
  typeRule: 1,
  typeAccount: 0,
  description,
  bankAccountToId: null,
  ...NO_FILTERS,
  payerDocument: null,
  hasTxId: null,
  ...fields,
});

const transferRule = (id: number, description: string, fields: Partial<RuleToMatch> = {}) =>
  rule(id, description, { typeRule: 2, typeAccount: 1, bankAccountToId: B, ...fields });

const title = (id: number, openValue: number, fields: Partial<OpenTitle> = {}): OpenTitle => ({
  id,
  typeAccount: 0,
  openValue,
  dueDate: DAY,
  ...NO_FILTERS,
  ...fields,
});

const leg = (entryId: number, value: number, fields: Partial<TransferLeg> = {}): TransferLeg => ({
  entryId,
  bankAccountId: A,
  typeAccount: 1,
  value,
  date: `${DAY} 09:30:00`,
  otherBankAccountId: B,
  ...fields,
});

const match = (input: Partial<MatchInput>) =>
  matchLines({ lines: [], rules: [], titles: [], transferLegs: [], ...input });

/** The rule chosen for a single line (undefined: none). */
const ruleOf = (lines: LineToMatch[], rules: RuleToMatch[]) => {
  const [decision] = match({ lines, rules });
  return decision && "ruleId" in decision ? decision.ruleId : undefined;
};

describe("matchLines: which rule matches", () => {
  it.each<[string, LineToMatch, RuleToMatch[], number | undefined]>([
    [
      "the rule whose description the line contains",
      line(1, 500, "PIX RECEBIDO JOAO"),
      [rule(1, "pix recebido")],
      1,
    ],
    [
      "none when the description is not contained",
      line(1, 500, "TED RECEBIDA"),
      [rule(1, "pix recebido")],
      undefined,
    ],
    [
      "the longest description wins",
      line(1, 500, "PIX RECEBIDO CLIENTE 12"),
      [
        rule(1, "pix"),
        rule(2, "pix recebido cliente 1"),
        rule(3, "pix recebido cliente 12"),
        rule(4, "pix recebido"),
      ],
      3,
    ],
    ["same length: the lowest id wins", line(1, 500, "PIX TED"), [rule(7, "ted"), rule(5, "pix")], 5],
    [
      "accents and case on the rule side",
      line(1, 500, "TRANSFERENCIA RECEBIDA DOC 55"),
      [rule(1, "Transferência Recebida")],
      1,
    ],
    [
      "accents and case on the line side",
      line(1, 500, "Depósito em CAIXA"),
      [rule(1, "DEPOSITO EM caixa")],
      1,
    ],
    ["spaces collapsed on both sides", line(1, 500, "  pix\t\trecebido  "), [rule(1, " PIX  RECEBIDO ")], 1],
    [
      "credit line, credit rule (IDTypeAccount 0)",
      line(1, 500, "PIX"),
      [rule(1, "pix", { typeAccount: 0 })],
      1,
    ],
    ["credit line, debit rule", line(1, 500, "PIX"), [rule(1, "pix", { typeAccount: 1 })], undefined],
    [
      "debit line, debit rule (IDTypeAccount 1)",
      line(1, -500, "PIX"),
      [rule(1, "pix", { typeAccount: 1 })],
      1,
    ],
    ["debit line, credit rule", line(1, -500, "PIX"), [rule(1, "pix", { typeAccount: 0 })], undefined],
    [
      "direction beats specificity",
      line(1, -500, "PIX ENVIADO"),
      [rule(1, "pix enviado", { typeAccount: 0 }), rule(2, "pix", { typeAccount: 1 })],
      2,
    ],
    ["a rule of another account", line(1, 500, "PIX"), [rule(1, "pix", { bankAccountId: B })], undefined],
    ["a line of value zero matches nothing", line(1, 0, "PIX"), [rule(1, "pix"), rule(2, null)], undefined],
    ["a blank description matches every line", line(1, 500, "QUALQUER"), [rule(1, null)], 1],
    ["a blank description loses to any description", line(1, 500, "PIX"), [rule(1, null), rule(2, "pix")], 2],
    [
      "rules of an unknown type are ignored",
      line(1, 500, "PIX"),
      [rule(1, "pix", { typeRule: 3 })],
      undefined,
    ],
  ])("%s", (_, bankLine, rules, expected) => {
    expect(ruleOf([bankLine], rules)).toBe(expected);
  });

  it("a line no rule matches is answered as no-rule", () => {
    expect(match({ lines: [line(1, 500, "TARIFA")], rules: [rule(1, "pix")] })).toEqual([
      { kind: "no-rule", lineId: 1 },
    ]);
  });
});

describe("matchLines: the line conditions of a rule (payer document, has TxId)", () => {
  const CPF = "12345678909";
  const CNPJ = "12ABC34501DE35";
  const TXID = "pedido12345fatura6789abcdef0";
  const pix = (fields: Partial<LineToMatch>) => line(1, 500, "PIX RECEBIDO", fields);

  it.each<[string, LineToMatch, RuleToMatch[], number | undefined]>([
    [
      "a payer rule takes its payer's line",
      pix({ payerDocument: CPF }),
      [rule(1, null, { payerDocument: CPF })],
      1,
    ],
    [
      "a payer rule leaves another payer's line",
      pix({ payerDocument: "11222333000181" }),
      [rule(1, null, { payerDocument: CPF })],
      undefined,
    ],
    [
      "a payer rule leaves a line with no payer (OFX)",
      pix({ payerDocument: null }),
      [rule(1, null, { payerDocument: CPF })],
      undefined,
    ],
    [
      "documents compare in their normalised form (punctuation, case)",
      pix({ payerDocument: "12.abc.345/01de-35" }),
      [rule(1, "pix", { payerDocument: CNPJ })],
      1,
    ],
    [
      "the payer does not replace the description: both must hold",
      pix({ payerDocument: CPF }),
      [rule(1, "ted recebida", { payerDocument: CPF })],
      undefined,
    ],
    ["HasTxId true takes a line with a txid", pix({ txId: TXID }), [rule(1, null, { hasTxId: true })], 1],
    [
      "HasTxId true leaves a line without txid",
      pix({ txId: null }),
      [rule(1, null, { hasTxId: true })],
      undefined,
    ],
    ["a blank txid counts as none", pix({ txId: "  " }), [rule(1, null, { hasTxId: true })], undefined],
    ["HasTxId false takes a line without txid", pix({ txId: null }), [rule(1, null, { hasTxId: false })], 1],
    [
      "HasTxId false leaves a line with a txid",
      pix({ txId: TXID }),
      [rule(1, null, { hasTxId: false })],
      undefined,
    ],
    ["HasTxId null takes either", pix({ txId: TXID }), [rule(1, null, { hasTxId: null })], 1],
    [
      "both conditions must hold",
      pix({ payerDocument: CPF, txId: null }),
      [rule(1, null, { payerDocument: CPF, hasTxId: true })],
      undefined,
    ],
    [
      "a rule whose conditions fail gives way to the next one",
      pix({ payerDocument: CPF, txId: null }),
      [rule(1, "pix recebido", { hasTxId: true }), rule(2, "pix")],
      2,
    ],
    [
      "a payer rule beats a longer description",
      pix({ payerDocument: CPF }),
      [rule(1, "pix recebido"), rule(2, null, { payerDocument: CPF })],
      2,
    ],
    [
      "between payer rules, the longest description",
      pix({ payerDocument: CPF }),
      [rule(1, null, { payerDocument: CPF }), rule(2, "pix", { payerDocument: CPF })],
      2,
    ],
    [
      "a HasTxId rule beats a rule of the same description length without it",
      pix({ txId: TXID }),
      [rule(1, "pix"), rule(2, "pix", { hasTxId: true })],
      2,
    ],
    [
      "but not a longer description",
      pix({ txId: TXID }),
      [rule(1, "pix recebido"), rule(2, "pix", { hasTxId: true })],
      1,
    ],
    [
      "a transfer rule honours the conditions too",
      line(1, -500, "PIX ENVIADO", { payerDocument: CPF }),
      [
        transferRule(1, "pix", { payerDocument: "11222333000181" }),
        transferRule(2, "pix enviado", { hasTxId: true }),
      ],
      undefined,
    ],
  ])("%s", (_, bankLine, rules, expected) => {
    expect(ruleOf([bankLine], rules)).toBe(expected);
  });

  it("settles a title only from the line whose payer the rule names", () => {
    const decisions = match({
      lines: [pix({ id: 1, payerDocument: "11222333000181" }), pix({ id: 2, payerDocument: CPF })],
      rules: [rule(9, null, { payerDocument: CPF })],
      titles: [title(3, 500)],
    });
    expect(decisions).toEqual([
      { kind: "no-rule", lineId: 1 },
      expect.objectContaining({ kind: "settle-title", lineId: 2, ruleId: 9, titleId: 3 }),
    ]);
  });
});

describe("matchLines: type 1 settles a single open title", () => {
  const credit = line(1, 15_000, "PIX RECEBIDO");
  const debit = line(1, -15_000, "BOLETO PAGO");
  const creditRule = rule(9, "pix recebido");
  const debitRule = rule(9, "boleto pago", { typeAccount: 1 });

  const outcome = (bankLine: LineToMatch, r: RuleToMatch, titles: OpenTitle[]) => {
    const [decision] = match({ lines: [bankLine], rules: [r], titles });
    if (decision?.kind === "settle-title") return decision.titleId;
    return decision?.kind === "pending" ? decision.reason : decision?.kind;
  };

  it("settles the title with the line's account, direction, absolute value and date", () => {
    expect(
      match({ lines: [debit], rules: [debitRule], titles: [title(3, 15_000, { typeAccount: 1 })] }),
    ).toEqual([
      {
        kind: "settle-title",
        lineId: 1,
        ruleId: 9,
        titleId: 3,
        bankAccountId: A,
        typeAccount: 1,
        value: 15_000,
        date: DAY,
      },
    ]);
  });

  it.each<[string, LineToMatch, RuleToMatch, OpenTitle[], number | string | undefined]>([
    ["a receivable for a credit", credit, creditRule, [title(3, 15_000, { typeAccount: 0 })], 3],
    ["not a payable for a credit", credit, creditRule, [title(3, 15_000, { typeAccount: 1 })], "no-title"],
    ["a payable for a debit", debit, debitRule, [title(3, 15_000, { typeAccount: 1 })], 3],
    ["not a receivable for a debit", debit, debitRule, [title(3, 15_000, { typeAccount: 0 })], "no-title"],
    ["open value must equal |value|", credit, creditRule, [title(3, 15_001), title(4, 14_999)], "no-title"],
    [
      "a fully paid title (open value 0) is ignored",
      line(1, 1, "PIX RECEBIDO"),
      creditRule,
      [title(3, 0)],
      "no-title",
    ],
    [
      "due 5 days after the line: in",
      credit,
      creditRule,
      [title(3, 15_000, { dueDate: addDays(DAY, 5) })],
      3,
    ],
    [
      "due 5 days before the line: in",
      credit,
      creditRule,
      [title(3, 15_000, { dueDate: addDays(DAY, -5) })],
      3,
    ],
    [
      "due 6 days after the line: out",
      credit,
      creditRule,
      [title(3, 15_000, { dueDate: addDays(DAY, 6) })],
      "no-title",
    ],
    [
      "due 6 days before the line: out",
      credit,
      creditRule,
      [title(3, 15_000, { dueDate: addDays(DAY, -6) })],
      "no-title",
    ],
    [
      "the window crosses months",
      line(1, 15_000, "PIX RECEBIDO", { date: "2026-03-02" }),
      creditRule,
      [title(3, 15_000, { dueDate: "2026-02-25" })],
      3,
    ],
    [
      "several candidates: pending with the rule",
      credit,
      creditRule,
      [title(3, 15_000), title(4, 15_000)],
      "several-titles",
    ],
    [
      "only one candidate inside the window",
      credit,
      creditRule,
      [
        title(3, 15_000, { dueDate: addDays(DAY, -6) }),
        title(4, 15_000),
        title(5, 15_000, { dueDate: addDays(DAY, 6) }),
      ],
      4,
    ],
    [
      "the rule's filters narrow the candidates",
      credit,
      rule(9, "pix recebido", { consumerId: 70, paymentTypeId: 5 }),
      [
        title(3, 15_000, { consumerId: 71, paymentTypeId: 5 }),
        title(4, 15_000, { consumerId: 70, paymentTypeId: 5 }),
        title(5, 15_000, { consumerId: 70, paymentTypeId: null }),
        title(6, 15_000, { consumerId: null, paymentTypeId: 5 }),
      ],
      4,
    ],
    [
      "every filter applies",
      debit,
      rule(9, "boleto pago", {
        typeAccount: 1,
        accountTypeId: 1,
        documentTypeId: 2,
        paymentTypeId: 3,
        supplierId: 4,
      }),
      [
        title(3, 15_000, {
          typeAccount: 1,
          accountTypeId: 1,
          documentTypeId: 2,
          paymentTypeId: 3,
          supplierId: 9,
        }),
        title(4, 15_000, {
          typeAccount: 1,
          accountTypeId: 1,
          documentTypeId: 9,
          paymentTypeId: 3,
          supplierId: 4,
        }),
        title(5, 15_000, {
          typeAccount: 1,
          accountTypeId: 9,
          documentTypeId: 2,
          paymentTypeId: 3,
          supplierId: 4,
        }),
        title(6, 15_000, {
          typeAccount: 1,
          accountTypeId: 1,
          documentTypeId: 2,
          paymentTypeId: 9,
          supplierId: 4,
        }),
        title(7, 15_000, {
          typeAccount: 1,
          accountTypeId: 1,
          documentTypeId: 2,
          paymentTypeId: 3,
          supplierId: 4,
        }),
      ],
      7,
    ],
    [
      "without filters, titles of any registry are candidates",
      credit,
      creditRule,
      [title(3, 15_000, { consumerId: 70 }), title(4, 15_000, { supplierId: 8 })],
      "several-titles",
    ],
    ["no title at all: pending with the rule", credit, creditRule, [], "no-title"],
  ])("%s", (_, bankLine, r, titles, expected) => {
    expect(outcome(bankLine, r, titles)).toBe(expected);
  });

  it("several candidates leave the line pending with the rule recorded", () => {
    expect(
      match({ lines: [credit], rules: [creditRule], titles: [title(3, 15_000), title(4, 15_000)] }),
    ).toEqual([{ kind: "pending", lineId: 1, ruleId: 9, reason: "several-titles" }]);
  });

  it("a title is taken by one line only: the earliest line, then the lowest id", () => {
    const lines = [
      line(5, 15_000, "PIX RECEBIDO", { date: "2026-03-11" }),
      line(4, 15_000, "PIX RECEBIDO", { date: "2026-03-10" }),
      line(3, 15_000, "PIX RECEBIDO", { date: "2026-03-10" }),
    ];
    expect(match({ lines, rules: [creditRule], titles: [title(8, 15_000)] })).toEqual([
      expect.objectContaining({ kind: "settle-title", lineId: 3, titleId: 8 }),
      { kind: "pending", lineId: 4, ruleId: 9, reason: "no-title" },
      { kind: "pending", lineId: 5, ruleId: 9, reason: "no-title" },
    ]);
  });

  it("a title taken by an earlier line no longer counts as a second candidate", () => {
    // line 1 sees only title 8; line 2 sees 8 (taken) and 9: exactly one left
    const lines = [
      line(1, 15_000, "PIX RECEBIDO", { date: "2026-03-01" }),
      line(2, 15_000, "PIX RECEBIDO", { date: "2026-03-05" }),
    ];
    const titles = [title(8, 15_000, { dueDate: "2026-03-02" }), title(9, 15_000, { dueDate: "2026-03-09" })];
    expect(match({ lines, rules: [creditRule], titles }).map((d) => "titleId" in d && d.titleId)).toEqual([
      8, 9,
    ]);
  });
});

describe("matchLines: type 2 links or posts a transfer", () => {
  const debit = line(1, -25_000, "TED ENVIADA");
  const ted = transferRule(4, "ted enviada");

  it("links an unreconciled leg of the same value, day, direction and destination", () => {
    expect(match({ lines: [debit], rules: [ted], transferLegs: [leg(70, 25_000)] })).toEqual([
      { kind: "link-transfer-leg", lineId: 1, ruleId: 4, entryId: 70 },
    ]);
  });

  it.each<[string, TransferLeg]>([
    ["another value", leg(70, 25_001)],
    ["another day", leg(70, 25_000, { date: "2026-03-11 09:30:00" })],
    ["another direction", leg(70, 25_000, { typeAccount: 0 })],
    ["another destination", leg(70, 25_000, { otherBankAccountId: 30 })],
    ["another account", leg(70, 25_000, { bankAccountId: B, otherBankAccountId: A })],
  ])("does not link a leg of %s: posts the transfer instead", (_, candidate) => {
    expect(match({ lines: [debit], rules: [ted], transferLegs: [candidate] })).toEqual([
      {
        kind: "post-transfer",
        lineId: 1,
        ruleId: 4,
        fromBankAccountId: A,
        toBankAccountId: B,
        value: 25_000,
        date: DAY,
      },
    ]);
  });

  it("a credit links an inflow leg, or posts the transfer from the destination account", () => {
    const credit = line(1, 25_000, "TED RECEBIDA");
    const received = transferRule(4, "ted recebida", { typeAccount: 0 });
    expect(
      match({ lines: [credit], rules: [received], transferLegs: [leg(70, 25_000, { typeAccount: 0 })] }),
    ).toEqual([{ kind: "link-transfer-leg", lineId: 1, ruleId: 4, entryId: 70 }]);
    expect(match({ lines: [credit], rules: [received] })).toEqual([
      {
        kind: "post-transfer",
        lineId: 1,
        ruleId: 4,
        fromBankAccountId: B,
        toBankAccountId: A,
        value: 25_000,
        date: DAY,
      },
    ]);
  });

  it("a leg is linked once: the lowest entry id first, then a new transfer", () => {
    const lines = [
      line(1, -25_000, "TED ENVIADA"),
      line(2, -25_000, "TED ENVIADA"),
      line(3, -25_000, "TED ENVIADA"),
    ];
    const decisions = match({ lines, rules: [ted], transferLegs: [leg(72, 25_000), leg(71, 25_000)] });
    expect(decisions.map((d) => [d.kind, "entryId" in d ? d.entryId : null])).toEqual([
      ["link-transfer-leg", 71],
      ["link-transfer-leg", 72],
      ["post-transfer", null],
    ]);
  });

  it("lines of both accounts in one run: the second links the other leg of the transfer the first posts", () => {
    const lines = [
      line(2, 25_000, "TED RECEBIDA", { bankAccountId: B }),
      line(1, -25_000, "TED ENVIADA", { bankAccountId: A }),
    ];
    const rules = [
      ted,
      transferRule(5, "ted recebida", { bankAccountId: B, typeAccount: 0, bankAccountToId: A }),
    ];
    expect(match({ lines, rules })).toEqual([
      {
        kind: "post-transfer",
        lineId: 1,
        ruleId: 4,
        fromBankAccountId: A,
        toBankAccountId: B,
        value: 25_000,
        date: DAY,
      },
      { kind: "link-posted-transfer", lineId: 2, ruleId: 5, postedForLineId: 1 },
    ]);
  });
});

describe("matchLines: the run as a whole", () => {
  it("answers one decision per line, by date then id, and leaves the input untouched", () => {
    const lines = [
      line(3, 100, "PIX", { date: "2026-03-12" }),
      line(1, 100, "PIX", { date: "2026-03-12" }),
      line(2, 100, "TARIFA", { date: "2026-03-01" }),
    ];
    const frozen = JSON.stringify(lines);
    expect(match({ lines, rules: [rule(1, "pix")] }).map((d) => d.lineId)).toEqual([2, 1, 3]);
    expect(JSON.stringify(lines)).toBe(frozen);
  });

  // its speed is measured by `npm run bench:import` against a floor, not by a clock in a test
  it("decides 10,000 lines against 100 rules and 5,000 titles correctly", () => {
    const day0 = "2026-01-01";
    // 5,000 titles: five per (direction, value), due dates at least 24 days apart inside a bucket.
    const titles: OpenTitle[] = Array.from({ length: 5000 }, (_, t) => ({
      id: t + 1,
      typeAccount: t % 2,
      openValue: 10_000 + (t % 1000) * 100,
      dueDate: addDays(day0, Math.floor(t / 1000) * 30 + (t % 7)),
      ...NO_FILTERS,
      consumerId: t % 2 === 0 ? 1000 + (t % 40) : null,
    }));
    // 100 rules: 41 credit (one generic, 40 per customer with its filter), 41 debit, 18 transfers.
    const rules: RuleToMatch[] = [rule(1, "recebimento"), rule(2, "pagamento", { typeAccount: 1 })];
    for (let c = 0; c < 40; c++) {
      rules.push(rule(100 + c, `Recebimento Cliente ${c}`, { consumerId: 1000 + c }));
      rules.push(rule(200 + c, `Pagamento Fornecedor ${c}`, { typeAccount: 1 }));
    }
    for (let k = 0; k < 18; k++)
      rules.push(transferRule(300 + k, `Transferência Conta ${k}`, { bankAccountToId: 500 + k }));
    expect(rules).toHaveLength(100);

    // Lines 0..4999 each settle title i+1 (line date within 5 days of its due date);
    // 5000..7499 match no rule; 7500..9999 are transfers, a leg existing for the even ones.
    const lines: LineToMatch[] = [];
    const legs: TransferLeg[] = [];
    for (let i = 0; i < 10_000; i++) {
      const id = i + 1;
      if (i < 5000) {
        const t = titles[i]!;
        const date = addDays(t.dueDate, (i % 11) - 5);
        const description =
          t.typeAccount === 0 ? `RECEBIMENTO CLIENTE ${i % 40} NF ${i}` : `PAGAMENTO FORNECEDOR ${i % 40}`;
        lines.push({
          id,
          bankAccountId: A,
          date,
          value: t.typeAccount === 0 ? t.openValue : -t.openValue,
          description,
          txId: null,
          payerDocument: null,
        });
      } else if (i < 7500) {
        lines.push({
          ...NO_PIX,
          id,
          bankAccountId: A,
          date: day0,
          value: -990,
          description: "TARIFA MENSAL",
        });
      } else {
        const date = addDays(day0, i % 200);
        const value = 50_000 + i;
        const k = i % 18;
        lines.push({
          ...NO_PIX,
          id,
          bankAccountId: A,
          date,
          value: -value,
          description: `TRANSFERENCIA CONTA ${k} `,
        });
        if (i % 2 === 0)
          legs.push({
            entryId: 90_000 + i,
            bankAccountId: A,
            typeAccount: 1,
            value,
            date,
            otherBankAccountId: 500 + k,
          });
      }
    }

    const decisions = matchLines({ lines, rules, titles, transferLegs: legs });

    const expected = lines.map((l, i) => {
      if (i < 5000) {
        const c = i % 40;
        const ruleId = titles[i]!.typeAccount === 0 ? 100 + c : 200 + c;
        return `${l.id}:settle-title:${ruleId}:${i + 1}`;
      }
      if (i < 7500) return `${l.id}:no-rule`;
      const ruleId = 300 + (i % 18);
      return i % 2 === 0
        ? `${l.id}:link-transfer-leg:${ruleId}:${90_000 + i}`
        : `${l.id}:post-transfer:${ruleId}:${500 + (i % 18)}`;
    });
    const actual = decisions.map((d) => {
      if (d.kind === "settle-title") return `${d.lineId}:${d.kind}:${d.ruleId}:${d.titleId}`;
      if (d.kind === "link-transfer-leg") return `${d.lineId}:${d.kind}:${d.ruleId}:${d.entryId}`;
      if (d.kind === "post-transfer") return `${d.lineId}:${d.kind}:${d.ruleId}:${d.toBankAccountId}`;
      return `${d.lineId}:${d.kind}`;
    });
    expect(actual.sort()).toEqual(expected.sort());
  });
});
