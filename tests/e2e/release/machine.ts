/**
 * What the release-build tests set up on this machine, and take down after: a virtual X display (Xvfb) where the
 * browser runs with a real window, so that a key pressed through X (xdotool) reaches the browser as a user's does;
 * and a certificate for the service's own host name, so that the double answers the release build at the address it
 * ships with (the browser resolves that host to the double: Chromium's host resolver rules, Firefox's DNS override).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { startServiceDouble, type ServiceDouble } from '../../../service-double/server';

export const SERVICE_HOST = 'api-az.longshot.ai';

export interface Display {
  /** e.g. ":99". */
  name: string;
  close: () => void;
}

/** Starts Xvfb on a free display (it picks the number itself and writes it on the pipe given by -displayfd). */
export async function startDisplay(): Promise<Display> {
  const xvfb: ChildProcess = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): is the xvfb package installed?`)));
  });
  return { name: `:${number}`, close: () => xvfb.kill() };
}

/**
 * The newest shown window whose title matches, once there is one: a page brought to the front gives its window its
 * title a moment later (xdotool's search fails while none matches).
 */
function windowNamed(env: NodeJS.ProcessEnv, name: RegExp): string {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const ids = execFileSync('xdotool', ['search', '--onlyvisible', '--name', name.source], { env, stdio: 'pipe' })
        .toString()
        .trim()
        .split('\n');
      return ids.at(-1)!;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      execFileSync('sleep', ['0.1']);
    }
  }
}

/** Presses keys in the display's focused window, through X, as a keyboard does (xdotool's names: "alt+shift+k"). */
export function pressKeys(display: Display, keys: string, windowName?: RegExp): void {
  const env = { ...process.env, DISPLAY: display.name };
  if (windowName) execFileSync('xdotool', ['windowfocus', '--sync', windowNamed(env, windowName)], { env });
  execFileSync('xdotool', ['key', '--clearmodifiers', keys], { env });
}

export interface Certificate {
  key: string;
  cert: string;
  /** base64 SHA-256 of its public key, as Chromium's --ignore-certificate-errors-spki-list takes it. */
  spki: string;
  /** Where the PEM files are (Firefox's certificate database imports the certificate from there). */
  certFile: string;
  remove: () => void;
}

/** A self-signed certificate for the service's host name, made with openssl. */
export function serviceCertificate(): Certificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'factlens-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${SERVICE_HOST}`,
      '-addext',
      `subjectAltName=DNS:${SERVICE_HOST}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const publicKey = execFileSync('openssl', ['x509', '-in', certFile, '-pubkey', '-noout']);
  const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: publicKey });
  const spki = execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString('base64');
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    spki,
    certFile,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ReleaseMachine {
  display: Display;
  certificate: Certificate;
  /** The double at the service's own host name, over TLS, taking `key`. */
  service: ServiceDouble;
  /** A plain double for the pages to check. */
  pages: ServiceDouble;
}

/** Sets up a display, a certificate and the two doubles for the file's tests, and takes them down after. */
export function useReleaseMachine(key: string): ReleaseMachine {
  const machine = {} as ReleaseMachine;
  test.beforeAll(async () => {
    machine.display = await startDisplay();
    machine.certificate = serviceCertificate();
    machine.service = await startServiceDouble({ keys: [key], tls: machine.certificate });
    machine.pages = await startServiceDouble();
  });
  test.afterAll(async () => {
    await Promise.all([machine.service?.close(), machine.pages?.close()]);
    machine.certificate?.remove();
    machine.display?.close();
  });
  return machine;
}
