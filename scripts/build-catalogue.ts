/**
 * Builds data/catalogue.json, the insurance drug catalogue the extractor matches detail names
 * against, from the official NHSA PDF 《国家基本医疗保险、工伤保险和生育保险药品目录（2024年）》
 * (../shared/data/deep2code__doctor-agent/medins-2024.pdf).
 *
 *   npm run build:catalogue [-- <pdf> [<out.json>]]
 *
 * Needs `pdftotext` from poppler (Debian/Ubuntu: `apt-get install -y poppler-utils`; macOS:
 * `brew install poppler`) to run; the generated JSON is committed, so the service needs nothing.
 *
 * Rows are read from the PDF's layout text: a row is `甲|乙  number  name  [form]  [note]`. Names
 * that the PDF wraps over lines are re-joined from the lines above and below at the name column.
 * 中成药 names listing forms in brackets (感冒清热颗粒(片、胶囊)) become one name per form. The
 * counts of numbered entries are checked against the 凡例 (1398 西药, 1336 中成药, 425 谈判).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, dataFile } from '../src/util/paths.js';

const DEFAULT_PDF = join(PROJECT_ROOT, '..', 'shared', 'data', 'deep2code__doctor-agent', 'medins-2024.pdf');
const EXPECTED: Readonly<Record<string, number>> = { 西药: 1398, 中成药: 1336, 谈判: 425 };

type Section = '西药' | '中成药' | '谈判西药' | '谈判中成药' | '中药饮片';

interface Entry {
  name: string;
  grade: string;
  section: Section;
}

function pdfToText(pdf: string): string {
  try {
    return execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('pdftotext not found: install poppler (Debian/Ubuntu: apt-get install -y poppler-utils; macOS: brew install poppler)');
    }
    throw e;
  }
}

const GRADE_ROW = /^(\s*)(甲|乙)\s+(★?\s*\(?\s*\d+\s*\)?)(\s*)(.*)$/;
const CLASS_ROW = /^\s*[XZ][A-Z]\d/;
const PAGE_ROW = /^\s*第\s*\d+\s*页\s*$/;
const forms: string[] = (JSON.parse(readFileSync(dataFile('drug-name-forms.json'), 'utf8')) as { formSuffixes: string[] }).formSuffixes
  .sort((a, b) => b.length - a.length);

/** The text of a line that starts near a column, up to the next wide gap. */
function fragmentAt(line: string, col: number): string {
  if (!line || GRADE_ROW.test(line) || CLASS_ROW.test(line) || PAGE_ROW.test(line)) return '';
  const from = Math.max(0, col - 3);
  const m = /^\s*(\S+(?: \S+)*)/.exec(line.slice(from));
  if (!m) return '';
  const start = from + line.slice(from).indexOf(m[1]!);
  if (Math.abs(start - col) > 3) return '';
  return m[1]!.split(/\s{2,}/)[0]!;
}

function endsWithForm(s: string): boolean {
  return forms.some((f) => s.endsWith(f)) || /\)$/.test(s);
}

/** 感冒清热颗粒(片、胶囊) -> 感冒清热颗粒, 感冒清热片, 感冒清热胶囊; 甲(乙) aliases -> both. */
function expand(name: string): string[] {
  const m = /^(.+?)\(([^()]+)\)$/.exec(name);
  if (!m) return [name];
  const base = m[1]!;
  const parts = m[2]!.split(/[、,，]/).map((p) => p.trim()).filter(Boolean);
  if (parts.every((p) => forms.includes(p))) {
    const form = forms.find((f) => base.endsWith(f) && base.length > f.length);
    const stem = form ? base.slice(0, -form.length) : base;
    return [base, ...parts.map((p) => stem + p)];
  }
  return [base, ...parts.filter((p) => /[\u4e00-\u9fff]{2,}/.test(p))];
}

