import type { Db, Env } from "../../env";
import { badRequest } from "../../lib/errors";
import type { IssuerEventServiceFor } from "./event-service";

export type IssuerEventContext = { db: Db; env: Env; production: boolean };

/** The issuer's event service: signed with its certificate, sent to the authorizer of its UF. */
export const issuerEventServiceFor =
  (_context: IssuerEventContext): IssuerEventServiceFor =>
  async () => {
    throw badRequest("Emissão de eventos da NF-e ainda não configurada");
  };
