import type { JobRow } from "../../db/jobs";
import type { Db, Env } from "../../env";
import type { DomainEvent } from "../events/catalog";

/**
 * Work allowed to one message of a consumer invocation, in chunks (its share of the invocation's).
 * A Worker invocation has CPU and D1 query limits; a large file is processed over several
 * deliveries, each continuing from the last committed chunk.
 */
export class WorkBudget {
  private taken = 0;

  /**
   * `chunks`: this message's share; `room`: what the whole invocation has left when the message
   * starts (its share included); `first`: no message of the invocation has taken any before it.
   */
  constructor(
    private readonly chunks: number,
    private readonly room = chunks,
    private readonly first = true,
  ) {}

  /** Takes one chunk of work; false when this share has none left. */
  take(): boolean {
    if (this.taken >= this.chunks) return false;
    this.taken++;
    return true;
  }

  /**
   * Takes `units` more chunks for a piece of work that costs more than one (its D1 calls over
   * `D1_CALLS_PER_CHUNK`); false, taking nothing, when this share has not that many left. The
   * first piece of work of a delivery is `forced` through beyond the share, so a job whose share is
   * smaller than one piece still advances, but only within what the invocation has left, or when
   * the message is the invocation's first (a piece larger than a whole invocation runs alone):
   * several forced pieces in one batch would pass D1's calls per invocation together.
   */
  takeMore(units: number, forced: boolean): boolean {
    if (units <= 0) return true;
    const within = this.taken + units <= this.chunks;
    const forcedThrough = forced && (this.first || this.taken + units <= this.room);
    if (!within && !forcedThrough) return false;
    this.taken += units;
    return true;
  }

  /** Chunks taken so far. */
  get used(): number {
    return this.taken;
  }
}

export type JobContext = {
  db: Db;
  /**
   * The account (tenant) whose database the job lives in, from its queue message: what a job needs
   * to queue further jobs of the same account (a distribution's NF-e imports, its awareness job).
   */
  account: string;
  bucket: R2Bucket;
  /** The job as it stands after this delivery marked it Processing. */
  job: JobRow;
  budget: WorkBudget;
  /** Worker secret the channel credentials are encrypted with (hub jobs reach the channel with them). */
  credentialsKey?: string;
  /** The Worker's bindings (a Pix poll reaches its PSP through them: secrets, mTLS certificates). */
  env?: Env;
};

/**
 * `done`: the job is complete (result, when given, replaces the stored one; `event`, when given, is
 * written in the same batch that marks the job Done); `continue`: more work, in a new invocation
 * (after `delaySeconds` when the job waits for a time, e.g. an NF-e whose SEFAZ asked to come back later).
 */
export type JobOutcome =
  | { status: "done"; result?: object; event?: DomainEvent }
  | { status: "continue"; delaySeconds?: number };

export type JobHandler = (context: JobContext) => Promise<JobOutcome>;

/** A failure that no retry can fix (missing file, bad header...): the job ends Failed with this reason. */
export class JobFailure extends Error {
  override readonly name = "JobFailure";
}

/** Another delivery of the same job committed progress first: this one stops without writing. */
export class ProgressConflict extends Error {
  override readonly name = "ProgressConflict";
}
