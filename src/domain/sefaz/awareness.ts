/**
 * `SefazAwareness`: the automatic awareness (210210, Ciência da Operação) of the summaries an
 * integration with `AutoAwareness` 1 received, queued by the distribution after its batches (never
 * inside them). Each summary's event goes through the same gateway as the manifest route (the real
 * event service of the integration, signed with its key) and its outcome is recorded on the
 * document: `Sent` with the protocol on the feed line's events (as the route records it), `Sent`
 * when SEFAZ already knows it (573 duplicate, 655 after a conclusive event), `Refused` with
 * SEFAZ's reason otherwise. A refusal never fails the job; no answer at all (fault, timeout)
 * leaves the summary Pending with the reason, for the next run.
 */
import {
  EVENT_DUPLICATE,
  isRegistered,
  PROTOCOL_UNKNOWN,
  SefazEventError,
  type SefazGateway,
} from "../../adapters/sefaz";
import {
  awarenessCounts,
  awarenessStatement,
  feedLineByKey,
  pendingAwareness,
  registeredEventStatement,
} from "../../db/sefaz-followups";
import { findSefazIntegration } from "../../db/sefaz-integrations";
import type { Statement } from "../../db/sql";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { type JobContext, JobFailure, type JobOutcome } from "../jobs/job-context";
import { eventTime } from "../nfe/feed";
import { manifestRejected } from "../nfe/messages";
import { manifestGatewayOf } from "./manifest-gateway";
import { SEFAZ_MESSAGES as M } from "./messages";
import { integrationParamsOf } from "./sync";

/** Summaries one delivery sends (one event call and one batch each: well within a chunk). */
export const AWARENESS_PER_DELIVERY = 20;
const AWARENESS = 210210;
/** 573: the event is already registered; 655: a conclusive event came first. SEFAZ knows the NF-e. */
const ALREADY_KNOWN = new Set([573, 655]);

export async function sendPendingAwareness(context: JobContext): Promise<JobOutcome> {
  const { db, job } = context;
  const params = integrationParamsOf(job);
  if (params === null) throw new JobFailure(M.awarenessParams);
  const found = await findSefazIntegration(db, job.companyId, params.integrationId);
  if (!found) throw new JobFailure(M.notSefazIntegration);
  if (!found.settings) throw new JobFailure(M.notConfigured);
  const settings = found.settings;
  // the result is the integration's summaries by awareness state when the job ends, read from the
  // database: a delivery retried after its Done was lost answers the same
  const done = async (): Promise<JobOutcome> => ({
    status: "done",
    result: await awarenessCounts(db, job.companyId, params.integrationId),
  });
  const pending = await pendingAwareness(db, job.companyId, params.integrationId, AWARENESS_PER_DELIVERY);
  if (pending.length === 0) return done();
  const env = (context.env ?? {}) as Env;
  const record = (statements: Statement[]) => db.batch(statements as [Statement, ...Statement[]]);
  let gateway: SefazGateway;
  try {
    gateway = await manifestGatewayOf(
      {
        db,
        env,
        companyId: job.companyId,
        production: env.ENVIRONMENT !== "development",
        now: new Date(),
      },
      settings.cnpj,
      { integrationId: params.integrationId },
    );
  } catch (error) {
    // the integration cannot send (expired certificate, no key): each summary says why
    if (!(error instanceof ApiError)) throw error;
    await record(
      pending.map((doc) => awarenessStatement(db, job.companyId, doc.id, "Refused", error.message)),
    );
    return done();
  }
  for (const [index, document] of pending.entries()) {
    if (!context.budget.takeMore(1, index === 0)) return { status: "continue" };
    const line = await feedLineByKey(db, job.companyId, document.chNfe);
    if (!line) {
      await record([awarenessStatement(db, job.companyId, document.id, "Refused", M.awarenessLineMissing)]);
      continue;
    }
    let answer: Awaited<ReturnType<SefazGateway["manifest"]>>;
    try {
      answer = await gateway.manifest({
        accessKey: document.chNfe,
        authorDocument: line.recipientDocument,
        event: AWARENESS,
        comments: null,
        at: eventTime(),
      });
    } catch (error) {
      if (!(error instanceof SefazEventError)) throw error;
      // no answer: the summary stays Pending with the reason; the next distribution queues it again
      await record([awarenessStatement(db, job.companyId, document.id, "Pending", error.message)]);
      return done();
    }
    if (isRegistered(answer.cStat) && answer.protocol) {
      await record([
        registeredEventStatement(db, {
          companyId: job.companyId,
          nfeId: line.id,
          event: AWARENESS,
          cStat: answer.cStat,
          xMotivo: answer.xMotivo,
          protocol: answer.protocol,
          registeredAt: answer.registeredAt,
        }),
        awarenessStatement(db, job.companyId, document.id, "Sent", M.awarenessRegistered(answer.protocol)),
      ]);
    } else if (ALREADY_KNOWN.has(answer.cStat)) {
      const reason = M.awarenessKnown(answer.cStat, answer.xMotivo);
      // 573: SEFAZ holds this very awareness (an earlier answer lost): on the line too, protocol
      // unknown (a line that already has it keeps its own: one registered event of a kind)
      const held =
        answer.cStat === EVENT_DUPLICATE
          ? [
              registeredEventStatement(db, {
                companyId: job.companyId,
                nfeId: line.id,
                event: AWARENESS,
                cStat: answer.cStat,
                xMotivo: answer.xMotivo,
                protocol: PROTOCOL_UNKNOWN,
                registeredAt: null,
              }),
            ]
          : [];
      await record([...held, awarenessStatement(db, job.companyId, document.id, "Sent", reason)]);
    } else {
      const reason = manifestRejected(answer.cStat, answer.xMotivo);
      await record([awarenessStatement(db, job.companyId, document.id, "Refused", reason)]);
    }
  }
  return pending.length < AWARENESS_PER_DELIVERY ? done() : { status: "continue" };
}
