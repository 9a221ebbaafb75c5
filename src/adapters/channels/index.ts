import { DisconnectedChannel, MercadoLivreChannel } from "./mercado-livre/adapter";
import { SANDBOX_MARKETPLACE, SANDBOX_WEB_STORE, SandboxChannel } from "./sandbox";
import type { ChannelAdapter, ChannelConnection } from "./types";

/** The adapter of the integration's channel kind; the domain never names an implementation. */
export function channelAdapter(connection: ChannelConnection): ChannelAdapter {
  switch (connection.kind) {
    case "sandbox-marketplace":
      return new SandboxChannel(connection, SANDBOX_MARKETPLACE);
    case "sandbox-webstore":
      return new SandboxChannel(connection, SANDBOX_WEB_STORE);
    case "mercado-livre":
      if (!connection.mercadoLivre) {
        const expired = connection.expiresAt !== null && connection.expiresAt <= connection.now;
        return new DisconnectedChannel(expired ? "expired" : "not_authenticated");
      }
      return new MercadoLivreChannel(connection.mercadoLivre);
    default:
      throw new Error(`no channel adapter for kind ${connection.kind}`);
  }
}
