/**
 * The shipped nginx gateway (deploy/nginx), run by Debian's nginx in front of the service double for the tests: the
 * shipped files as they are, and the site's own (listen, service, upstreams, tokens, limits) written for the test,
 * behind TLS with a certificate made for the run. Browsers reach it as gateway.factlens.test through their own host
 * resolver rules, and trust exactly its certificate (its SPKI hash).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeCertificate } from './test-certificate';

export const GATEWAY_HOST = 'gateway.factlens.test';
const SHIPPED = path.resolve('deploy/nginx');
export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

export interface Gateway {
  /** https://gateway.factlens.test:<port>, as the extension's settings name it. */
  url: string;
  port: number;
  /** The Chromium flags that resolve the gateway's name to this machine and trust its certificate alone. */
  chromiumFlags: string[];
  /** The certificate (PEM), for a client that trusts it. */
  certificate: string;
  /**
   * Replaces the token file (person → token) and reloads nginx, as an operator revokes a token; resolves once a
   * worker with the new tokens has started.
   */
  setTokens(tokens: Record<string, string>): Promise<void>;
  /** The gateway's access log, one line per call. */
  accessLog(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

const tokenMap = (tokens: Record<string, string>) =>
  Object.entries(tokens)
    .map(([person, token]) => `"Bearer ${token}" ${person};\n`)
    .join('');

/**
 * Starts nginx with the shipped configuration in front of `serviceUrl` (the double, over http on loopback), with
 * `serviceKey` as the service's key, the people's `tokens`, and a rate of `ratePerMinute` per person after the
 * shipped burst.
 */
export async function startGateway(options: {
  serviceUrl: string;
  serviceKey: string;
  tokens: Record<string, string>;
  ratePerMinute?: number;
  retryAfterSeconds?: number;
}): Promise<Gateway> {
  const root = mkdtempSync(path.join(tmpdir(), 'factlens-gateway-'));
  const site = path.join(root, 'factlens');
  mkdirSync(site);
  mkdirSync(path.join(root, 'logs'));
  copyFileSync(path.join(SHIPPED, 'factlens-gateway.conf'), path.join(root, 'factlens-gateway.conf'));
  copyFileSync(path.join(SHIPPED, 'factlens', 'gateway-request.conf'), path.join(site, 'gateway-request.conf'));

  const { key, cert: certificate, spki } = makeCertificate(GATEWAY_HOST);
  writeFileSync(path.join(site, 'key.pem'), key);
  writeFileSync(path.join(site, 'cert.pem'), certificate);

  const port = await freePort();
  const service = new URL(options.serviceUrl);
  writeFileSync(
    path.join(site, 'listen.conf'),
    `listen 127.0.0.1:${port} ssl;\nserver_name ${GATEWAY_HOST};\nssl_certificate factlens/cert.pem;\nssl_certificate_key factlens/key.pem;\n`,
  );
  writeFileSync(
    path.join(site, 'service.conf'),
    `set $factlens_service_scheme http;\nset $factlens_service_host ${service.hostname};\nset $factlens_upload_scheme http;\nset $factlens_service_key "${options.serviceKey}";\n`,
  );
  writeFileSync(
    path.join(site, 'upstream.conf'),
    `upstream factlens_service { server ${service.host}; }\nupstream factlens_upload { server ${service.host}; }\n`,
  );
  writeFileSync(
    path.join(site, 'limits.conf'),
    `limit_req_zone $factlens_person zone=factlens_people:1m rate=${options.ratePerMinute ?? 600}r/m;\nmap $factlens_person $factlens_retry_after { default ${options.retryAfterSeconds ?? 1}; }\n`,
  );
  writeFileSync(
    path.join(site, 'extensions.map'),
    '"~^chrome-extension://[a-p]{32}$" $http_origin;\n"~^moz-extension://[0-9a-f-]+$" $http_origin;\n',
  );
  writeFileSync(path.join(site, 'tokens.map'), tokenMap(options.tokens));
  const conf = path.join(root, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      // A worker told to leave on a reload waits for its connections' requests; bounded, so that none lingers.
      'worker_shutdown_timeout 5s;',
      `pid ${path.join(root, 'nginx.pid')};`,
      `error_log ${path.join(root, 'logs', 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  client_body_temp_path ${path.join(root, 'body')};`,
      `  proxy_temp_path ${path.join(root, 'proxy')};`,
      `  fastcgi_temp_path ${path.join(root, 'fastcgi')};`,
      `  uwsgi_temp_path ${path.join(root, 'uwsgi')};`,
      `  scgi_temp_path ${path.join(root, 'scgi')};`,
      '  include factlens-gateway.conf;',
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', root, '-c', conf];
  execFileSync(NGINX_PATH, [...args, '-t', '-q']);
  const nginx: ChildProcess = spawn(NGINX_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForListening(
    port,
    () => nginx.exitCode !== null,
    () => stderr,
  );

  return {
    url: `https://${GATEWAY_HOST}:${port}`,
    port,
    certificate,
    chromiumFlags: [
      `--host-resolver-rules=MAP ${GATEWAY_HOST} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${spki}`,
    ],
    async setTokens(tokens) {
      writeFileSync(path.join(site, 'tokens.map'), tokenMap(tokens));
      const before = workers(root);
      execFileSync(NGINX_PATH, [...args, '-s', 'reload']);
      await reloaded(root, before, () => nginx.exitCode !== null);
    },
    accessLog: () => readFileSync(path.join(root, 'logs', 'factlens-gateway.log'), 'utf8'),
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((done) => nginx.once('exit', done));
        // Fast shutdown: a graceful one waits for the browser's kept-alive connections.
        nginx.kill('SIGTERM');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Until something listens on `port` (nginx has started), or nginx exits. */
async function waitForListening(port: number, exited: () => boolean, stderr: () => string): Promise<void> {
  for (;;) {
    if (exited()) throw new Error(`nginx exited: ${stderr()}`);
    const open = await new Promise<boolean>((answer) => {
      const socket = new Socket();
      socket.once('connect', () => (socket.destroy(), answer(true)));
      socket.once('error', () => answer(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((next) => setTimeout(next, 50));
  }
}

/** nginx's worker processes (their pids), children of its master. */
function workers(root: string): string[] {
  const master = readFileSync(path.join(root, 'nginx.pid'), 'utf8').trim();
  try {
    return execFileSync('ps', ['--ppid', master, '-o', 'pid=']).toString().trim().split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * Until a reload has started a worker with the new configuration. Those of before may still finish their requests
 * (nginx's graceful reload), so a caller that needs the new configuration in force waits for an answer that shows it.
 */
async function reloaded(root: string, before: string[], exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('nginx exited during a reload');
    if (workers(root).some((pid) => !before.includes(pid))) return;
    await new Promise((next) => setTimeout(next, 50));
  }
}
