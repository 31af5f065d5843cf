/**
 * A readable difference between two JSON values: one line per differing leaf, with its path, so a
 * golden-file failure says "medical_result.total_cost: expected 12.5, got 125" instead of dumping
 * two long bodies.
 */

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function jsonDiff(expected: unknown, actual: unknown, path = '$', out: string[] = []): string[] {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) out.push(`${path}: expected ${expected.length} items, got ${actual.length}`);
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) jsonDiff(expected[i], actual[i], `${path}[${i}]`, out);
    for (let i = actual.length; i < expected.length; i++) out.push(`${path}[${i}]: missing ${show(expected[i])}`);
    for (let i = expected.length; i < actual.length; i++) out.push(`${path}[${i}]: unexpected ${show(actual[i])}`);
    return out;
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    for (const key of keys) jsonDiff(expected[key], actual[key], `${path}.${key}`, out);
    return out;
  }
  if (!Object.is(expected, actual)) out.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
  return out;
}

/** The diff as a message, at most `max` lines and a count of the rest. */
export function formatDiff(lines: readonly string[], max = 25): string {
  const shown = lines.slice(0, max);
  if (lines.length > max) shown.push(`... and ${lines.length - max} more difference(s)`);
  return shown.join('\n');
}
