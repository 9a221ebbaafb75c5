import {
  type ConsumerRow,
  type ConsumerValues,
  consumerRows,
  updateConsumer,
} from "../../db/registries/consumers";
import type { Db } from "../../env";
import { STATE_REGISTRATION_EXEMPT } from "../company/fiscal-profile";
import { changeWithinUf, refuseCityOutOfUf } from "./fiscal-address";
import { CONSUMER_CHANGED, CONSUMER_NOT_FOUND } from "./messages";
import { registry } from "./registry";

/**
 * Consumers: the conventional registry, plus the recipient's fiscal data (the NF-e's `dest`): the
 * state registration and the address, under the invoicing company's rules, the municipality
 * (`CityCode`) in the UF (`UF`) included.
 */
const consumers = registry(consumerRows, CONSUMER_NOT_FOUND);

export const listConsumers = consumers.list;
export const findConsumerAsList = consumers.findAsList;
export const deleteConsumer = consumers.remove;

export async function createConsumer(
  db: Db,
  companyId: number,
  values: ConsumerValues,
): Promise<ConsumerRow> {
  refuseCityOutOfUf(values.cityCode ?? null, values.uf ?? null);
  return consumers.create(db, companyId, values);
}

/** Partial update: only the fields sent change; the municipality is checked against the UF it will have. */
export const changeConsumer = (
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<ConsumerValues>,
): Promise<ConsumerRow> =>
  changeWithinUf(
    changes,
    () => consumers.get(db, companyId, id),
    (expected) => updateConsumer(db, companyId, id, changes, expected),
    CONSUMER_CHANGED,
  );

/**
 * `indIEDest`, the recipient's position before the ICMS, from its document and state registration:
 * 1 a contributor (IE digits: the IE is written), 2 a contributor exempt from registration (`ISENTO`:
 * no IE is written), 9 not a contributor (no IE). A CPF (a person, 11 digits) is always 9, whatever IE
 * is stored: the NF-e of this service goes to a person as a final consumer.
 */
export function recipientIeIndicator(document: string | null, stateRegistration: string | null): 1 | 2 | 9 {
  if (document?.length === 11 || stateRegistration === null) return 9;
  return stateRegistration === STATE_REGISTRATION_EXEMPT ? 2 : 1;
}
