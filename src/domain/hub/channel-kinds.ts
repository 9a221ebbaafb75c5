/**
 * The channel kinds (IDTypeCompanyIntegration) a company can connect. Each names its sales channel
 * (IDSalesChannel, name and logo) and the adapter code that reaches it (src/adapters/channels).
 */
export type ChannelKind = {
  id: number;
  code: string;
  description: string;
  /** `marketplace` or `webstore`. */
  channelType: "marketplace" | "webstore";
  salesChannel: { id: number; name: string; logoUrl: string };
  /** True for the built-in sandbox channels (they accept `Sandbox` settings). */
  sandbox: boolean;
};

/** A logo as a data URL: the sandbox channels have no site of their own to serve one from. */
const svgLogo = (color: string, letter: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${color}"/><text x="32" y="43" font-family="sans-serif" font-size="30" font-weight="bold" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  )}`;

export const CHANNEL_KINDS: readonly ChannelKind[] = [
  {
    id: 1,
    code: "sandbox-marketplace",
    description: "Marketplace sandbox (pedidos, reclamações, anexos e etiquetas de teste)",
    channelType: "marketplace",
    salesChannel: { id: 1, name: "Sandbox Marketplace", logoUrl: svgLogo("#1E88E5", "SM") },
    sandbox: true,
  },
  {
    id: 2,
    code: "sandbox-webstore",
    description: "Loja virtual sandbox (pedidos e produtos; não aceita anexos)",
    channelType: "webstore",
    salesChannel: { id: 2, name: "Sandbox Loja Virtual", logoUrl: svgLogo("#43A047", "LV") },
    sandbox: true,
  },
  {
    id: 3,
    code: "mercado-livre",
    description:
      "Mercado Livre (pedidos, envios e pacotes pela API do Mercado Livre; OAuth 2.0 do vendedor e notificações)",
    channelType: "marketplace",
    salesChannel: { id: 3, name: "Mercado Livre", logoUrl: svgLogo("#FFE600", "ML") },
    sandbox: false,
  },
];

export const channelKindById = (id: number): ChannelKind | undefined =>
  CHANNEL_KINDS.find((k) => k.id === id);