function parse(text: string): { entries: Entry[]; numbered: Record<string, Set<string>> } {
  const lines = text.split('\n');
  const entries: Entry[] = [];
  const numbered: Record<string, Set<string>> = { 西药: new Set(), 中成药: new Set(), 谈判: new Set() };
  let section: Section | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (t.includes('....')) continue; // table of contents
    if (t === '西药部分') section = '西药';
    else if (t === '中成药部分') section = '中成药';
    else if (t === '协议期内谈判药品部分') section = '谈判西药';
    else if (section?.startsWith('谈判') && /^[（(]二[)）]中成药/.test(t)) section = '谈判中成药';
    else if (/^中药饮片部分$|^五、中药饮片部分$/.test(t)) section = '中药饮片';
    if (!section) continue;
    if (section === '中药饮片') {
      for (const m of t.matchAll(/(?:^|\s)(\d{1,4})\s+([\u4e00-\u9fff][\u4e00-\u9fff()（）、]*)/g)) {
        entries.push({ name: m[2]!, grade: '', section });
      }
      continue;
    }
    const g = GRADE_ROW.exec(line);
    if (!g) continue;
    const col = g[1]!.length + g[2]!.length + line.slice(g[1]!.length + g[2]!.length).indexOf(g[3]!) + g[3]!.length + g[4]!.length;
    const cells = g[5]!.split(/\s{2,}/);
    let name = g[5]!.length > 0 && !/^(限|\d|\*)/.test(g[5]!) ? cells[0]! : '';
    const above = fragmentAt(lines[i - 1] ?? '', col);
    const below = fragmentAt(lines[i + 1] ?? '', col);
    const names: string[] = [];
    if (name === '') {
      if (above && below && endsWithForm(above) && endsWithForm(below) && !/^\(/.test(below)) names.push(above, below);
      else names.push(above + below);
    } else {
      if (below && !endsWithForm(name) && !GRADE_ROW.test(lines[i + 1] ?? '')) name += below;
      else if (below && /^\(/.test(below)) name += below;
      names.push(name);
    }
    const number = g[3]!.replace(/\s+/g, '');
    // 谈判 numbers restart at 1 for its 中成药 part: keyed by sub-section.
    if (!number.startsWith('★')) numbered[section.startsWith('谈判') ? '谈判' : section]!.add(`${section}:${number}`);
    for (const n of names) {
      const clean = n.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');
      if (!/[\u4e00-\u9fff]{2,}/.test(clean)) continue;
      for (const v of expand(clean)) entries.push({ name: v, grade: g[2]!, section });
    }
  }
  return { entries, numbered };
}

function main(): void {
  const pdf = process.argv[2] ?? DEFAULT_PDF;
  const out = process.argv[3] ?? dataFile('catalogue.json');
  const { entries, numbered } = parse(pdfToText(pdf));
  const seen = new Set<string>();
  const unique = entries.filter((e) => {
    const k = `${e.section}|${e.name}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  let ok = true;
  for (const [section, expected] of Object.entries(EXPECTED)) {
    const got = numbered[section]!.size;
    const off = Math.abs(got - expected) / expected;
    console.log(`${section}: ${got} numbered entries (凡例: ${expected})${off > 0.02 ? '  <- check the parser' : ''}`);
    // Known gap: some 谈判 rows whose number cell is wrapped by the PDF are missed (404 of 425).
    if (off > 0.1) ok = false;
  }
  const bySection = new Map<string, number>();
  for (const e of unique) bySection.set(e.section, (bySection.get(e.section) ?? 0) + 1);
  console.log(`names written: ${unique.length} (${[...bySection].map(([s, n]) => `${s} ${n}`).join(', ')})`);
  writeFileSync(out, JSON.stringify({
    $comment: 'Generated by scripts/build-catalogue.ts from the NHSA 2024 national drug catalogue PDF; do not edit by hand.',
    source: '国家基本医疗保险、工伤保险和生育保险药品目录（2024年）',
    entries: unique,
  }) + '\n');
  if (!ok) process.exitCode = 1;
}

main();
