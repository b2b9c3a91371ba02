import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HongScene } from '@qiming/contracts';
import { HONG_SCENES, rolePlaySystemText } from '../../../roleplay/index.js';
import { parseHongScore } from '@qiming/contracts';
import type { UpstreamEvent, UpstreamMessage } from '../types.js';
import { composeAnswer } from './composeAnswer.js';
import { faultMarker } from './faults.js';
import { OfflineModel } from './offlineModel.js';
import { rolePlayIn, rolePlayReply, scorePlayerMessage } from './rolePlay.js';

const sceneOf = (code: string) => HONG_SCENES.find((scene) => scene.code === code) ?? assert.fail(`no scene ${code}`);
/** The messages the gateway sends for a role-play turn: the user's system prompt, then the scene's text. */
const messagesFor = (scene: HongScene, player: string, history: UpstreamMessage[] = []): UpstreamMessage[] => [
  { role: 'system', content: `Take a deep breath and think step by step.\n\n${rolePlaySystemText(scene)}` },
  ...history,
  { role: 'user', content: player },
];
const reply = (scene: HongScene, player: string, model = 'gpt-4o') => composeAnswer({ messages: messagesFor(scene, player), catalogueModel: model, think: false, webSearch: false });
const SEEDS = Array.from({ length: 40 }, (_, i) => i * 7919);
/** The change over many seeds: its range is what the content decides. */
const changes = (message: string) => SEEDS.map((seed) => scorePlayerMessage(message, seed).change);

const SINCERE = [
  '对不起，是我错了，我不该忘记这么重要的日子。明天我请好假，带你去你最想去的那家餐厅补过纪念日。',
  '对不起，让你一个人等了那么久，你一定很难过吧，都怪我。',
  '是我不好，我太粗心了。以后每个纪念日我都设好提醒，再也不会忘了。',
  '抱歉，这件事是我的责任，我马上重新做方案，今天下班前发给客户。',
  '妈，对不起，是我不好，以后我每周都给你打电话。',
  '我错了',
];
const HURTFUL = [
  '多喝热水',
  '你也有错啊，为什么不提醒我',
  '又不是什么大事',
  '至于吗？',
  '至于吗，不就是一个纪念日',
  '有什么大不了的，你就是小题大做',
  '这能怪我吗？都是你没说清楚',
  '我也很忙啊，没办法',
  '哦',
  '嗯',
  '随便你吧',
  '好吧',
];
const NEUTRAL = ['我们能好好谈谈吗', '你吃饭了吗', '今天的天气挺好的', '我刚到家，在路上想了很久该怎么跟你说'];

