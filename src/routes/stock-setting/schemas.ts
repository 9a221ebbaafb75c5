import { z } from "@hono/zod-openapi";

export const StockSettingSchema = z
  .object({
    AllowNegativeStock: z.number().int().openapi({
      description:
        "1: saídas podem deixar o saldo do SKU no depósito (ou do lote) abaixo de zero, e pedidos podem reservar além do disponível (`QtyAvailable`); 0 (padrão): a saída sem saldo e a reserva além do disponível são recusadas",
      example: 0,
    }),
  })
  .openapi("CompanyStockSetting");
