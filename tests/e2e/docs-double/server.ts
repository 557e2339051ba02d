/**
 * The Google Docs double, served over HTTPS as docs.google.com itself: a browser resolves the name here through its own
 * host resolver rules and trusts the run's certificate alone (its SPKI hash), as the gateway test does. It serves a
 * document's editor (editor.js, whose header cites the evidence it follows), the document's plain-text export
 * (`/document/d/ID/export?format=txt`, as Docs serves it: a byte order mark, CRLF line ends), and takes the editor's
 * saves, so that the export follows what was typed.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { makeCertificate } from '../test-certificate';

export const DOCS_HOST = 'docs.google.com';
const EDITOR = path.resolve('tests/e2e/docs-double/editor.js');

export interface DocsDouble {
  /** https://docs.google.com:<port>/document/d/<id>/edit */
  url: (id: string) => string;
  port: number;
  /** The Chromium flags that resolve docs.google.com here and trust this certificate alone. */
  chromiumFlags: string[];
  certificate: string;
  /** Every request, in order: method and path (with its query). */
  requests: string[];
  /** A document's text as last saved. */
  textOf: (id: string) => string;
  /** Serves a document (in place of one of that id). */
  add: (id: string, doc: { title: string; paragraphs: string[] }) => void;
  /** Forgets every document and request (between tests). */
  reset: () => void;
  stop: () => Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Starts the double with documents (id → title and paragraphs). */
export async function startDocsDouble(
  documents: Record<string, { title: string; paragraphs: string[] }> = {},
): Promise<DocsDouble> {
  const { key, cert, spki } = makeCertificate(DOCS_HOST);
  const saved = new Map(Object.entries(documents).map(([id, doc]) => [id, { ...doc }]));
  const requests: string[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const url = new URL(req.url ?? '/', `https://${DOCS_HOST}`);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const match = /^\/document\/d\/([\w-]+)\/(edit|export|save)$/.exec(url.pathname);
    const doc = match ? saved.get(match[1]!) : undefined;
    if (url.pathname === '/static/editor.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return void res.end(readFileSync(EDITOR));
    }
    if (!match || !doc) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return void res.end('Not found');
    }
    if (match[2] === 'edit') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return void res.end(editorPage(doc.title, doc.paragraphs));
    }
    if (match[2] === 'export' && url.searchParams.get('format') === 'txt') {
      res.writeHead(200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="${encodeURIComponent(doc.title)}.txt"`,
      });
      return void res.end(`\ufeff${doc.paragraphs.join('\r\n')}`);
    }
    if (match[2] === 'save' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        doc.paragraphs = (JSON.parse(body) as { paragraphs: string[] }).paragraphs;
        res.writeHead(204);
        res.end();
      });
      return;
    }
    res.writeHead(400);
    res.end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: (id) => `https://${DOCS_HOST}:${port}/document/d/${id}/edit`,
    port,
    certificate: cert,
    chromiumFlags: [
      `--host-resolver-rules=MAP ${DOCS_HOST} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${spki}`,
    ],
    requests,
    textOf: (id) => saved.get(id)?.paragraphs.join('\n') ?? '',
    add: (id, doc) => void saved.set(id, { ...doc }),
    reset: () => {
      saved.clear();
      requests.length = 0;
    },
    stop: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

function editorPage(title: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)} - Google Docs</title>
<style>
  html, body { margin: 0; height: 100%; background: #f8f9fa; font-family: Arial, sans-serif; }
  .docs-texteventtarget-iframe { position: absolute; width: 1px; height: 1px; left: -10px; top: -10px; border: 0; }
  .kix-appview-editor { position: absolute; inset: 40px 0 0 0; overflow: auto; }
  .kix-zoomdocumentplugin { display: flex; flex-direction: column; align-items: center; padding: 12px 0; }
  .kix-page-paginated { position: relative; background: #fff; box-shadow: 0 1px 3px rgba(60,64,67,.3); }
  .kix-canvas-tile-content, .kix-canvas-tile-content > * { position: absolute; left: 0; top: 0; }
  .docs-title { position: absolute; left: 12px; top: 8px; font-size: 18px; }
</style>
</head>
<body>
<div class="docs-title">${escapeHtml(title)}</div>
<iframe class="docs-texteventtarget-iframe" title="Document content"></iframe>
<div class="kix-appview-editor" role="document">
  <div class="kix-paginateddocumentplugin"><div class="kix-zoomdocumentplugin"></div></div>
</div>
<script type="application/json" id="docs-model">${JSON.stringify({ paragraphs }).replace(/</g, '\\u003c')}</script>
<script src="/static/editor.js"></script>
</body>
</html>`;
}
