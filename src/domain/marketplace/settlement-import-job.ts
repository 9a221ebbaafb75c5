import { insertJobErrors } from "../../db/jobs";
import { settlementStatements } from "../../db/marketplace";
import { processFileInChunks } from "../jobs/chunked-job";
import { mapItems, openCsvJob, resumedCounts, setTotalOnFirstRun } from "../jobs/csv-job-file";
import { type JobContext, JobFailure, type JobOutcome } from "../jobs/job-context";
import { SETTLEMENT_CSV_EMPTY, SETTLEMENT_INTEGRATION_REQUIRED } from "./messages";
import { readSettlementLine, settlementHeader } from "./settlement-csv";
import { settlementIntegrationOf } from "./settlement-job-params";

type Counts = { imported: number; errors: number };
const NO_COUNTS: Counts = { imported: 0, errors: 0 };

/**
 * `MarketplaceSettlement`: a channel's settlement report (`Pedido;Data;Bruto;Comissao;Tarifas;Liquido`)
 * in chunks; bad lines are reported by number, good ones written once per job line.
 */
export async function importSettlements(context: JobContext): Promise<JobOutcome> {
  const { db, job } = context;
  const integrationId = settlementIntegrationOf(job.params);
  if (integrationId === null) throw new JobFailure(SETTLEMENT_INTEGRATION_REQUIRED);
  const file = await openCsvJob(context, SETTLEMENT_CSV_EMPTY, settlementHeader);
  await setTotalOnFirstRun(context, file.records, NO_COUNTS);
  return processFileInChunks(
    context,
    file,
    mapItems(file.records(), (record) => readSettlementLine(record, file.columns)),
    resumedCounts(context, NO_COUNTS),
    async (chunk, counts) => {
      const errors = chunk.flatMap((l) =>
        l.ok ? [] : [{ jobId: job.id, line: l.line, message: l.message }],
      );
      const rows = chunk.flatMap((l) =>
        l.ok
          ? [
              {
                companyId: job.companyId,
                companyIntegrationId: integrationId,
                channelOrderId: l.channelOrderId,
                settlementDate: l.settlementDate,
                gross: l.gross,
                commission: l.commission,
                fees: l.fees,
                net: l.net,
                reference: `job:${job.id}:${l.line}`,
              },
            ]
          : [],
      );
      return {
        statements: [...settlementStatements(db, rows), ...insertJobErrors(db, errors)],
        counts: { imported: counts.imported + rows.length, errors: counts.errors + errors.length },
      };
    },
  );
}
