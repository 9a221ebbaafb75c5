import { z } from "@hono/zod-openapi";
import { ORDER_PAGE_SIZE } from "../../../domain/orders/read";
import type { TaxRates } from "../../../domain/orders/taxes";
import { dateQuery, INT32_MAX, idBody, idPath } from "../../../http/schemas";
import { hasAtMostTwoDecimals, toBasisPoints } from "../../../lib/money";

export const ORDERS_TAG = "Orders";

/** `LastID` of the cursor lists: the last IDOrder received; 0 (or absent) starts from the first order. */
const lastIdQuery = z
  .string()
  .regex(/^\d{1,10}$/, "LastID deve ser um número inteiro (0 para começar do início)")
  .transform(Number)
  .pipe(z.number().int().max(INT32_MAX, "LastID excede o limite int32"))
  .optional()
  .openapi({
    param: { name: "LastID", in: "query" },
    type: "integer",
    format: "int32",
    minimum: 0,
    maximum: INT32_MAX,
    description: "Cursor: só pedidos com IDOrder maior que este (0 ou ausente: desde o primeiro)",
  });

/** `PageSize` of the cursor lists (`LastID`): 1 to 5000. */
const pageSizeQuery = z
  .string()
  .regex(/^\d{1,4}$/, `PageSize deve ser um inteiro de 1 a ${ORDER_PAGE_SIZE}`)
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, `PageSize deve ser um inteiro de 1 a ${ORDER_PAGE_SIZE}`)
      .max(ORDER_PAGE_SIZE, `PageSize deve ser um inteiro de 1 a ${ORDER_PAGE_SIZE}`),
  )
  .optional()
  .openapi({
    param: { name: "PageSize", in: "query" },
    type: "integer",
    minimum: 1,
    maximum: ORDER_PAGE_SIZE,
    default: ORDER_PAGE_SIZE,
    description: `Pedidos por página, de 1 a ${ORDER_PAGE_SIZE} (padrão ${ORDER_PAGE_SIZE})`,
  });

/** The cursor of the order lists (GET /orders, GET /orders/package): `LastID` and `PageSize`. */
export const orderCursorQuery = { LastID: lastIdQuery, PageSize: pageSizeQuery };

/** The order date filter of the order lists, both ends inclusive. */
export const orderDateQuery = {
  DateFrom: dateQuery("DateFrom", "Data do pedido a partir de (inclusive)"),
  DateTo: dateQuery("DateTo", "Data do pedido até (inclusive)"),
};

export const rate = (description: string) =>
  z.number().openapi({ description: `${description} (%)`, example: 18 });
export const nullableId = (description: string) =>
  z
    .number()
    .int()
    .nullable()
    .openapi({ type: ["integer", "null"], format: "int32", description });

/** A tax rate in a body: percent from 0 to 100 with up to 2 decimals, stored in hundredths of a percent. */
export const rateBody = (name: string) =>
  z
    .number({ error: `${name} deve ser um número` })
    .min(0, `${name} não pode ser negativo`)
    .max(100, `${name} deve ser no máximo 100`)
    .refine(hasAtMostTwoDecimals, `${name} aceita no máximo 2 casas decimais`)
    .transform(toBasisPoints)
    .openapi({
      type: "number",
      minimum: 0,
      maximum: 100,
      multipleOf: 0.01,
      example: 18,
      description: `${name} (%)`,
    });

/** A CST code in a body: 2 or 3 digits. */
export const cstBody = (name: string) =>
  z
    .string({ error: `${name} deve ser um texto` })
    .regex(/^\d{2,3}$/, `${name} deve ter 2 ou 3 dígitos`)
    .openapi({ example: "00", description: name });

/** The tax fields of a body, the same for a tax profile and for an item taxed by hand (ManualTax 1). */
export const taxRateFields = {
  CstIcms: cstBody("CstIcms"),
  IcmsRate: rateBody("IcmsRate"),
  CstIpi: cstBody("CstIpi"),
  IpiRate: rateBody("IpiRate"),
  CstPis: cstBody("CstPis"),
  PisRate: rateBody("PisRate"),
  CstCofins: cstBody("CstCofins"),
  CofinsRate: rateBody("CofinsRate"),
  IDNfCstIbsCbs: idBody("IDNfCstIbsCbs").openapi({ description: "CST de IBS/CBS (GET /tax/cst-ibs-cbs)" }),
  IbsRate: rateBody("IbsRate"),
  CbsRate: rateBody("CbsRate"),
};

type TaxRateJson = Partial<z.infer<z.ZodObject<typeof taxRateFields>>>;

/** The domain's rates of the tax fields of a body (`taxRateFields`), each left undefined when absent. */
export const taxRatesOf = (body: TaxRateJson): Partial<TaxRates> => ({
  icmsCst: body.CstIcms,
  icmsRate: body.IcmsRate,
  ipiCst: body.CstIpi,
  ipiRate: body.IpiRate,
  pisCst: body.CstPis,
  pisRate: body.PisRate,
  cofinsCst: body.CstCofins,
  cofinsRate: body.CofinsRate,
  cstIbsCbsId: body.IDNfCstIbsCbs,
  ibsRate: body.IbsRate,
  cbsRate: body.CbsRate,
});

export const weightBody = (name: string) =>
  z
    .number({ error: `${name} deve ser um número` })
    .min(0, `${name} não pode ser negativo`)
    .max(1_000_000, `${name} excede o máximo permitido`)
    .refine(
      (v) => Number.isInteger(Math.round(v * 1000 * 1e6) / 1e6),
      `${name} aceita no máximo 3 casas decimais`,
    )
    .transform((v) => Math.round(v * 1000))
    .openapi({
      type: "number",
      minimum: 0,
      maximum: 1_000_000,
      multipleOf: 0.001,
      example: 1.25,
      description: `${name} (kg)`,
    });

/** `{idorder}` */
export const orderParams = z.object({ idorder: idPath("idorder").openapi({ description: "Id do pedido" }) });

/** `{idorder}/sku/{idskumovement}` */
export const orderItemParams = orderParams.extend({
  idskumovement: idPath("idskumovement").openapi({ description: "IDSkuMovement: o item do pedido" }),
});
