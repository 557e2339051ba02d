/**
 * Lenient readers for values whose type the service does not hold to: numbers as strings, text as lists, and
 * literals written as JSON or as Python's repr (single quotes, True/False/None), which some services send.
 */

/** A trimmed string from a string, number or boolean; a list's items joined; '' for anything else. */
export function looseText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(looseText).filter(Boolean).join(' ');
  return '';
}

/** A finite number from a number or a numeric string ("12", " 0.82 ", "85%"); null for anything else. */
export function looseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)\s*%?\s*$/i.exec(value);
  if (!match?.[1]) return null;
  const parsed = Number(match[1]);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A whole count of at least 0 that a number holds exactly, from a number or numeric string; null otherwise. */
export function looseCount(value: unknown): number | null {
  const parsed = looseNumber(value);
  return parsed !== null && parsed >= 0 && Number.isSafeInteger(parsed) ? parsed : null;
}

/** A boolean from a boolean, "true"/"false" in any case, or 1/0; null otherwise. */
export function looseBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'true') return true;
    if (word === 'false') return false;
  }
  return null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value a string holds, written as JSON or as a Python literal (`{'factuality': True, 'error': None}`);
 * undefined when it is neither. A JSON string that holds JSON again is read once more.
 */
export function readLiteral(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return readPythonLiteral(text);
  }
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    const inner = readLiteral(value);
    if (inner !== undefined) return inner;
  }
  return value;
}

/** A Python literal (dict, list, tuple, str, int, float, True, False, None); undefined when it is not one. */
export function readPythonLiteral(text: string): unknown {
  const parser = new LiteralParser(text);
  try {
    const value = parser.value();
    parser.space();
    return parser.atEnd() ? value : undefined;
  } catch {
    return undefined;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0' };
const MAX_DEPTH = 64;

class LiteralParser {
  private at = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at >= this.text.length;
  }

  space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  value(): unknown {
    this.space();
    const char = this.text[this.at];
    if (char === '{') return this.nested(() => this.dict());
    if (char === '[' || char === '(') return this.nested(() => this.list(char === '[' ? ']' : ')'));
    if (char === '"' || char === "'") return this.string();
    const word = /^(True|False|None|true|false|null)\b/.exec(this.text.slice(this.at, this.at + 5));
    if (word?.[1]) {
      this.at += word[1].length;
      return word[1] === 'True' || word[1] === 'true'
        ? true
        : word[1] === 'False' || word[1] === 'false'
          ? false
          : null;
    }
    const number = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/.exec(this.text.slice(this.at, this.at + 40));
    if (number?.[0]) {
      this.at += number[0].length;
      return Number(number[0]);
    }
    throw new Error('not a literal');
  }

  private nested<T>(read: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new Error('too deep');
    const value = read();
    this.depth--;
    return value;
  }

  private dict(): Record<string, unknown> {
    this.at++;
    const result: Record<string, unknown> = {};
    for (;;) {
      this.space();
      if (this.text[this.at] === '}') return (this.at++, result);
      const key = this.value();
      this.space();
      if (this.text[this.at++] !== ':') throw new Error('expected :');
      result[String(key)] = this.value();
      this.space();
      const next = this.text[this.at++];
      if (next === '}') return result;
      if (next !== ',') throw new Error('expected ,');
    }
  }

  private list(close: string): unknown[] {
    this.at++;
    const result: unknown[] = [];
    for (;;) {
      this.space();
      if (this.text[this.at] === close) return (this.at++, result);
      result.push(this.value());
      this.space();
      const next = this.text[this.at++];
      if (next === close) return result;
      if (next !== ',') throw new Error('expected ,');
    }
  }

  private string(): string {
    const quote = this.text[this.at++];
    let result = '';
    for (;;) {
      const char = this.text[this.at++];
      if (char === undefined) throw new Error('unterminated string');
      if (char === quote) return result;
      if (char !== '\\') {
        result += char;
        continue;
      }
      const escaped = this.text[this.at++] ?? '';
      if (escaped === 'u' || escaped === 'x') {
        const length = escaped === 'u' ? 4 : 2;
        const hex = this.text.slice(this.at, this.at + length);
        if (!/^[0-9a-f]+$/i.test(hex) || hex.length !== length) throw new Error('bad escape');
        result += String.fromCharCode(Number.parseInt(hex, 16));
        this.at += length;
      } else result += ESCAPES[escaped] ?? escaped;
    }
  }
}
