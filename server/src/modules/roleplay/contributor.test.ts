import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StreamRequestBody } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';
import { chatBody } from '../../testing/chatStream.js';
import { rolePlayContributor, UNKNOWN_SCENE_MESSAGE } from './contributor.js';
import { HONG_SCORE_MARKER } from '@qiming/contracts';
import { HONG_SCENES } from './scenes.js';
import { rolePlaySystemText } from './systemText.js';

const request = (body: Partial<StreamRequestBody>) => ({ userId: 'u1', body: chatBody(body) });

describe('role-play context contributor', () => {
  it('adds the scene text only with useHong and a known scene code', async () => {
    assert.equal(rolePlayContributor.name, 'roleplay');
    for (const scene of HONG_SCENES) {
      const contribution = await rolePlayContributor.contribute(request({ useHong: true, intelligentCode: scene.code }));
      assert.deepEqual(contribution, { system: rolePlaySystemText(scene) });
    }
    for (const body of [{ useHong: false, intelligentCode: 'hong-anniversary' }, { useHong: false, intelligentCode: null }, { useHong: true, intelligentCode: 'hong-no-such-scene' }, { useHong: true, intelligentCode: null }]) {
      assert.equal(await rolePlayContributor.contribute(request(body)), null, JSON.stringify(body));
    }
  });

  it('refuses useHong with an unknown or missing code in Chinese, and lets everything else through', async () => {
    for (const intelligentCode of ['hong-no-such-scene', 'gpt-4-gizmo-g-abc', '', null]) {
      await assert.rejects(async () => rolePlayContributor.check!(request({ useHong: true, intelligentCode })), (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.deepEqual([error.code, error.message, error.httpStatus], [400, UNKNOWN_SCENE_MESSAGE, 200]);
        return true;
      });
    }
    await rolePlayContributor.check!(request({ useHong: true, intelligentCode: 'hong-anniversary' }));
    await rolePlayContributor.check!(request({ useHong: false, intelligentCode: 'gpt-4-gizmo-g-abc' }));
  });

  it('the scene text names the partner, the situation and the opening, and asks for the exact score line', () => {
    const scene = HONG_SCENES.find((s) => s.code === 'hong-missed-deadline')!;
    const text = rolePlaySystemText(scene);
    assert.ok(text.includes('你扮演「王总」，是用户的老板。'));
    assert.ok(text.includes(scene.scene) && text.includes(scene.opening));
    assert.ok(text.includes(`${HONG_SCORE_MARKER}+N 或 ${HONG_SCORE_MARKER}-N`));
    assert.match(text, /\n【原谅值】\+12$/, 'ends with an example of the line');
    for (const words of ['又不是', '你也', '至于吗', '多喝热水', '10 次机会', '达到 100']) assert.ok(text.includes(words), words);
  });
});
