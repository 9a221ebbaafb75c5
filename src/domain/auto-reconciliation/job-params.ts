/** `IDBankAccount` of a job's stored parameters; null when absent or unreadable. */
export function bankAccountIdOf(params: string): number | null {
  try {
    const { IDBankAccount } = JSON.parse(params) as { IDBankAccount?: unknown };
    return typeof IDBankAccount === "number" && Number.isInteger(IDBankAccount) && IDBankAccount > 0
      ? IDBankAccount
      : null;
  } catch {
    return null;
  }
}
