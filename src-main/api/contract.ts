// Main process / plain Node. Turns the first zod issue of a response that broke its schema into
// a ContractError location: a JSON path like `data.results[3].status` and the expected shape.
import type { z } from 'zod';

export interface ContractLocation {
  jsonPath: string;
  expected: string;
  received: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const name = String(key);
      out += /^[A-Za-z_$][\w$]*$/.test(name) ? (out ? `.${name}` : name) : `[${JSON.stringify(name)}]`;
    }
  }
  return out || '$';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/**
 * A short description of a value for an error. `redact` runs on the whole value before it is
 * cut to length: cutting first could leave a piece of a secret too short to recognise.
 */
export function describeValue(value: unknown, redact: (text: string) => string = (text) => text): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array(${value.length})`;
  if (typeof value === 'object') return 'object';
  const shown = redact(JSON.stringify(typeof value === 'string' ? redact(value) : value) ?? typeof value);
  return `${typeof value} ${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}`;
}

type Issue = z.core.$ZodIssue;

function expectedOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'integer' : issue.expected;
    case 'invalid_value':
      return issue.values.length === 1
        ? JSON.stringify(issue.values[0])
        : `one of ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue
        ? `string matching ${String(issue.pattern)}`
        : `string in ${issue.format === 'guid' ? 'uuid' : issue.format} format`;
    case 'too_small':
      return `${issue.origin} >= ${String(issue.minimum)}`;
    case 'too_big':
      return `${issue.origin} <= ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}

/** Unions report their branches' issues nested; the deepest first branch names the real spot. */
function innermost(issue: Issue, prefix: readonly PropertyKey[]): { issue: Issue; path: PropertyKey[] } {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branches = issue.errors.map((branch) => branch[0]).filter((first): first is Issue => first !== undefined);
    // Prefer a branch that got further into the value (its issue has the longest path).
    branches.sort((a, b) => b.path.length - a.path.length);
    const first = branches[0];
    if (first) return innermost(first, path);
  }
  return { issue, path };
}

export function locateIssue(
  error: z.ZodError,
  input: unknown,
  redact: (text: string) => string = (text) => text,
): ContractLocation {
  const first = error.issues[0];
  if (!first) return { jsonPath: '$', expected: 'a valid response', received: describeValue(input, redact) };
  const { issue, path } = innermost(first, []);
  return {
    jsonPath: redact(formatPath(path)),
    expected: redact(expectedOf(issue)),
    received: describeValue(valueAt(input, path), redact),
  };
}

/** Every issue's location (contract deviations), plus its path with array indices folded to `[*]`
 * so one deviation covers every item of a list. */
export function locateAll(
  error: z.ZodError,
  input: unknown,
  redact: (text: string) => string = (text) => text,
): (ContractLocation & { pathPattern: string })[] {
  return error.issues.map((first) => {
    const { issue, path } = innermost(first, []);
    return {
      jsonPath: redact(formatPath(path)),
      pathPattern: redact(
        formatPath(path.map((key) => (typeof key === 'number' ? '*' : key))).replace(/\["\*"\]|\.\*/g, '[*]'),
      ),
      expected: redact(expectedOf(issue)),
      received: describeValue(valueAt(input, path), redact),
    };
  });
}
