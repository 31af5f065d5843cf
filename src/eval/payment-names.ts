/**
 * Real labels write payment names as printed on the invoice, while the service outputs the one
 * fixed term of api.md 2.C. The names accepted for a printed term are the term itself and every
 * name the service's own alias table (data/payment-aliases.json) maps it to, in any province: the
 * evaluation measures reading, and a wrong alias row shows up in the alias table's own tests.
 */
import type { PaymentAlias } from '../extract/tables.js';
import type { PaymentNames } from './labels.js';
import { normaliseText } from './text.js';

export function paymentNamesFrom(aliases: readonly PaymentAlias[]): PaymentNames {
  const byPrinted = new Map<string, Set<string>>();
  for (const alias of aliases) {
    const key = normaliseText(alias.printed);
    const names = byPrinted.get(key) ?? new Set<string>();
    names.add(alias.name);
    byPrinted.set(key, names);
  }
  return (printed) => [printed, ...(byPrinted.get(normaliseText(printed)) ?? [])];
}
