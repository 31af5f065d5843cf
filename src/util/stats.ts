/**
 * The upper median of a list of numbers (the middle one of an odd count, the upper of the two
 * middle ones of an even count), 0 for none. One definition for every stage that takes a robust
 * centre of a few measurements (line heights, slopes): with an even count no value is invented
 * between two measured ones.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}
