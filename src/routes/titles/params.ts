import { z } from "@hono/zod-openapi";
import { idPath } from "../../http/schemas";
import type { TitleRouteKind } from "./kinds";
import { paymentIdParam } from "./schemas";

/** `{idaccountpayable}` / `{idaccountreceivable}` path of one title. */
export const titlePath = (kind: TitleRouteKind) => `${kind.basePath}/{${kind.idParam}}`;

/** The title id's name depends on the kind: the static type leaves it out and `titleIdOf` reads it. */
export const titleParams = (kind: TitleRouteKind) =>
  z.object({
    [kind.idParam]: idPath(kind.idParam).openapi({ description: `Id da ${kind.noun}` }),
  } as Record<never, never>);

export const paymentParams = (kind: TitleRouteKind) =>
  titleParams(kind).extend({ idaccountpayment: paymentIdParam });

/** The title id of a validated path (its name depends on the kind). */
export const titleIdOf = (kind: TitleRouteKind, params: object): number =>
  (params as Record<string, number>)[kind.idParam]!;
