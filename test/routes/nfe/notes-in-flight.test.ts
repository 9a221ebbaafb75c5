import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import { counterSale, type NfceSetup, nfceSetup } from "../../support/nfce-factories";
import { issuableOrder } from "../../support/nfe-factories";
import { seedAccounts } from "../../support/seed";
import { waitForJob } from "../../support/upload-factories";

/**
 * Notes go two at once (`NOTES_IN_FLIGHT`): a batch of NF-e, a counter's batch of NFC-e and the
 * transmission of the notes an outage left offline, each note its own call, still taken in their
 * order. The double holds the first call's answer until the issuer's next call arrives (`untilNext`,
 * at most 10 s) and records how many of the issuer's calls were open when each arrived: one note
 * after another, the second call would come only after the first was answered.
 */

beforeAll(seedAccounts);

let token: string;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  token = await signIn("demo", "admin@demo.local");
  api = client("demo", token);
});

type Note = {
  IDNFe: number;
  Model: number;
  Number: number;
  Status: string;
  Key: string;
  EmissionType: number;
};
type IssueAnswer = { IDJob: number; NFes: Note[] };

const HELD_FIRST = [{ cStat: 100, untilNext: true }, "100", "100"] as const;

async function batchOfThree(setup: NfceSetup, model: 55 | 65 = 65): Promise<IssueAnswer> {
  const orders: number[] = [];
  for (let i = 0; i < 3; i++)
    orders.push(
      model === 55
        ? await issuableOrder(api, setup)
        : await counterSale(api, setup, { payments: [{ type: setup.cash, value: 100 }] }),
    );
  const answer = await api.post<IssueAnswer>("/nfe/batch", { IDOrders: orders });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body;
}
const note = async (id: number) => (await api.get<Note>(`/nfe/${id}`)).body;
const authorizations = async (setup: NfceSetup) =>
  (await setup.double.requests()).filter((r) => r.service === "NFeAutorizacao4");
const numberOf = (body: string) => Number(/<nNF>(\d+)<\/nNF>/.exec(body)?.[1]);

describe("notes two at once", () => {
  it.each([
    [55, "a batch of NF-e", { EnabledPOS: 0 }],
    [65, "a counter's batch of NFC-e", {}],
  ] as const)(
    "%i, %s: the second note is sent while the first is in flight, the third when one is answered; all authorized",
    async (model, _, type) => {
      const setup = await nfceSetup(api, { script: [...HELD_FIRST], type });
      const answer = await batchOfThree(setup, model);
      expect(await waitForJob(token, answer.IDJob, 60_000)).toMatchObject({
        Status: "Done",
        Result: { Authorized: 3 },
      });
      const notes = await Promise.all(answer.NFes.map((n) => note(n.IDNFe)));
      expect(notes.map((n) => [n.Model, n.Status])).toEqual(Array(3).fill([model, "Authorized"]));
      const sent = await authorizations(setup);
      expect(sent.map((r) => r.open)).toEqual([1, 2, expect.any(Number)]);
      expect(sent[2]!.open).toBeLessThanOrEqual(2);
      // taken in their order: the two first numbers first, the last one after
      const numbers = answer.NFes.map((n) => n.Number).sort((a, b) => a - b);
      expect(
        sent
          .slice(0, 2)
          .map((r) => numberOf(r.body))
          .sort((a, b) => a - b),
      ).toEqual(numbers.slice(0, 2));
      expect(numberOf(sent[2]!.body)).toBe(numbers[2]);
      expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
    },
  );

  it("the transmission after an outage: the two oldest offline notes at once, then the newest; all authorized with their tpEmis 9 keys", async () => {
    const setup = await nfceSetup(api, {
      script: ["108", "108", "108"],
      issuer: { NFCeOfflineContingency: 1 },
    });
    const answer = await batchOfThree(setup);
    const ids = answer.NFes.map((n) => n.IDNFe);
    for (const id of ids)
      await expect.poll(async () => (await note(id)).Status, { timeout: 30_000 }).toBe("Offline");
    const offline = await Promise.all(ids.map(note));
    const before = (await authorizations(setup)).length;
    // issued 3, 1 and 2 hours ago (Brasília time, as the job writes dhEmi): the oldest first is ids[0], ids[2]
    const hoursAgo = [3, 1, 2];
    const statements = ids.map((id, i) =>
      env.DB_DEMO.prepare("UPDATE issued_nfes SET issued_at = ? WHERE id = ?").bind(
        `${new Date(Date.now() - (hoursAgo[i]! + 3) * 3600_000).toISOString().slice(0, 19)}-03:00`,
        id,
      ),
    );
    await setup.double.script([...HELD_FIRST]);
    await env.DB_DEMO.batch([
      ...statements,
      env.DB_DEMO.prepare(
        `UPDATE issued_nfes SET retry_at = datetime('now', '-1 second') WHERE id IN (${ids.join(",")})`,
      ),
    ]);
    expect(await waitForJob(token, answer.IDJob, 60_000)).toMatchObject({
      Status: "Done",
      Result: { Authorized: 3 },
    });
    const sent = (await authorizations(setup)).slice(before);
    expect(sent.map((r) => r.open)).toEqual([1, 2, expect.any(Number)]);
    expect(sent[2]!.open).toBeLessThanOrEqual(2);
    const keyOf = (body: string) => offline.find((n) => body.includes(n.Key))?.IDNFe;
    expect(
      sent
        .slice(0, 2)
        .map((r) => keyOf(r.body))
        .sort(),
    ).toEqual([ids[0], ids[2]].sort());
    expect(keyOf(sent[2]!.body)).toBe(ids[1]);
    for (const [i, id] of ids.entries())
      expect(await note(id)).toMatchObject({ Status: "Authorized", EmissionType: 9, Key: offline[i]!.Key });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
