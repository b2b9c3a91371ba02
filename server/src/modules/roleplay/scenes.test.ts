import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findHongScene, HONG_SCENES } from './scenes.js';

const length = (text: string) => [...text].length;
/** Sentences of a text: runs ending in 。！？ (quoted speech inside counts with its sentence). */
const sentences = (text: string) => text.replace(/“[^”]*”/g, '“”').split(/[。！？]+/).filter((s) => s.trim() !== '');

describe('哄哄模拟器 scenes (spec chat §1, §3 hongScene, §4 forgiveness game)', () => {
  it('has eight to ten scenes with unique hong- codes and unique titles', () => {
    assert.ok(HONG_SCENES.length >= 8 && HONG_SCENES.length <= 10, `${HONG_SCENES.length} scenes`);
    assert.equal(new Set(HONG_SCENES.map((s) => s.code)).size, HONG_SCENES.length);
    assert.equal(new Set(HONG_SCENES.map((s) => s.title)).size, HONG_SCENES.length);
    for (const scene of HONG_SCENES) assert.match(scene.code, /^hong-[a-z]+(-[a-z]+)*$/, scene.code);
  });

  it('writes every scene fully in Chinese: a short title, a 1–3 sentence situation, the partner and an upset opening line', () => {
    for (const scene of HONG_SCENES) {
      const { code, title, partnerName, partnerRole, opening } = scene;
      assert.deepEqual(Object.keys(scene).sort(), ['code', 'maxTries', 'opening', 'partnerName', 'partnerRole', 'scene', 'target', 'title'], code);
      assert.ok(length(title) >= 4 && length(title) <= 12, `${code} title: ${title}`);
      const situation = sentences(scene.scene).length;
      assert.ok(situation >= 1 && situation <= 3, `${code}: ${situation} sentences`);
      assert.ok(length(scene.scene) <= 90, `${code}: situation of ${length(scene.scene)} characters`);
      assert.ok(length(partnerName) >= 1 && length(partnerName) <= 4, code);
      assert.match(partnerRole, /^[\u4e00-\u9fff]{2,3}$/, code);
      assert.ok(length(opening) >= 10 && length(opening) <= 60, `${code} opening`);
      assert.match(opening, /[？！]$/, `${code}: the opening is a reproach`);
      for (const text of [title, scene.scene, partnerName, partnerRole, opening]) assert.match(text, /^[^\n]*[\u4e00-\u9fff][^\n]*$/, code);
      assert.deepEqual([scene.maxTries, scene.target], [10, 100], code);
    }
  });

  it('varies the partner: lovers of both sexes, a parent, a boss and friends', () => {
    const roles = new Set(HONG_SCENES.map((s) => s.partnerRole));
    for (const role of ['女朋友', '男朋友', '老婆', '老公', '老板', '妈妈']) assert.ok(roles.has(role), role);
    assert.ok(roles.size >= 7);
  });

  it('finds a scene by its code only', () => {
    assert.equal(findHongScene('hong-anniversary')?.partnerName, '小雨');
    for (const code of [null, undefined, '', 'hong-', 'HONG-ANNIVERSARY', 'gpt-4-gizmo-g-123', 'constructor', '__proto__']) assert.equal(findHongScene(code), undefined, String(code));
  });
});
