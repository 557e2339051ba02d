/** A certificate made for a test run, for one host name, and the SPKI hash by which a browser is told to trust it alone. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificate {
  key: string;
  cert: string;
  /** base64 of the sha256 of its public key (Chromium's --ignore-certificate-errors-spki-list). */
  spki: string;
}

export function makeCertificate(host: string): TestCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'factlens-cert-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]);
    const spki = execFileSync('sh', [
      '-c',
      `openssl x509 -in '${certFile}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`,
    ])
      .toString()
      .trim();
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), spki };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
