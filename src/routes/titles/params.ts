import { z } from "@hono/zod-openapi";
import { idPath } from "../../http/schemas";
import type { TitleRouteKind } from "./kinds";
import { paymentIdParam } from "./schemas";

/** `{idaccountpayable}` / `{idaccountreceivable}` path of one title. */
export const titlePath = <K extends TitleRouteKind>(kind: K) =>
  `${kind.basePath}/{${kind.idParam}}` as `${K["basePath"]}/{${K["idParam"]}}`;

/** The title id's parameter, named after the kind (`idaccountpayable` / `idaccountreceivable`). */
export const titleParams = <K extends TitleRouteKind>(kind: K) =>
  z.object({
    [kind.idParam]: idPath(kind.idParam).openapi({ description: `Id da ${kind.noun}` }),
  } as { [Name in K["idParam"]]: ReturnType<typeof idPath> });

export const paymentParams = <K extends TitleRouteKind>(kind: K) =>
  titleParams(kind).extend({ idaccountpayment: paymentIdParam });

/** The title id of a validated path (its name depends on the kind). */
export const titleIdOf = (kind: TitleRouteKind, params: object): number =>
  (params as Record<string, number>)[kind.idParam]!;
