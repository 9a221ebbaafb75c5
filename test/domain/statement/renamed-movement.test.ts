import { describe, expect, it } from "vitest";
import {
  deletionOutcome,
  descriptionKey,
  type FeedMovement,
  isRenameOf,
  pairRenames,
  renamedMovement,
} from "../../../src/domain/statement/renamed-movement";

const feed = (id: string, over: Partial<FeedMovement> = {}): FeedMovement => ({
  id,
  bankAccountId: 1,
  date: "2026-11-10",
  value: -4590,
  description: "TARIFA PACOTE SERVICOS",
  ...over,
});

describe("renamedMovement", () => {
  const deleted = feed("tx-old");
  it("a creation with a new id, same account, amount and description, a few days later, is the same movement", () => {
    const created = feed("tx-new", { date: "2026-11-12", description: "Tarifa  pacote serviços" });
    expect(renamedMovement(deleted, [created])).toEqual({ renamed: true, created });
  });
  it("each difference makes it another movement", () => {
    expect(isRenameOf(deleted, feed("a", { bankAccountId: 2 }))).toBe(false);
    expect(isRenameOf(deleted, feed("a", { value: -4591 }))).toBe(false);
    expect(isRenameOf(deleted, feed("a", { description: "TARIFA DOC" }))).toBe(false);
    expect(isRenameOf(deleted, feed("a", { date: "2026-11-16" }))).toBe(false);
    expect(isRenameOf(deleted, feed("a", { date: "2026-11-15" }))).toBe(true);
    expect(isRenameOf(deleted, feed("a", { date: "2026-11-05" }))).toBe(true);
    expect(isRenameOf(deleted, feed("tx-old"))).toBe(false);
  });
  it("no creation: a real deletion; two creations: ambiguous", () => {
    expect(renamedMovement(deleted, [])).toEqual({ renamed: false, reason: "none", ids: [] });
    expect(renamedMovement(deleted, [feed("a"), feed("b")])).toEqual({
      renamed: false,
      reason: "ambiguous",
      ids: ["a", "b"],
    });
  });
});

describe("pairRenames", () => {
  it("pairs one to one and leaves the rest as deletions and creations", () => {
    const plan = pairRenames(
      [feed("d1"), feed("d2", { value: -100, description: "PIX ENVIADO" })],
      [feed("c1", { date: "2026-11-11" }), feed("c2", { value: 999 })],
    );
    expect(plan.renames.map((r) => [r.deleted.id, r.created.id])).toEqual([["d1", "c1"]]);
    expect(plan.deletions.map((d) => [d.deleted.id, d.reason])).toEqual([["d2", "none"]]);
    expect(plan.creations.map((c) => c.id)).toEqual(["c2"]);
  });
  it("two identical deletions and re-creations merge nothing by guess", () => {
    const plan = pairRenames([feed("d1"), feed("d2")], [feed("c1")]);
    expect(plan.renames).toEqual([]);
    expect(plan.deletions.map((d) => d.reason)).toEqual(["ambiguous", "ambiguous"]);
    expect(plan.creations.map((c) => c.id)).toEqual(["c1"]);
  });
});

describe("deletionOutcome", () => {
  it("pending removed, posted withdrawn, withdrawn kept", () => {
    expect(deletionOutcome({ pending: true, withdrawn: false })).toBe("remove");
    expect(deletionOutcome({ pending: false, withdrawn: false })).toBe("withdraw");
    expect(deletionOutcome({ pending: false, withdrawn: true })).toBe("keep");
  });
  it("descriptionKey ignores accents, case, punctuation, spaces", () => {
    expect(descriptionKey(" Pix  enviado - João ")).toBe("PIX ENVIADO JOAO");
  });
});
