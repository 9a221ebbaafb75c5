import { z } from "@hono/zod-openapi";
import { idBody, idField } from "../../../http/schemas";

export const CollectionListCreateSchema = z
  .object({
    Orders: z
      .array(idBody("Orders[]"))
      .max(500, "Orders aceita no máximo 500 pedidos")
      .openapi({
        description: "IDIntegration dos pedidos do hub (de uma mesma integração, com envio)",
        example: [1, 2],
      }),
  })
  .openapi("HubCollectionListCreate");

export const CollectionListSchema = z
  .object({
    IDOrdersCarrierCollectionList: idField("Lista de coleta"),
    IDCompanyIntegration: idField("Integração de canal"),
    Orders: z
      .array(
        z.object({
          IDIntegration: idField("Pedido do hub"),
          Order: z.string().openapi({ description: "Número do pedido no canal" }),
          ShippingId: z.string().nullable().openapi({ description: "Id do envio no canal" }),
        }),
      )
      .openapi({ description: "Pedidos da lista" }),
  })
  .openapi("HubCollectionList");
