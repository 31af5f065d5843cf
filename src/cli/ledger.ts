/**
 * `meddoc ledger`: the operator's tools for the e-invoice ledger (docs/ledger.md).
 *
 *   meddoc ledger import FILE [--all-or-nothing]
 *   meddoc ledger mark NOTE_CODE NOTE_NO --status printed|red|voided|booked [--agency NAME --amount N --date ISO]
 *
 * Works on `<MEDDOC_DATA_DIR or ./data>/meddoc.db`.
 */
import { openDatabase } from '../store/db.js';
import { DEFAULT_IMPORT_CHUNK, LedgerError, LedgerImportError, MARK_STATUSES, importLedgerFile, markLedgerInvoice, type MarkStatusName } from '../store/ledger.js';
import { shanghaiDateTime } from '../verify/clock.js';
import { decimalToCents, isNoteCode, isNoteNo, normalizeDate } from '../verify/elements.js';
import { UsageError, fail, parseOptions } from './args.js';

const USAGE = `usage:
  meddoc ledger import FILE [--all-or-nothing]
      load invoices from JSON Lines (one invoice_standard_result + img_status + reim_agency_list
      per line); every line is checked first and a bad line loads nothing; written in transactions
      of 1000 invoices so B and C keep answering (an interrupted import is finished by running it
      again); --all-or-nothing writes one transaction that holds the database for the whole write;
      importing the same file again changes nothing
  meddoc ledger mark NOTE_CODE NOTE_NO --status printed|red|voided|booked [--agency NAME --amount N --date ISO]
      set a status marker; booked with --agency also records a reimbursement (Hebei's reim_agency_list)
database: <MEDDOC_DATA_DIR or ./data>/meddoc.db
`;

function dataDir(): string {
  const dir = process.env.MEDDOC_DATA_DIR;
  return dir !== undefined && dir !== '' ? dir : './data';
}

async function runImport(args: string[]): Promise<number> {
  const { positionals, values } = parseOptions(args, { 'all-or-nothing': { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError('ledger import needs exactly one FILE');
  const file = positionals[0] as string;
  const db = openDatabase(dataDir());
  const allOrNothing = values['all-or-nothing'] === true;
  let reported = 0;
  try {
    const summary = importLedgerFile(db, file, {
      chunkSize: allOrNothing ? 0 : DEFAULT_IMPORT_CHUNK,
      progressEvery: 5000,
      // Progress goes to stderr so a long import shows life, about every 5000 invoices.
      onProgress: (written, total) => {
        if (written - reported < 5000 && written < total) return;
        reported = written;
        process.stderr.write(`meddoc ledger: written ${written}/${total}\n`);
      },
    });
    process.stdout.write(
      `imported ${file}: ${summary.lines} invoices (${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} unchanged)\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof LedgerImportError) {
      process.stderr.write(`meddoc ledger: ${file} not imported, nothing loaded: line ${err.line}: ${err.problem}\n`);
      return 1;
    }
    throw err;
  } finally {
    db.close();
  }
}

function isStatusName(value: string): value is MarkStatusName {
  return Object.hasOwn(MARK_STATUSES, value);
}

async function runMark(args: string[]): Promise<number> {
  const { positionals, values } = parseOptions(args, {
    status: { type: 'string' },
    agency: { type: 'string' },
    amount: { type: 'string' },
    date: { type: 'string' },
  });
  if (positionals.length !== 2) throw new UsageError('ledger mark needs NOTE_CODE and NOTE_NO');
  const [noteCode, noteNo] = positionals as [string, string];
  if (!isNoteCode(noteCode)) throw new UsageError(`NOTE_CODE '${noteCode}' is not 8 digits`);
  if (!isNoteNo(noteNo)) throw new UsageError(`NOTE_NO '${noteNo}' is not 10 digits`);
  const statusName = values.status;
  if (statusName === undefined || !isStatusName(statusName)) throw new UsageError('--status must be printed, red, voided or booked');
  const status = MARK_STATUSES[statusName];
  const hasReimbursementOption = values.agency !== undefined || values.amount !== undefined || values.date !== undefined;
  if (hasReimbursementOption && statusName !== 'booked') throw new UsageError('--agency, --amount and --date go with --status booked');
  if (hasReimbursementOption && (values.agency === undefined || values.agency.trim() === '')) throw new UsageError('--agency NAME is needed');
  let reimbursement: { agency: string; amount: string; writeDate: string } | undefined;
  if (values.agency !== undefined) {
    const amountText = values.amount ?? '';
    const cents = decimalToCents(amountText);
    if (cents === null) throw new UsageError('--amount must be a decimal amount, like 120.50');
    const dateText = values.date;
    let writeDate: string;
    if (dateText === undefined) writeDate = shanghaiDateTime(new Date());
    else if (normalizeDate(dateText) !== null) writeDate = normalizeDate(dateText) as string;
    else if (!Number.isNaN(Date.parse(dateText)) && /^\d{4}-\d{2}-\d{2}T/.test(dateText)) writeDate = shanghaiDateTime(new Date(dateText));
    else throw new UsageError('--date must be an ISO date (YYYY-MM-DD) or date-time');
    reimbursement = { agency: values.agency.trim(), amount: (cents / 100).toFixed(2), writeDate };
  }
  const db = openDatabase(dataDir());
  try {
    const result = markLedgerInvoice(db, noteCode, noteNo, status, reimbursement);
    const parts = [result.markerAdded ? `marked ${status}` : `already ${status}`];
    if (reimbursement) parts.push(result.reimbursementAdded ? 'reimbursement recorded' : 'reimbursement already recorded');
    process.stdout.write(`${noteCode}/${noteNo}: ${parts.join(', ')}\n`);
    return 0;
  } catch (err) {
    if (err instanceof LedgerError) return fail(err.message);
    throw err;
  } finally {
    db.close();
  }
}

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    if (sub === 'import') return await runImport(rest);
    if (sub === 'mark') return await runMark(rest);
    if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
      process.stdout.write(USAGE);
      return sub === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown ledger command '${sub}'`);
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message}\n\n${USAGE}`);
    throw err;
  }
}
