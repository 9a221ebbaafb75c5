import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api";
import { type Corruption, reports } from "../support/corruptions";
import { invariantViolations } from "../support/invariants";
import { issuableOrder, issuableSetup } from "../support/nfe-factories";
import { seedAccounts } from "../support/seed";

/**
 * The issued NF-e invariants: clean with an authorized note on an invoiced order, an offline NFC-e
 * (model 65, tpEmis 9) of the same series and number on another invoiced order (models are numbered
 * apart), an expired one and an SVC note (tpEmis 6); and each kind of corruption reported (the unique
 * indexes that forbid two of them are dropped for the corruption and put back with the repair).
 */

const ids = {} as {
  order: number;
  note: number;
  invoice: number;
  other: number;
  counter: number;
  offline: number;
};

/** A 44-character key of the test issuer (SP, CNPJ 11222333000181) of model, number and tpEmis. */
const keyOf = (model: number, number: number, tpEmis: number) =>
  `35261111222333000181${model}001${String(number).padStart(9, "0")}${tpEmis}123456780`;
const INSERT_NOTE = `INSERT INTO issued_nfes (company_id, company_invoice_id, order_id, model, series, number, environment, cnf,
       access_key, status, c_stat, x_motivo, issued_at, total, emission_type)
     VALUES (1, ?1, ?2, ?3, 1, ?4, 2, '12345678', ?5, ?6, NULL, NULL, '2026-11-29T10:00:00-03:00', 100, ?7) RETURNING id`;

beforeAll(async () => {
  await seedAccounts();
  const api = client("demo", await signIn("demo", "admin@demo.local"));
  const setup = await issuableSetup(api);
  const order = await issuableOrder(api, setup);
  expect((await api.put(`/orders/${order}`, { IDStatusOrder: 6 })).status).toBe(200);
  const other = await issuableOrder(api, setup);
  // the row an authorization writes (the job's own path is test/routes/nfe)
  const note = await env.DB_DEMO.prepare(
    `INSERT INTO issued_nfes (company_id, company_invoice_id, order_id, model, series, number, environment, cnf,
       access_key, status, c_stat, x_motivo, issued_at, total)
     VALUES (1, ?1, ?2, 55, 1, 900001, 2, '12345678', 'k' || ?2, 'Authorized', 100, 'Autorizado o uso da NF-e',
       '2026-11-29T10:00:00-03:00', 100) RETURNING id`,
  )
    .bind(setup.issuer.id, order)
    .first<{ id: number }>();
  const invoiced = async () => {
    const id = await issuableOrder(api, setup);
    expect((await api.put(`/orders/${id}`, { IDStatusOrder: 6 })).status).toBe(200);
    return id;
  };
  const insert = (orderId: number, model: number, number: number, status: string, tpEmis: number) =>
    env.DB_DEMO.prepare(INSERT_NOTE)
      .bind(setup.issuer.id, orderId, model, number, keyOf(model, number, tpEmis), status, tpEmis)
      .first<{ id: number }>();
  // an offline NFC-e of the NF-e's series and number (model 65 numbers apart), its order invoiced
  const counter = await invoiced();
  const offline = await insert(counter, 65, 900003, "Offline", 9);
  await insert(await invoiced(), 65, 900004, "Expired", 9);
  await insert(await invoiced(), 55, 900003, "Authorized", 6);
  Object.assign(ids, {
    order,
    note: note!.id,
    invoice: setup.issuer.id,
    other,
    counter,
    offline: offline!.id,
  });
});

