export { type Config, ConfigError, type ConfigInput, configSchema, loadConfig } from './config/config.ts'
export { DEMO_PRICES, devnetChainConfig } from './config/devnetChain.ts'
export { createGateway, type Gateway } from './createGateway.ts'
export { createWebRoutes, type WebRuntimeConfig } from './web/serveWeb.ts'
