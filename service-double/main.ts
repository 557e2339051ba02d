/**
 * `npm run service-double -- [--port 4010] [--keys demo-key,other] [--latency realistic] [--claims per-copy] [--verdicts evidence|legacy|python|mixed]`
 * Starts the double in the foreground and prints its address. Faults and the log are controlled over
 * HTTP under /__double/ (see README).
 */
import { parseArgs } from 'node:util';
import { startServiceDouble } from './server';
import { REALISTIC_LATENCY } from './latency';
import { CLAIM_LIST_FORMATS, LEGACY_FORMS, VERDICT_FORMS } from './forms';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    keys: { type: 'string', default: 'demo-key' },
    latency: { type: 'string', default: 'none' },
    claims: { type: 'string', default: 'per-copy' },
    verdicts: { type: 'string', default: 'evidence' },
  },
});

const claimList = CLAIM_LIST_FORMATS.find((format) => format === values.claims);
if (!claimList) throw new Error(`--claims must be one of ${CLAIM_LIST_FORMATS.join(', ')}`);
const verdicts = VERDICT_FORMS.find((form) => form === values.verdicts);
if (!verdicts) throw new Error(`--verdicts must be one of ${VERDICT_FORMS.join(', ')}`);
if (values.latency !== 'none' && values.latency !== 'realistic') throw new Error('--latency must be none or realistic');

const double = await startServiceDouble({
  port: Number(values.port),
  host: values.host,
  keys: values.keys
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean),
  forms: verdicts === 'legacy' ? { ...LEGACY_FORMS, claimList } : { claimList, verdicts },
  faults: values.latency === 'realistic' ? REALISTIC_LATENCY : [],
});
console.log(`Service double listening on ${double.url}`);
console.log(
  `  demo pages: ${double.url}/demo/article.html, draft-textarea.html, draft-contenteditable.html, components-article.html, components-draft.html, frame-draft.html, block-editor.html, canvas-editor.html, numbers.html`,
);
console.log(`  accepted keys: ${values.keys}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
