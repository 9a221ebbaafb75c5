/**
 * Runs independent reads at once and answers their results, or throws the error of the FIRST
 * failed one in argument order (not the first to fail in time), so the message a request gets
 * stays the same as if the reads ran one after another.
 */
export async function allInOrder<T extends readonly unknown[]>(
  work: { [K in keyof T]: Promise<T[K]> },
): Promise<T> {
  const settled = await Promise.allSettled(work);
  for (const outcome of settled) if (outcome.status === "rejected") throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Runs `work` on every item with at most `lanes` of them in flight, each free lane taking the next
 * item in order (so the items are started in their order: the first `lanes` at once, then one as
 * each ends). Answers when every item has ended; `work` must handle its own errors (the first one
 * that throws rejects the whole after the items already started have ended).
 */
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !failure) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
  if (failure) throw failure.error;
}
