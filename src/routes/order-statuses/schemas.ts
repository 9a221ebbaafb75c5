import { z } from "@hono/zod-openapi";
import type { StatusView } from "../../domain/orders/statuses";
import { idPath } from "../../http/schemas";

export const ORDER_STATUS_TAG = "Order statuses";

export const OrderStatusSchema = z
  .object({
    IDStatusOrder: z.number().int().openapi({ description: "Código do status", example: 1 }),
    Description: z.string().openapi({ example: "Pedido recebido" }),
    StatusColorCode: z.string().openapi({ example: "#1E88E5", description: "Cor do status (#RRGGBB)" }),
    ReservesStock: z
      .number()
      .int()
      .openapi({ enum: [0, 1], description: "1: pedidos neste status reservam estoque" }),
    Handling: z
      .number()
      .int()
      .openapi({ enum: [0, 1], description: "1: pedido em tratamento (separação, faturamento, envio)" }),
    Final: z
      .number()
      .int()
      .openapi({ enum: [0, 1], description: "1: status final, o pedido não muda mais" }),
    NextStatuses: z.array(z.number().int()).openapi({
      description: "Status para os quais este pode mudar (tabela de transições)",
      example: [2, 3, 23, 10],
    }),
  })
  .openapi("OrderStatus");

export const statusBody = (s: StatusView) => ({
  IDStatusOrder: s.id,
  Description: s.description,
  StatusColorCode: s.colorCode,
  ReservesStock: s.reservesStock,
  Handling: s.handling,
  Final: s.final,
  NextStatuses: s.nextStatuses,
});

export const statusParams = z.object({
  idstatusorder: idPath("idstatusorder").openapi({ description: "IDStatusOrder" }),
});
