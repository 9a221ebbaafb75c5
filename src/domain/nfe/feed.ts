import {
  EVENT_DUPLICATE,
  isRegistered,
  PROTOCOL_UNKNOWN,
  SefazEventError,
  type SefazGateway,
  sefazFor,
} from "../../adapters/sefaz";
import {
  eventsOfDocuments,
  type FeedFilters,
  type FeedRow,
  findNfe,
  insertNfeEvent,
  listFeed,
  type NfeEventRow,
} from "../../db/nfe";
import { sefazSandboxStore } from "../../db/sefaz-sandbox";
import { PAGE_SIZE } from "../../db/sql";
import type { Actor, Db } from "../../env";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import type { ManifestInput } from "./events";
import { FEED_DOCUMENT_NOT_FOUND, manifestRejected } from "./messages";

export { PROTOCOL_UNKNOWN };

export type FeedDocument = FeedRow & { events: NfeEventRow[] };

/**
 * `GET /purchase/feed`: the NF-e addressed to the company (received as XML), newest issue first, each
 * with its manifest events; `PAGE_SIZE` per page.
 */
export async function nfeFeed(
  db: Db,
  companyId: number,
  filters: Omit<FeedFilters, "pageSize">,
): Promise<FeedDocument[]> {
  const rows = await listFeed(db, companyId, { ...filters, pageSize: PAGE_SIZE });
  const events = await eventsOfDocuments(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, events: events.filter((event) => event.nfeId === row.id) }));
}

/** `dhEvento`: now in Brasília time with its offset, as SEFAZ takes it. */
export function eventTime(now = new Date()): string {
  const local = new Date(now.getTime() - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/**
 * `POST /purchase/feed/{idnfevents}/manifest`: the recipient's event sent to SEFAZ (through the
 * gateway `gatewayFor` picks for the NF-e's recipient: the real event service of the company's SEFAZ
 * integration for that CNPJ, else the sandbox) on behalf of the CNPJ the NF-e was addressed to. A registered event is recorded
 * with its protocol; a rejection (repeated or out-of-order event) is a 400 with SEFAZ's cStat and
 * xMotivo and writes nothing. Registered events are unique per document and event, one conclusive
 * per document (indexes), so two requests at once cannot both record.
 */
export async function manifestNfe(
  db: Db,
  caller: Actor,
  id: number,
  input: ManifestInput,
  gatewayFor: (recipientDocument: string, accessKey: string) => Promise<SefazGateway> = async () =>
    sefazFor(sefazSandboxStore(db)),
): Promise<FeedDocument> {
  const nfe = await findNfe(db, caller.companyId, id);
  if (!nfe) throw badRequest(FEED_DOCUMENT_NOT_FOUND);
  const gateway = await gatewayFor(nfe.recipientDocument, nfe.chNfe);
  const answer = await gateway
    .manifest({
      accessKey: nfe.chNfe,
      authorDocument: nfe.recipientDocument,
      event: input.event,
      comments: input.comments,
      at: eventTime(),
    })
    .catch((error: unknown) => {
      // no answer from SEFAZ (fault, 5xx, timeout...): its reason, nothing recorded
      throw error instanceof SefazEventError ? badRequest(error.message) : error;
    });
  const refusal = manifestRejected(answer.cStat, answer.xMotivo);
  // 573: SEFAZ already holds this event. When the line has none (the answer of an earlier send was
  // lost: a timeout after SEFAZ registered it), it is recorded as registered, its protocol unknown;
  // when the line has it, the insert conflicts and the 573 is the answer
  const recovered = answer.cStat === EVENT_DUPLICATE;
  // any other rejection changes nothing: SEFAZ registered nothing and the answer carries its reason
  if (!isRegistered(answer.cStat) && !recovered) throw badRequest(refusal);
  await refuseOnConflict(
    () =>
      insertNfeEvent(db, {
        companyId: caller.companyId,
        nfeId: nfe.id,
        event: input.event,
        comments: input.comments,
        cStat: answer.cStat,
        xMotivo: answer.xMotivo,
        protocol: recovered ? PROTOCOL_UNKNOWN : answer.protocol,
        registeredAt: recovered ? null : answer.registeredAt,
        userId: caller.userId,
      }),
    refusal,
  );
  const [document] = await nfeFeed(db, caller.companyId, { page: 0, id: nfe.id });
  return document!;
}
