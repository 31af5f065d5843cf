import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chargingUnitsFollowingHospital } from '../../src/extract/hospital-name.js';

test('a charging unit read from the hospital name cell follows the repaired hospital name', () => {
  const read = { hospital_name: '石家中医院', charging_units: '石家中医院' };
  assert.equal(chargingUnitsFollowingHospital(read, { hospital_name: '石家庄中医院' }), '石家庄中医院');
});

test('a charging unit read from a cell of its own keeps its reading', () => {
  const read = { hospital_name: '石家中医院', charging_units: '河北省财政厅' };
  assert.equal(chargingUnitsFollowingHospital(read, { hospital_name: '石家庄中医院' }), '河北省财政厅');
});

test('a name found only by the re-read under the seal fills the 收款单位 cell that read nothing', () => {
  const read = { hospital_name: '', charging_units: '' };
  assert.equal(chargingUnitsFollowingHospital(read, { hospital_name: '杭州中医院' }), '杭州中医院');
});
