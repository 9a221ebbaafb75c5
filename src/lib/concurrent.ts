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