describe("issued NF-e invariants", () => {
  it("finds nothing wrong with an authorized note, an offline and an expired NFC-e and an SVC note of invoiced orders", async () => {
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  const corruptions: Corruption[] = [
    [
      "an authorized note whose order's stock did not leave",
      () => `UPDATE issued_nfes SET order_id = ${ids.other} WHERE id = ${ids.note}`,
      () => `UPDATE issued_nfes SET order_id = ${ids.order} WHERE id = ${ids.note}`,
      /^issued nfe order: nfe \d+ authorized for order \d+: stock state 0, status 3/,
    ],
    [
      "two authorized notes of one order",
      () =>
        `DROP INDEX issued_nfes_order;
         INSERT INTO issued_nfes (company_id, company_invoice_id, order_id, model, series, number, environment, cnf,
           access_key, status, issued_at, total)
         VALUES (1, ${ids.invoice}, ${ids.order}, 55, 1, 900002, 2, '12345678', 'second', 'Authorized', '2026-11-29T10:00:00-03:00', 100)`,
      () =>
        `DELETE FROM issued_nfes WHERE access_key = 'second';
         CREATE UNIQUE INDEX issued_nfes_order ON issued_nfes (order_id) WHERE status <> 'Denied'`,
      /^issued nfe per order: order \d+: 2 authorized notes/,
    ],
    [
      "a number used twice in a series",
      () =>
        `DROP INDEX issued_nfes_number;
         INSERT INTO issued_nfes (company_id, company_invoice_id, order_id, model, series, number, environment, cnf,
           access_key, status, issued_at, total)
         VALUES (1, ${ids.invoice}, ${ids.other}, 55, 1, 900001, 2, '12345678', 'twice', 'Denied', '2026-11-29T10:00:00-03:00', 100)`,
      () =>
        `DELETE FROM issued_nfes WHERE access_key = 'twice';
         CREATE UNIQUE INDEX issued_nfes_number ON issued_nfes (company_invoice_id, model, series, number)`,
      /^issued nfe numbers: invoicing company \d+ model 55 series 1 number 900001: used by notes/,
    ],
    [
      "a key whose tpEmis is not the note's (re-signed for SVC, the row left with the old key)",
      () =>
        `UPDATE issued_nfes SET access_key = '35261111222333000181550010009000011123456780', emission_type = 6 WHERE id = ${ids.note}`,
      () => `UPDATE issued_nfes SET access_key = 'k' || order_id, emission_type = 1 WHERE id = ${ids.note}`,
      /^issued nfe key tpEmis: nfe \d+: key \d{44} has tpEmis 1, the note 6/,
    ],
    [
      "an SVC note of another UF's SVC (tpEmis 7 in SP)",
      () => `UPDATE issued_nfes SET emission_type = 7 WHERE id = ${ids.note}`,
      () => `UPDATE issued_nfes SET emission_type = 1 WHERE id = ${ids.note}`,
      /^issued nfe svc: nfe \d+: tpEmis 7 of model 55 issued in SP/,
    ],
    [
      "an NFC-e in SVC",
      () => `UPDATE issued_nfes SET emission_type = 6, model = 65 WHERE id = ${ids.note}`,
      () => `UPDATE issued_nfes SET emission_type = 1, model = 55 WHERE id = ${ids.note}`,
      /^issued nfe svc: nfe \d+: tpEmis 6 of model 65 issued in SP/,
    ],
    [
      "an invoicing company in contingency without dhCont, or in another UF's SVC",
      () =>
        `UPDATE company_invoices SET contingency_mode = 7, contingency_since = NULL, contingency_reason = 'x' WHERE id = ${ids.invoice}`,
      () =>
        `UPDATE company_invoices SET contingency_mode = NULL, contingency_since = NULL, contingency_reason = NULL WHERE id = ${ids.invoice}`,
      /^invoice contingency: invoicing company \d+: contingency mode 7 since none reason x in SP/,
    ],
    [
      "an offline NFC-e whose order's stock did not leave",
      () => `UPDATE issued_nfes SET order_id = ${ids.other} WHERE id = ${ids.offline}`,
      () => `UPDATE issued_nfes SET order_id = ${ids.counter} WHERE id = ${ids.offline}`,
      /^issued nfe order: nfe \d+ offline for order \d+: stock state 0, status 3/,
    ],
    [
      "an order with an authorized NF-e and an offline NFC-e",
      () =>
        `DROP INDEX issued_nfes_order;
         UPDATE issued_nfes SET order_id = ${ids.order} WHERE id = ${ids.offline}`,
      () =>
        `UPDATE issued_nfes SET order_id = ${ids.counter} WHERE id = ${ids.offline};
         CREATE UNIQUE INDEX issued_nfes_order ON issued_nfes (order_id) WHERE status <> 'Denied'`,
      /^issued nfe per order: order \d+: 2 authorized notes \(.*\d+ Offline model 65 tpEmis 9/,
    ],
    [
      "an SVC note (tpEmis 6) beside the normal note of the same order, under another key",
      () =>
        `DROP INDEX issued_nfes_order;
         DROP INDEX issued_nfes_number;
         INSERT INTO issued_nfes (company_id, company_invoice_id, order_id, model, series, number, environment, cnf,
           access_key, status, issued_at, total, emission_type)
         VALUES (1, ${ids.invoice}, ${ids.order}, 55, 1, 900001, 2, '12345678', '${keyOf(55, 900001, 6)}', 'Authorized',
           '2026-11-29T10:00:00-03:00', 100, 6)`,
      () =>
        `DELETE FROM issued_nfes WHERE access_key = '${keyOf(55, 900001, 6)}';
         CREATE UNIQUE INDEX issued_nfes_order ON issued_nfes (order_id) WHERE status <> 'Denied';
         CREATE UNIQUE INDEX issued_nfes_number ON issued_nfes (company_invoice_id, model, series, number)`,
      /^issued nfe per order: order \d+: 2 authorized notes \(.*\d+ Authorized model 55 tpEmis 6/,
    ],
    [
      "an NFC-e number used twice in its series",
      () =>
        `DROP INDEX issued_nfes_number;
         INSERT INTO issued_nfes (company_id, company_invoice_id, order_id, model, series, number, environment, cnf,
           access_key, status, issued_at, total, emission_type)
         VALUES (1, ${ids.invoice}, ${ids.other}, 65, 1, 900003, 2, '12345678', 'twice65', 'Denied', '2026-11-29T10:00:00-03:00', 100, 1)`,
      () =>
        `DELETE FROM issued_nfes WHERE access_key = 'twice65';
         CREATE UNIQUE INDEX issued_nfes_number ON issued_nfes (company_invoice_id, model, series, number)`,
      /^issued nfe numbers: invoicing company \d+ model 65 series 1 number 900003: used by notes/,
    ],
    [
      "a key of another model than the note's",
      () => `UPDATE issued_nfes SET access_key = '${keyOf(55, 900003, 9)}' WHERE id = ${ids.offline}`,
      () => `UPDATE issued_nfes SET access_key = '${keyOf(65, 900003, 9)}' WHERE id = ${ids.offline}`,
      /^issued nfe key model: nfe \d+: key \d{44} of model 55, the note 65/,
    ],
    [
      "an offline NF-e (tpEmis 9 of model 55)",
      () =>
        `UPDATE issued_nfes SET model = 55, number = 900099, access_key = 'offline55' WHERE id = ${ids.offline}`,
      () =>
        `UPDATE issued_nfes SET model = 65, number = 900003, access_key = '${keyOf(65, 900003, 9)}' WHERE id = ${ids.offline}`,
      /^issued nfe offline: nfe \d+: Offline with tpEmis 9 of model 55/,
    ],
    [
      "an Offline note not signed offline (tpEmis 1)",
      () => `UPDATE issued_nfes SET emission_type = 1, access_key = 'online65' WHERE id = ${ids.offline}`,
      () =>
        `UPDATE issued_nfes SET emission_type = 9, access_key = '${keyOf(65, 900003, 9)}' WHERE id = ${ids.offline}`,
      /^issued nfe offline: nfe \d+: Offline with tpEmis 1 of model 65/,
    ],
  ];

  it.each(corruptions)("reports %s", reports);
});
