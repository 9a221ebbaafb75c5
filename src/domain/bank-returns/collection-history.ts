import { type CollectionEventRow, collectionEventsOfTitle } from "../../db/bank-returns";
import type { Db } from "../../env";
import type { TitleKind } from "../titles/kinds";
import { requireTitle } from "../titles/titles";

/**
 * The collection history of a live title of the company (what the bank said of it: CNAB return
 * occurrences, received Pix), oldest first. A title deleted or of another company: the kind's
 * "not found" refusal.
 */
export async function titleCollectionHistory(
  db: Db,
  companyId: number,
  kind: TitleKind,
  titleId: number,
): Promise<CollectionEventRow[]> {
  await requireTitle(db, companyId, kind, titleId);
  return collectionEventsOfTitle(db, companyId, titleId);
}
