import type { WebLoadContext } from "@mcf/contracts/web-context";

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}
