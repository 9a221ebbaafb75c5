import { z } from "@hono/zod-openapi";
import type { JobView } from "../../domain/jobs/job-queries";
import { inZone } from "../../domain/jobs/job-queries";
import { JOB_TYPES } from "../../queue/messages";

export const JOB_STATUSES = ["Pending", "Processing", "Done", "Failed"] as const;

export const JobSchema = z
  .object({
    IDJob: z.number().int(),
    Type: z.enum(JOB_TYPES as [string, ...string[]]),
    Status: z.enum(JOB_STATUSES),
    Total: z
      .number()
      .int()
      .openapi({ description: "Linhas de dados do arquivo (0 até o processamento começar)" }),
    Processed: z.number().int().openapi({ description: "Linhas já processadas" }),
    Result: z.record(z.string(), z.number()).openapi({
      description: "Contagens do resultado, ex.: SkuTemplate `{created, updated, errors}`",
      example: { created: 10, updated: 2, errors: 1 },
    }),
    Errors: z.array(z.object({ Line: z.number().int(), Message: z.string() })).openapi({
      description: "Erros por linha, ordenados por linha (até 5000 no job, 50 por job na lista)",
    }),
    Params: z
      .record(z.string(), z.number())
      .openapi({ description: "Parâmetros do job, ex.: `{IDBankAccount}`" }),
    FileName: z
      .string()
      .nullable()
      .openapi({ description: "Nome do arquivo enviado; null em jobs sem arquivo" }),
    CreatedAt: z.string().openapi({ example: "2026-05-29 10:15:00" }),
    FinishedAt: z.string().nullable(),
    FailureReason: z.string().nullable(),
  })
  .openapi("Job");

function parseObject(text: string | null): Record<string, number> {
  try {
    const value = JSON.parse(text ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

export function jobBody({ job, errors, timeZone }: JobView): z.infer<typeof JobSchema> {
  return {
    IDJob: job.id,
    Type: job.type,
    Status: job.status as (typeof JOB_STATUSES)[number],
    Total: job.total,
    Processed: job.processed,
    Result: parseObject(job.result),
    Errors: errors.map((error) => ({ Line: error.line, Message: error.message })),
    Params: parseObject(job.params),
    FileName: job.fileName || null,
    CreatedAt: inZone(job.createdAt, timeZone)!,
    FinishedAt: inZone(job.finishedAt, timeZone),
    FailureReason: job.failureReason,
  };
}
