/** One changed field of an account history record. */
export type FieldChange = { Before: unknown; After: unknown };

/** What a change did to an account: field name -> before/after, only for the fields that changed. */
export type Changes = Record<string, FieldChange>;

/**
 * The fields whose value differs between `before` and `after`. A creation (`before` null) lists
 * every field that received a value.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(after)) {
    const previous = before ? (before[field] ?? null) : null;
    const next = value ?? null;
    if (previous === next) continue;
    changes[field] = { Before: previous, After: next };
  }
  return changes;
}

export const hasChanges = (changes: Changes) => Object.keys(changes).length > 0;
