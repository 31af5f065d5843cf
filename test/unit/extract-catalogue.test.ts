import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalogue, editDistance, loadForms, nationalCatalogue } from '../../src/extract/catalogue.js';

const small = new Catalogue([
  { name: '左氧氟沙星', grade: '甲', section: '西药' },
  { name: '阿莫西林', grade: '甲', section: '西药' },
  { name: '阿莫西林克拉维酸钾', grade: '乙', section: '西药' },
  { name: '感冒清热颗粒', grade: '甲', section: '中成药' },
  { name: '双黄连口服液', grade: '甲', section: '中成药' },
]);

test('edit distance', () => {
  assert.equal(editDistance('头孢克肟', '头抱克肟'), 1);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('abc', 'abc'), 0);
});

test('matching tolerates salts, dosage forms and one misread character', () => {
  assert.equal(small.match('盐酸左氧氟沙星注射液')?.name, '左氧氟沙星');
  assert.equal(small.match('阿莫西林胶囊')?.name, '阿莫西林');
  assert.equal(small.match('阿莫西林克拉维酸钾片')?.name, '阿莫西林克拉维酸钾', 'the longer exact drug wins');
  assert.equal(small.match('感冒清热胶囊')?.name, '感冒清热颗粒', 'same product in another form');
  assert.equal(small.match('双黄连口服夜')?.name, '双黄连口服液');
  assert.equal(small.match('左氧氟沙里片')?.name, '左氧氟沙星');
});

test('below the threshold the name stays unmatched', () => {
  assert.equal(small.match('血常规检查'), null);
  assert.equal(small.match('床位费'), null);
  assert.equal(small.match('药'), null);
});

test('the built national catalogue holds the three graded parts', () => {
  const cat = nationalCatalogue();
  assert.ok(cat.size > 2500, `catalogue has ${cat.size} names`);
  assert.equal(cat.match('阿莫西林胶囊')?.grade, '甲');
  assert.equal(cat.match('盐酸左氧氟沙星氯化钠注射液')?.name.includes('左氧氟沙星'), true);
});

test('correct: a character OCR lost from a generic name is put back when one catalogue key fits', () => {
  const cat = new Catalogue([
    { name: '血府逐瘀胶囊', grade: '甲', section: '中成药' },
    { name: '头孢克肟', grade: '乙', section: '西药' },
    { name: '头孢克洛', grade: '乙', section: '西药' },
    { name: '缬沙坦', grade: '甲', section: '西药' },
    { name: '氯沙坦', grade: '乙', section: '西药' },
  ]);
  assert.equal(cat.correct('血府逐胶囊'), '血府逐瘀胶囊');
  assert.equal(cat.correct('血府逐瘀胶囊'), null, 'a name read right stays');
});

test('correct: of several keys a name is one character short of, the one missing a character the recogniser drops wins', () => {
  const entries = [
    { name: '头孢克肟', grade: '乙', section: '西药' },
    { name: '头孢克洛', grade: '乙', section: '西药' },
    { name: '缬沙坦', grade: '甲', section: '西药' },
    { name: '氯沙坦', grade: '乙', section: '西药' },
    { name: '呋塞米', grade: '甲', section: '西药' },
  ];
  const forms = loadForms();
  const cat = new Catalogue(entries, { ...forms, lostChars: new Set(['肟', '缬', '呋']) });
  assert.equal(cat.correct('头孢克分散片'), '头孢克肟分散片', '洛 is read, 肟 dropped');
  assert.equal(cat.correct('沙坦胶囊'), '缬沙坦胶囊', 'a lost first character the recogniser drops');
  assert.equal(cat.correct('塞米注射液'), '呋塞米注射液');
  assert.equal(cat.correct('头孢克洛胶囊'), null, 'a name read right stays');
  const none = new Catalogue(entries, { ...forms, lostChars: new Set<string>() });
  assert.equal(none.correct('头孢克分散片'), null, 'short of 头孢克肟 and of 头孢克洛, neither dropped');
  assert.equal(none.correct('沙坦胶囊'), null, 'a lost first character is not guessed');
  const both = new Catalogue(entries, { ...forms, lostChars: new Set(['肟', '洛']) });
  assert.equal(both.correct('头孢克分散片'), null, 'both missing characters are dropped ones: left as read');
});

test('correct: a stray character before a generic name followed by its salt is dropped', () => {
  const cat = new Catalogue([
    { name: '阿托伐他汀', grade: '甲', section: '西药' },
    { name: '左氧氟沙星', grade: '甲', section: '西药' },
    { name: '氧氟沙星', grade: '甲', section: '西药' },
  ]);
  assert.equal(cat.correct('内阿托伐他汀钙片'), '阿托伐他汀钙片');
  assert.equal(cat.correct('左氧氟沙星氯化钠注射液'), null, 'a name that starts with a key keeps its first character');
  assert.equal(cat.correct('阿托伐他汀钙片'), null);
});

test('correct: a three-character generic name with one character misread is put right only on a drug name', () => {
  const cat = new Catalogue([
    { name: '甘露醇', grade: '甲', section: '西药' },
    { name: '呋塞米', grade: '甲', section: '西药' },
    { name: '托拉塞米', grade: '乙', section: '西药' },
    { name: '头孢克肟', grade: '乙', section: '西药' },
    { name: '头孢克洛', grade: '乙', section: '西药' },
  ]);
  assert.equal(cat.correct('甘露酵注射液'), '甘露醇注射液');
  assert.equal(cat.correct('陕塞米注射液'), '呋塞米注射液');
  assert.equal(cat.correct('甘露酵'), null, 'no dosage form: no drug is named for sure');
  assert.equal(cat.correct('甘露醇注射液'), null, 'a name read right stays');
  const two = new Catalogue([{ name: '甘露醇', grade: '甲', section: '西药' }, { name: '甘露糖', grade: '乙', section: '西药' }]);
  assert.equal(two.correct('甘露酵注射液'), null, 'one character from two keys: left as read');
});

test('correct: a name read as one or two characters gets back the last character the recogniser drops', () => {
  const entries = [
    { name: '川芎', grade: '', section: '中药饮片' },
    { name: '川贝母', grade: '', section: '中药饮片' },
    { name: '川牛膝', grade: '', section: '中药饮片' },
  ];
  const forms = loadForms();
  const cat = new Catalogue(entries, { ...forms, lostChars: new Set(['芎']) });
  assert.equal(cat.correct('川'), '川芎');
  assert.equal(cat.correct('川芎'), null);
  const none = new Catalogue(entries, { ...forms, lostChars: new Set<string>() });
  assert.equal(none.correct('川'), null, 'which of 川芎 / 川贝母 / 川牛膝 is not guessed');
});