describe('offline model: role-play (哄哄模拟器)', () => {
  it('plays only when the system message carries the score marker, in the voice of the scene partner', () => {
    assert.equal(rolePlayIn([{ role: 'system', content: '你是一个助手' }, { role: 'user', content: '你好' }]), null);
    assert.equal(rolePlayIn([{ role: 'user', content: '【原谅值】+10' }]), null, 'the marker counts in the system message only');
    const expected: Record<string, string> = { 女朋友: 'lover', 男朋友: 'lover', 老婆: 'lover', 老公: 'lover', 老板: 'boss', 妈妈: 'elder', 闺蜜: 'friend', 室友: 'friend' };
    for (const scene of HONG_SCENES) {
      const rolePlay = rolePlayIn(messagesFor(scene, '对不起'));
      assert.deepEqual(rolePlay, { partnerName: scene.partnerName, relation: expected[scene.partnerRole] }, scene.code);
    }
    // A system prompt of the user's own that mentions the marker still gets a reply in character.
    assert.deepEqual(rolePlayIn([{ role: 'system', content: '回复以【原谅值】结尾' }, { role: 'user', content: '对不起' }]), { partnerName: '', relation: 'friend' });
  });

  it('raises the score for a sincere apology, responsibility or a concrete plan (+10…+30)', () => {
    for (const message of SINCERE) {
      for (const change of changes(message)) assert.ok(change >= 10 && change <= 30, `${message}: ${change}`);
    }
    // More kinds of sincerity weigh more than a bare apology.
    assert.ok(Math.min(...changes(SINCERE[0]!)) > Math.max(...changes('我错了')), 'apology + responsibility + plan beats a bare 我错了');
  });

  it('lowers it for excuses, blaming, 又不是 / 你也 / 至于吗 / 多喝热水 and brush-offs (−5…−20)', () => {
    for (const message of HURTFUL) {
      for (const change of changes(message)) assert.ok(change <= -5 && change >= -20, `${message}: ${change}`);
    }
    assert.equal(scorePlayerMessage('多喝热水', 1).cue, 'hotWater');
    assert.equal(scorePlayerMessage('你也有错啊', 1).cue, 'youToo');
    assert.equal(scorePlayerMessage('又不是故意的', 1).cue, 'notLike');
    assert.equal(scorePlayerMessage('至于吗', 1).cue, 'overreact');
    assert.equal(scorePlayerMessage('哦', 1).cue, 'dismissive');
    assert.equal(scorePlayerMessage('我也很忙啊，没办法', 1).cue, 'excuse');
  });

  it('keeps neutral messages at +0…+8, and nets out an apology followed by an excuse', () => {
    for (const message of NEUTRAL) {
      for (const change of changes(message)) assert.ok(change >= 0 && change <= 8, `${message}: ${change}`);
    }
    const sorryBut = changes('对不起，但是我真的太忙了');
    assert.ok(Math.max(...sorryBut) < Math.min(...changes('对不起，是我不好')), 'the excuse costs what the apology earned');
    assert.equal(scorePlayerMessage('对不起，但是我真的太忙了', 1).cue, 'sorryBut');
  });

  it('answers in character in one to three sentences and ends every reply with a parseable score line', () => {
    const replies = new Set<string>();
    for (const scene of HONG_SCENES) {
      for (const message of [...SINCERE, ...HURTFUL, ...NEUTRAL]) {
        for (const model of ['gpt-4o', 'deepseek-chat']) {
          const answer = reply(scene, message, model);
          const [text, scoreLine, ...rest] = answer.content.split('\n\n');
          assert.equal(rest.length, 0, answer.content);
          assert.match(scoreLine!, /^【原谅值】[+-]\d{1,2}$/, answer.content);
          const score = parseHongScore(answer.content);
          assert.notEqual(score, null);
          assert.ok(score! >= -20 && score! <= 30, answer.content);
          const seedless = messagesFor(scene, message);
          assert.equal(answer.content, rolePlayReply(rolePlayIn(seedless)!, seedless, model), 'deterministic');
          // Sentences outside the quoted promise: 1 to 3.
          const sentences = text!.replace(/「[^」]*」/g, '').split(/[。！？!?]+/).filter((s) => s.trim() !== '');
          assert.ok(sentences.length >= 1 && sentences.length <= 3, answer.content);
          assert.match(text!, /[\u4e00-\u9fff]/);
          assert.doesNotMatch(answer.content, /离线演示|关于「|^#|```/m, 'no answer scaffolding');
          assert.deepEqual([answer.reasoning, answer.references, answer.followUps], ['', [], []]);
          replies.add(text!);
        }
      }
    }
    assert.ok(replies.size >= 40, `varied replies: ${replies.size}`);
  });

  it('reacts to what was said: a broken promise is quoted back, a boss answers like a boss', () => {
    const promise = reply(sceneOf('hong-anniversary'), '对不起，是我错了。明天我带你去吃那家日料，补过纪念日。').content;
    assert.match(promise, /「明天我带你去吃那家日料」——这可是你自己说的/);
    assert.match(reply(sceneOf('hong-anniversary'), '多喝热水').content, /热水/);
    const boss = reply(sceneOf('hong-missed-deadline'), '你也没提醒我截止时间啊').content;
    assert.match(boss, /^现在讨论的是你的工作失误/);
    assert.ok(parseHongScore(boss)! < 0);
  });

  it('streams only the reply and usage, even for think and web models, fault markers left out of the reply', async () => {
    const scene = sceneOf('hong-late-date');
    const events: UpstreamEvent[] = [];
    const model = new OfflineModel({ tokensPerSecond: 0, firstTokenDelayMs: 0 });
    const player = `对不起，是我不好，下次我提前出门 ${faultMarker('malformed-chunk')}`;
    for await (const event of model.stream({ model: 'x', catalogueModel: 'deepseek-reasoner', messages: messagesFor(scene, player), think: true, webSearch: true, maxOutputTokens: 4000, signal: new AbortController().signal })) {
      events.push(event);
    }
    const types = events.map((event) => event.type).filter((type, i, all) => type !== all[i - 1]);
    assert.deepEqual(types, ['content', 'malformedChunk', 'content', 'usage']);
    const content = events.flatMap((event) => (event.type === 'content' ? [event.text] : [])).join('');
    assert.ok(parseHongScore(content)! >= 10, content);
    assert.doesNotMatch(content, /fault/);
  });
});
