import { z } from "@hono/zod-openapi";
import type { HubProductView, SyncAnswer } from "../../../domain/hub/products";
import { flagBody, idBody, idField, idPath, requiredText, textBody } from "../../../http/schemas";
import { fromCents } from "../../../lib/money";

import { money } from "./common";

export const productParams = z.object({ idhubproduct: idPath("idhubproduct") });

export const HubProductCreateSchema = z
  .object({
    IDCompanyIntegration: idBody("IDCompanyIntegration").openapi({ description: "Integração de canal" }),
    Title: requiredText("Title", 200)
      .openapi({ example: "Camiseta básica algodão" })
      .openapi({ description: "Título do anúncio" }),
    ChannelProductId: textBody("ChannelProductId", 100)
      .nullable()
      .optional()
      .openapi({ example: "MLB-123" })
      .openapi({ description: "Id do anúncio no canal" }),
    Variations: z
      .array(
        z.object({
          IDSku: idBody("IDSku"),
          ChannelSkuCode: requiredText("ChannelSkuCode", 60)
            .openapi({ example: "CAMISETA-P" })
            .openapi({ description: "Código da SKU no canal" }),
        }),
      )
      .max(200, "Variations aceita no máximo 200 itens")
      .openapi({ description: "Variações: cada uma é uma SKU da empresa com o seu código no canal" }),
  })
  .openapi("HubProductCreate");

export const HubProductUpdateSchema = z
  .object({
    Title: requiredText("Title", 200).optional().openapi({ description: "Título do anúncio" }),
    SyncVariations: flagBody("SyncVariations")
      .optional()
      .openapi({ description: "1 envia também o preço e o estoque de cada variação" }),
  })
  .openapi("HubProductUpdate");

export const HubProductSchema = z
  .object({
    IDHubProduct: idField("Produto do hub"),
    IDCompanyIntegration: idField("Integração de canal"),
    Title: z.string().openapi({ description: "Título do anúncio" }),
    ChannelProductId: z.string().nullable().openapi({ description: "Id do anúncio no canal" }),
    LastSyncAt: z.string().nullable().openapi({ description: "Última atualização aceita pelo canal (UTC)" }),
    Variations: z
      .array(
        z.object({
          IDHubProductVariation: idField("Variação"),
          IDSku: idField("SKU"),
          SkuCode: z.string().nullable().openapi({ description: "Código da SKU na empresa" }),
          ChannelSkuCode: z.string().openapi({ description: "Código da SKU no canal" }),
          Price: money.openapi({ description: "Preço de venda da SKU" }),
          QtyOnStock: z.number().openapi({ description: "Estoque da SKU (soma dos depósitos)" }),
          LastSyncAt: z
            .string()
            .nullable()
            .openapi({ description: "Última atualização aceita pelo canal (UTC)" }),
          PublishedQty: z.number().int().nullable().openapi({
            description:
              "Estoque publicado: a última quantidade que o canal aceitou para esta variação (Mercado Livre: `max(0, QtyAvailable − StockBuffer)`); null quando nunca publicada",
          }),
        }),
      )
      .openapi({ description: "Variações (SKUs) do produto" }),
    StockPublication: z
      .object({
        State: z.enum(["Pending", "Published", "Failed"]).openapi({
          description:
            "`Pending`: uma mudança de estoque espera ser publicada (ou uma falha passageira espera a nova tentativa, com `FailureReason`); `Published`: o canal aceitou a última quantidade; `Failed`: o anúncio foi excluído ou encerrado no canal, ou o canal recusou a quantidade (`FailureReason`)",
        }),
        PublishedAt: z.string().nullable().openapi({
          description: "Quando o canal aceitou uma quantidade por último (UTC); null quando nunca",
        }),
        FailureReason: z
          .string()
          .nullable()
          .openapi({ description: "Por que a última publicação falhou; null quando não falhou" }),
      })
      .nullable()
      .openapi({
        description:
          "Estoque publicado do anúncio (Mercado Livre): estado da publicação; a quantidade de cada variação em `Variations[].PublishedQty`. null para outros canais ou antes da primeira mudança de estoque",
      }),
  })
  .openapi("HubProduct");

export const productBody = ({
  product,
  variations,
  publication,
}: HubProductView): z.infer<typeof HubProductSchema> => ({
  IDHubProduct: product.id,
  IDCompanyIntegration: product.companyIntegrationId,
  Title: product.title,
  ChannelProductId: product.channelProductId,
  LastSyncAt: product.lastSyncAt,
  Variations: variations.map((v) => ({
    IDHubProductVariation: v.id,
    IDSku: v.skuId,
    SkuCode: v.skuCode,
    ChannelSkuCode: v.channelSkuCode,
    Price: fromCents(v.priceCents),
    QtyOnStock: v.qty / 1000,
    LastSyncAt: v.lastSyncAt,
    PublishedQty: publication?.quantities.get(v.channelSkuCode) ?? null,
  })),
  StockPublication: publication
    ? { State: publication.state, PublishedAt: publication.publishedAt, FailureReason: publication.reason }
    : null,
});

export const HubProductSyncSchema = z
  .object({
    IDHubProduct: idField("Produto do hub"),
    TotalUpdates: z
      .number()
      .int()
      .openapi({ description: "Quantas atualizações o canal aceitou (produto + variações)" }),
    Results: z
      .array(
        z.object({
          Type: z.enum(["product", "variation"]).openapi({ description: "`product` ou `variation`" }),
          IDSku: z.number().int().nullable(),
          ChannelSkuCode: z.string().nullable().openapi({ description: "Código da SKU no canal" }),
          Success: z
            .union([z.literal(0), z.literal(1)])
            .openapi({ description: "1 aceito pelo canal, 0 recusado" }),
          Message: z.string().nullable().openapi({ description: "Motivo da recusa do canal" }),
        }),
      )
      .openapi({ description: "Um resultado para o produto e um por variação enviada" }),
  })
  .openapi("HubProductSync");

export const syncBody = (answer: SyncAnswer): z.infer<typeof HubProductSyncSchema> => ({
  IDHubProduct: answer.productId,
  TotalUpdates: answer.totalUpdates,
  Results: answer.results.map((r) => ({
    Type: r.type,
    IDSku: r.skuId,
    ChannelSkuCode: r.channelSkuCode,
    Success: r.ok ? 1 : 0,
    Message: r.message,
  })),
});
