/**
 * The client and the service double are written separately from docs/service-contract.md: this holds each against
 * the document's tables, call by call, path by path and field by field, so that a slip in either is not copied by the
 * other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GROUNDING_MODES as CLIENT_MODES, PRODUCT_FEATURES as CLIENT_FEATURES } from '../../utils/contract/requests';
import { LANGUAGES as CLIENT_LANGUAGES } from '../../utils/contract/language';
import { REQUEST_SCHEMAS, UPLOAD_FILE_FIELD } from '../../utils/background/api/schemas';
import { ENDPOINTS } from '../../utils/shared/endpoints';
import {
  GROUNDING_MODES as DOUBLE_MODES,
  LANGUAGE_NAMES as DOUBLE_LANGUAGES,
  PRODUCT_FEATURES as DOUBLE_FEATURES,
  REQUEST_CHECKS,
  ROUTES,
  type Route,
} from '../../service-double/routes';

interface Call {
  method: string;
  path: string;
  also: string[];
  /** Each field, and whether it must be there. */
  fields: Map<string, boolean>;
}
interface Contract {
  calls: Map<string, Call>;
  values: Map<string, string[]>;
}

const DOC = readFileSync(new URL('../../docs/service-contract.md', import.meta.url), 'utf8');

/** The rows of the table between `<!-- service-contract:NAME -->` and its closing comment, as cells. */
function tableRows(markdown: string, name: string): string[][] {
  const body = new RegExp(`<!-- service-contract:${name} -->([\\s\\S]*?)<!-- /service-contract:${name} -->`).exec(
    markdown,
  )?.[1];
  if (!body) throw new Error(`docs/service-contract.md has no ${name} table`);
  return body
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

function documented(markdown: string): Contract {
  const calls = new Map<string, Call>();
  for (const [name, method, path, also, fields] of tableRows(markdown, 'endpoints'))
    calls.set(codes(name!)[0]!, {
      method: method!,
      path: codes(path!)[0]!,
      also: codes(also!),
      fields: new Map(codes(fields!).map((field) => [field.replace(/\?$/, ''), !field.endsWith('?')])),
    });
  const values = new Map(tableRows(markdown, 'values').map(([field, list]) => [codes(field!)[0]!, codes(list!)]));
  return { calls, values };
}

const fieldsOf = (schema: z.ZodObject) =>
  new Map(Object.entries(schema.shape).map(([field, type]) => [field, !type.safeParse(undefined).success]));

function client(): Contract {
  const calls = new Map<string, Call>();
  for (const [name, info] of Object.entries(ENDPOINTS)) {
    const schema = (REQUEST_SCHEMAS as Record<string, z.ZodObject | undefined>)[name];
    calls.set(name, {
      method: info.method,
      path: info.path,
      also: [...('aliases' in info ? info.aliases : [])],
      fields: schema ? fieldsOf(schema) : new Map([[UPLOAD_FILE_FIELD, true]]),
    });
  }
  const values = new Map<string, string[]>([
    ['language', [...CLIENT_LANGUAGES]],
    ['mode', [...CLIENT_MODES]],
    ['feature_type', [...CLIENT_FEATURES]],
  ]);
  return { calls, values };
}

function double(): Contract {
  const calls = new Map<string, Call>();
  for (const [name, route] of Object.entries(ROUTES) as [keyof typeof ROUTES, Route][])
    calls.set(name, {
      method: route.method,
      path: route.path,
      also: [...(route.also ?? [])],
      fields: fieldsOf(REQUEST_CHECKS[name]),
    });
  const values = new Map<string, string[]>([
    ['language', [...DOUBLE_LANGUAGES]],
    ['mode', [...DOUBLE_MODES]],
    ['feature_type', [...DOUBLE_FEATURES]],
  ]);
  return { calls, values };
}

/**
 * Where `side` departs from the document. The client may require more than the service does (it always sends those
 * fields); the double requires exactly what the service does, so that it refuses what the service would and takes what
 * it would.
 */
function departures(doc: Contract, side: Contract, required: 'at-least' | 'exactly'): string[] {
  const found: string[] = [];
  const names = new Set([...doc.calls.keys(), ...side.calls.keys()]);
  for (const name of names) {
    const want = doc.calls.get(name);
    const got = side.calls.get(name);
    if (!want || !got) {
      found.push(`${name}: ${want ? 'missing' : 'not in the document'}`);
      continue;
    }
    if (want.method !== got.method) found.push(`${name}: method ${got.method}, documented ${want.method}`);
    if (want.path !== got.path) found.push(`${name}: path ${got.path}, documented ${want.path}`);
    if ([...want.also].sort().join() !== [...got.also].sort().join())
      found.push(`${name}: other paths ${got.also.join(', ') || 'none'}, documented ${want.also.join(', ') || 'none'}`);
    for (const field of new Set([...want.fields.keys(), ...got.fields.keys()])) {
      const documentedRequired = want.fields.get(field);
      const sideRequired = got.fields.get(field);
      if (documentedRequired === undefined) found.push(`${name}.${field}: not in the document`);
      else if (sideRequired === undefined) found.push(`${name}.${field}: missing`);
      else if (required === 'exactly' ? sideRequired !== documentedRequired : documentedRequired && !sideRequired)
        found.push(`${name}.${field}: ${sideRequired ? 'required' : 'optional'}, documented otherwise`);
    }
  }
  for (const [field, list] of doc.values) {
    const got = side.values.get(field) ?? [];
    if ([...list].sort().join() !== [...got].sort().join())
      found.push(`${field} values: ${got.join(', ')}; documented ${list.join(', ')}`);
  }
  return found;
}

/** A copy of a contract with one call changed by `change`. */
function planted(contract: Contract, name: string, change: (call: Call) => void): Contract {
  const calls = new Map([...contract.calls].map(([key, call]) => [key, { ...call, fields: new Map(call.fields) }]));
  change(calls.get(name)!);
  return { calls, values: contract.values };
}

describe('the service contract (docs/service-contract.md)', () => {
  const doc = documented(DOC);

  it('documents twelve calls and three lists of values', () => {
    expect(doc.calls.size).toBe(12);
    expect([...doc.values.keys()]).toEqual(['language', 'mode', 'feature_type']);
    expect(doc.values.get('language')).toHaveLength(9);
  });

  it('the client calls each documented path with the documented method and fields', () => {
    expect(departures(doc, client(), 'at-least')).toEqual([]);
  });

  it('the double answers each documented path and checks the documented fields, no more required, no fewer', () => {
    expect(departures(doc, double(), 'exactly')).toEqual([]);
  });

  it.each([
    ['a path', (call: Call) => (call.path = '/custom/api/v2/blog/fact/checks')],
    ['a method', (call: Call) => (call.method = 'GET')],
    ['another path', (call: Call) => (call.also = [])],
    ['a field left out', (call: Call) => call.fields.delete('headline')],
    ['a field renamed', (call: Call) => (call.fields.delete('claims'), call.fields.set('claim', true))],
    ['a required field made optional', (call: Call) => call.fields.set('language', false)],
  ])('a planted mismatch in %s is found, in the client and in the double', (_, change) => {
    expect(departures(doc, planted(client(), 'factCheckClaims', change), 'at-least')).not.toEqual([]);
    expect(departures(doc, planted(double(), 'factCheckClaims', change), 'exactly')).not.toEqual([]);
  });

  it('a double that requires a field the service leaves optional is found', () => {
    const strict = planted(double(), 'generateGrounded', (call) => call.fields.set('topic', true));
    expect(departures(doc, strict, 'exactly')).toEqual(['generateGrounded.topic: required, documented otherwise']);
  });

  it('a planted mismatch in the document is found against both', () => {
    const wrong = documented(DOC.replace('`/custom/api/content/rephrase`', '`/custom/api/content/rephrases`'));
    expect(departures(wrong, client(), 'at-least')).toEqual([
      'rephraseText: path /custom/api/content/rephrase, documented /custom/api/content/rephrases',
    ]);
    expect(departures(wrong, double(), 'exactly')).toHaveLength(1);
    const lost = documented(DOC.replace('`Polish` |', '|'));
    expect(departures(lost, client(), 'at-least')).toHaveLength(1);
  });

  it('no module of the double imports the client', () => {
    const folder = new URL('../../service-double/', import.meta.url);
    const imports = readdirSync(folder)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        [...readFileSync(new URL(name, folder), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]!),
      );
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter((path) => /(^|\/)utils\//.test(path))).toEqual([]);
  });
});
