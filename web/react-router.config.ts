import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // React Router v8's changes, each kept off (the default) by name so the build and the dev
  // server do not warn about them at every start. Middleware would change the loaders' context;
  // turning any of them on is a change of its own, tested as one.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
