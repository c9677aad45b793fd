import path from 'node:path';
import type { StackPart } from './part';

interface NodeServerOptions {
  projectRoot: string;
  host: string;
  port: number;
  env: NodeJS.ProcessEnv;
}

/** The payments API, serving the built SPA on the same origin (or only /api behind the dev server). */
export function apiServer(options: NodeServerOptions & { apiOnly: boolean }): StackPart {
  const { host, port } = options;
  return {
    name: 'API server',
    host,
    port,
    portSetting: options.apiOnly ? 'DEV_API_PORT' : 'PORT',
    process: () => ({
      command: process.execPath,
      args: ['--import', 'tsx', path.join('src', 'server', 'main.ts'), ...(options.apiOnly ? ['--api-only'] : [])],
      cwd: options.projectRoot,
      env: options.env,
    }),
    readyUrl: `http://${host}:${port}/api/health`,
    readyTimeoutMs: 30_000,
    stopSignal: 'SIGTERM',
  };
}

/** The local stand-in for the card provider; its orders are kept in `ordersFile` across restarts. */
export function gatewaySandbox(options: NodeServerOptions & { ordersFile: string | null }): StackPart {
  const { host, port } = options;
  return {
    name: 'Gateway sandbox',
    host,
    port,
    portSetting: 'GATEWAY_SANDBOX_PORT',
    process: () => ({
      command: process.execPath,
      args: ['--import', 'tsx', path.join('scripts', 'stack', 'sandbox.ts'), ...(options.ordersFile ? ['--orders-file', options.ordersFile] : [])],
      cwd: options.projectRoot,
      env: options.env,
    }),
    readyUrl: `http://${host}:${port}/health`,
    readyTimeoutMs: 30_000,
    stopSignal: 'SIGTERM',
  };
}

/** The stand-in for the game's own server, taking the store's signed events (src/gameServer). */
export function gameServer(options: NodeServerOptions): StackPart {
  const { host, port } = options;
  return {
    name: 'Game server stand-in',
    host,
    port,
    portSetting: 'GAME_SERVER_PORT',
    process: () => ({
      command: process.execPath,
      args: ['--import', 'tsx', path.join('scripts', 'stack', 'gameServer.ts')],
      cwd: options.projectRoot,
      env: options.env,
    }),
    readyUrl: `http://${host}:${port}/health`,
    readyTimeoutMs: 30_000,
    stopSignal: 'SIGTERM',
  };
}

/** webpack-dev-server with hot reload, proxying /api to the API server. */
export function devServer(options: NodeServerOptions): StackPart {
  const { host, port } = options;
  const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [options.projectRoot] });
  return {
    name: 'webpack-dev-server',
    host,
    port,
    portSetting: 'PORT',
    process: () => ({
      command: process.execPath,
      args: [webpackCli, 'serve', '--mode', 'development'],
      cwd: options.projectRoot,
      env: { ...options.env, NODE_ENV: 'development' },
    }),
    readyUrl: `http://${host}:${port}/`,
    readyTimeoutMs: 120_000,
    stopSignal: 'SIGTERM',
  };
}
