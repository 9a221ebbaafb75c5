import { describe, expect, it } from "vitest";
import { SandboxPixPsp } from "../../src/adapters/pix/sandbox";
import type { PixChargeRequest, PixResult } from "../../src/adapters/pix/types";
import { hasValidCrc } from "../../src/domain/pix/br-code";
import { endToEndIdParts } from "../../src/domain/pix/identifiers";

const TXID = "SandboxTitulo00000000000000001";
const charge: PixChargeRequest = {
  expiresInSeconds: 600,
  debtor: { document: "12345678909", name: "Francisco da Silva" },
  amountCents: 25_990,
  key: "loja@example.com",
  payerRequest: null,
};

function succeeded<T>(result: PixResult<T>): T {
  if (!result.ok) throw new Error(`expected a value: ${result.reason}`);
  return result.value;
}

/** A sandbox whose clock the test moves. */
function sandbox(itemsPerPage = 100) {
  const clock = { now: new Date("2026-11-25T12:34:56Z") };
  const psp = new SandboxPixPsp({
    merchantName: "Loja Exemplo",
    merchantCity: "Curitiba",
    itemsPerPage,
    now: () => clock.now,
  });
  return { psp, clock };
}

describe("the sandbox PSP", () => {
  it("creates a charge with its BR Code, revises it while ATIVA, and settles it when paid", async () => {
    const { psp, clock } = sandbox();
    const created = succeeded(await psp.createCharge(TXID, charge));
    expect(created).toMatchObject({ txid: TXID, revision: 0, status: "ATIVA", amountCents: 25_990 });
    expect(created.pixCopiaECola && hasValidCrc(created.pixCopiaECola)).toBe(true);
    expect(created.pixCopiaECola).toContain(created.location);

    const revised = succeeded(await psp.createCharge(TXID, { ...charge, amountCents: 26_000 }));
    expect(revised).toMatchObject({ revision: 1, amountCents: 26_000, location: created.location });

    clock.now = new Date("2026-11-25T12:40:00Z");
    const paid = succeeded(await psp.pay(TXID, { document: "98765432100", name: "Maria" }));
    expect(paid).toMatchObject({ txid: TXID, amountCents: 26_000, at: "2026-11-25T12:40:00.000Z" });
    expect(endToEndIdParts(paid.endToEndId)).toMatchObject({
      ispb: "99999999",
      at: new Date("2026-11-25T12:40:00Z"),
    });
    const read = succeeded(await psp.getCharge(TXID));
    expect(read.status).toBe("CONCLUIDA");
    expect(read.received).toEqual([paid]);

    const again = await psp.pay(TXID, null);
    expect(!again.ok && again.failure).toMatchObject({ kind: "refused", status: 400 });
    const revisedAfter = await psp.createCharge(TXID, charge);
    expect(!revisedAfter.ok && revisedAfter.failure).toMatchObject({ kind: "refused", status: 400 });
  });

  it("refuses to take payment of an expired charge, and knows no unknown txid", async () => {
    const { psp, clock } = sandbox();
    succeeded(await psp.createCharge(TXID, charge));
    clock.now = new Date("2026-11-25T12:45:00Z"); // created 12:34:56, 600 s of life
    const late = await psp.pay(TXID, null);
    expect(!late.ok && late.reason).toContain("expirada");
    const unknown = await psp.getCharge(`${TXID}X`);
    expect(!unknown.ok && unknown.failure).toMatchObject({ kind: "refused", status: 404 });
    const invalid = await psp.createCharge("short", charge);
    expect(!invalid.ok && invalid.failure).toEqual({ kind: "invalid_request", field: "txid" });
  });

  it("lists what it received in the window, page by page", async () => {
    const { psp, clock } = sandbox(2);
    for (let minute = 0; minute < 5; minute++) {
      clock.now = new Date(Date.UTC(2026, 10, 25, 13, minute));
      psp.receiveWithoutCharge(100 + minute, null, `pix ${minute}`);
    }
    clock.now = new Date("2026-11-26T08:00:00Z");
    psp.receiveWithoutCharge(999, null);
    const window = { start: new Date("2026-11-25T00:00:00Z"), end: new Date("2026-11-25T23:59:59Z") };
    const first = succeeded(await psp.listReceived({ ...window, page: 0 }));
    expect(first).toMatchObject({ page: 0, pages: 3, itemsPerPage: 2, totalItems: 5 });
    const all = succeeded(await psp.listAllReceived(window));
    expect(all.map((pix) => [pix.amountCents, pix.txid, pix.payerInfo])).toEqual([
      [100, null, "pix 0"],
      [101, null, "pix 1"],
      [102, null, "pix 2"],
      [103, null, "pix 3"],
      [104, null, "pix 4"],
    ]);
    expect(new Set(all.map((pix) => pix.endToEndId)).size).toBe(5);
  });
});
