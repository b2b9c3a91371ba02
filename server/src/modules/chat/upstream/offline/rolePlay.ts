import { HONG_SCORE_MARKER, hongScoreLine } from '@qiming/contracts';
import type { UpstreamMessage } from '../types.js';
import { withoutFaultMarkers } from './faults.js';
import { short } from './text.js';
import { hashText, mix, pick } from './variation.js';

/**
 * 哄哄模拟器 in the offline model: when the system message carries the score marker (the roleplay
 * module's scene text), the answer is the partner's short, in-character reply to the player's
 * last message, scored by its content, and the score line.
 */

/** Whose voice the reply takes: the scene's partnerRole, by kind. */
export type Relation = 'lover' | 'elder' | 'boss' | 'friend';

export interface RolePlay {
  partnerName: string;
  relation: Relation;
}

type Mood = 'furious' | 'annoyed' | 'unmoved' | 'softening' | 'touched';

/** What in the player's message moved the score down (the strongest one answers first). */
export type Cue = 'hotWater' | 'youToo' | 'notLike' | 'overreact' | 'blame' | 'dismissive' | 'sorryBut' | 'excuse';

export interface PlayerScore {
  /** The forgiveness change, −20…+30. */
  change: number;
  /** The cue the reply reacts to, if any. */
  cue?: Cue;
  /** The make-up plan the player promised, quoted back when it worked. */
  plan?: string;
}

// The scene text's persona line: 你扮演「小雨」，是用户的女朋友。 (roleplay/systemText.ts)
const PERSONA = /你扮演「([^」]+)」，是用户的([^。\n]+)。/;

const RELATIONS: Array<[Relation, RegExp]> = [
  ['lover', /女朋友|男朋友|老婆|老公|妻子|丈夫|对象|未婚妻|未婚夫|爱人/],
  ['elder', /妈|爸|婆婆|公公|岳母|岳父|奶奶|爷爷|外婆|外公|姥姥|姥爷|长辈/],
  ['boss', /老板|领导|上司|经理|主管|总监|老师/],
];

/** The role-play a request asks for (its system message carries the score marker), else null. */
export function rolePlayIn(messages: readonly UpstreamMessage[]): RolePlay | null {
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  if (!system.includes(HONG_SCORE_MARKER)) return null;
  const [, partnerName = '', role = ''] = PERSONA.exec(system) ?? [];
  const relation = RELATIONS.find(([, pattern]) => pattern.test(role))?.[0] ?? 'friend';
  return { partnerName, relation };
}

// ---- scoring ------------------------------------------------------------------------------------

/** Each kind of sincerity counts once: an apology, taking the blame, a concrete plan, empathy. */
const SINCERE: readonly RegExp[] = [
  /对不起|抱歉|我错了|是我不好|不好意思|原谅我|道歉|sorry/i,
  /我的错|(?<![能还又])怪我(?![吗咯喽啰?？])|我不该|我不应该|我没(有)?(做好|考虑|注意|顾及|照顾|当回事|放在心上)|我太(粗心|大意|自私|过分|不懂事|马虎)|我反省|我检讨|我承认|我的责任|全(是|怪)我/,
  /我(现在就|马上|立刻|这就|明天|今晚|周末|下班后?|以后|保证|一定|会(改|注意|记住|补|好好|弥补|做到|陪|带|准时|提前))|以后(一定|每|再也|都)|下次|补(给|上|过|偿|办|一个|回来)|[订定](好|了)|请你(吃|去|看)|带你|陪你|给你(买|做|准备|煮|写|带|赔)|再也不|一定(会|改)|[设定](了|好)?(提醒|闹钟)|日历|从今(天|以后)|重新(做|写|订|安排|准备)/,
  /你(一定|肯定)?(很|有多|多)?(难过|伤心|失望|委屈|生气|着急|辛苦|尴尬|担心|难受)|让你(失望|伤心|难过|担心|等|受委屈|一个人|下不来台|为难|操心)|委屈你了|辛苦你了|你说得对|我理解|我明白|心疼|你的感受|换(作|成)是我/,
];
const PLAN = SINCERE[2]!;

/** Blame and brushing off, strongest first. */
const BLAME: Array<[Cue, RegExp]> = [
  ['hotWater', /多喝(点)?热水/],
  ['youToo', /你也|你不也|你自己(也|还)/],
  ['notLike', /又不是/],
  ['overreact', /至于吗|至于嘛|至于么|小题大做|有什么大不了|多大点事|无理取闹|矫情|想多了|玻璃心/],
  ['blame', /怪你|还不是因为你|都是你|你怎么(不|也|老|总)|你(总是|老是)|烦不烦|别闹了|行了吧|够了没|不就是/],
];
const EXCUSES = /但是|可是|不过|太忙|忙(死|坏|晕|得)|没办法|不是故意|没想到|我以为|谁知道|又没|我也(很|是|不)|没时间|堵车|临时|手机没电|没看到|没听见|睡着了/g;
/** Brushing the partner off, at any length (a reply of three characters or fewer is one too). */
const BRUSH_OFF = /随便|随你|呵呵|无语|那又怎样|所以呢|爱咋咋|你开心就好|知道了|嗯嗯|哦哦|^(ok|okay|好的|好吧|行吧)$/i;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The player's message without fault markers, punctuation and spaces (what "short" is measured on). */
const bare = (text: string) => withoutFaultMarkers(text).replace(/[\s\p{P}\p{S}]/gu, '');

/**
 * Scores the player's message by its content: a sincere apology, taking responsibility, a concrete
 * make-up plan and empathy raise it (+10…+30, more kinds and more words, more); excuses, blaming,
 * 又不是 / 你也 / 至于吗 / 多喝热水 or a short brush-off lower it (−5…−20); anything else is
 * neutral (+0…+8). Mixed messages net out. Deterministic: variation comes from `seed`.
 */
export function scorePlayerMessage(message: string, seed: number): PlayerScore {
  const text = withoutFaultMarkers(message);
  const length = [...bare(text)].length;
  const sincere = SINCERE.filter((pattern) => pattern.test(text)).length;
  const blames = BLAME.filter(([, pattern]) => pattern.test(text)).map(([cue]) => cue);
  const excuses = Math.min(2, new Set(text.match(EXCUSES) ?? []).size);
  const dismissive = sincere === 0 && (length <= 3 || BRUSH_OFF.test(bare(text)));

  const gain = sincere === 0 ? 0 : 10 + 6 * (sincere - 1) + (length >= 30 ? 2 : 0) + (length >= 60 ? 2 : 0) + (mix(seed, 1) % 3);
  const loss = blames.length * 9 + excuses * 5 + (dismissive ? 10 : 0) + (mix(seed, 2) % 3);
  const hurt = blames.length > 0 || excuses > 0 || dismissive;

  let change: number;
  if (!gain && !hurt) change = (mix(seed, 3) % 6) + (length >= 12 ? 2 : 0);
  else if (!gain) change = -clamp(loss, 5, 20);
  else change = clamp(hurt ? gain - loss : gain, -20, 30);

  const cue: Cue | undefined = blames[0] ?? (dismissive ? 'dismissive' : excuses ? (sincere ? 'sorryBut' : 'excuse') : undefined);
  const plan = change >= 10 ? planIn(text) : undefined;
  return { change, ...(cue ? { cue } : {}), ...(plan ? { plan } : {}) };
}

/** The clause of the message that promises something, short enough to quote. */
function planIn(text: string): string | undefined {
  const clause = text
    .split(/[，,。！!？?；;\n]/)
    .map((part) => part.replace(/[「」『』“”"]/g, '').trim())
    .find((part) => PLAN.test(part) && [...part].length >= 4);
  return clause ? short(clause, 18) : undefined;
}

// ---- the reply ----------------------------------------------------------------------------------

const moodOf = (change: number): Mood => (change <= -10 ? 'furious' : change < 0 ? 'annoyed' : change < 10 ? 'unmoved' : change < 20 ? 'softening' : 'touched');

/** At most two sentences each: a reply is one of these and at most one follow line. */
const MOOD_LINES: Record<Relation, Record<Mood, string[]>> = {
  lover: {
    furious: ['你还好意思这么说？我真的对你太失望了。', '行，你就继续这样吧，我不想理你了。', '我越听越生气，你根本不知道自己错在哪儿。'],
    annoyed: ['哼，你就不能好好说句话吗？', '你这么说，我心里更堵了。', '我要的不是解释，是你的态度。'],
    unmoved: ['然后呢？你就打算这么算了？', '我还在生气呢，你自己好好想想。', '就这些？我可没那么容易消气。'],
    softening: ['……好吧，听你这么说，我心里稍微好受一点了。', '哼，算你还有点良心。', '这还差不多，不过我还没完全原谅你。'],
    touched: ['你……你这么说，我都不知道该怎么生气了。', '好啦好啦，看你这么认真，我气消了一大半。', '讨厌，你这样说我都快哭了。'],
  },
  elder: {
    furious: ['你这孩子，怎么越说越不像话了？', '我辛辛苦苦为了谁？你就这么跟我说话？', '算了，我说什么你都听不进去。'],
    annoyed: ['你这话说的，我听着心里真不是滋味。', '唉，说你两句，你还有理了。', '我不是要听你找理由。'],
    unmoved: ['嗯，你接着说，我听着呢。', '你呀，总是这样。', '唉，你让我说你什么好。'],
    softening: ['这还像句话。', '行，知道错就好，我也不是非要跟你计较。', '听你这么说，我心里舒服点了。'],
    touched: ['哎，你能这么想，我心里就踏实了。', '好孩子，这次就不跟你计较了。', '你这孩子……说得我眼眶都热了。'],
  },
  boss: {
    furious: ['这就是你的解释？我要的是结果，不是理由。', '你这个态度，让我很难再把重要的事交给你。', '我现在不想听任何借口。'],
    annoyed: ['推卸责任解决不了问题。', '我不关心过程，我关心怎么补救。', '这些话留着跟客户解释吧。'],
    unmoved: ['嗯，然后呢？具体方案是什么？', '说重点，这件事怎么收尾？', '我还没听到你打算怎么做。'],
    softening: ['态度还可以，但我要看到行动。', '好，这个思路可以，抓紧落实。', '至少你没有推卸责任。'],
    touched: ['行，这次的处理我认可，下不为例。', '能主动担责任、拿出方案，这一点我看到了。', '好，就按你说的办，我再相信你一次。'],
  },
  friend: {
    furious: ['你还好意思说这种话？我真是看错你了。', '行，算我白信你了。', '你再这样说，我们就没什么好聊的了。'],
    annoyed: ['你这话听着就让人火大。', '我不想听这些，我只想知道你到底怎么想的。', '你觉得这样说有用吗？'],
    unmoved: ['嗯，然后呢？', '我还没消气，你自己看着办吧。', '就这？我还以为你会多说两句。'],
    softening: ['好吧，你这么说，我心里舒服点了。', '行，算你还有点诚意。', '这还像句人话。'],
    touched: ['你都这么说了，我还能怎么样呢。', '行了行了，这次就原谅你。', '唉，谁让我们认识这么多年了。'],
  },
};

/** One sentence each, after the first line (negative moods share theirs). */
const FOLLOW_LINES: Record<Relation, Record<'negative' | 'unmoved' | 'softening' | 'touched', string[]>> = {
  lover: {
    negative: ['你再好好想想，到底错在哪儿。', '今天你不说清楚，就别想我理你。'],
    unmoved: ['你倒是说说，打算怎么补偿我？', '光嘴上说说可不够。'],
    softening: ['接下来就看你的表现了。', '下不为例，听见没有？'],
    touched: ['以后可不许再这样了。', '那……你过来抱抱我。'],
  },
  elder: {
    negative: ['你自己好好想想吧。', '别让我再操心了。'],
    unmoved: ['光说好听的没用，我要看你怎么做。', '有这份心，就拿出行动来。'],
    softening: ['以后多上点心，啊？', '下次可不能再这样了。'],
    touched: ['有空常回来看看。', '好了好了，不说这个了。'],
  },
  boss: {
    negative: ['你先回去想清楚再来找我。', '再出这种问题，你自己掂量。'],
    unmoved: ['给我一个时间节点。', '我要的是能落地的方案。'],
    softening: ['今天下班前给我一个书面计划。', '有进展随时跟我同步。'],
    touched: ['去忙吧。', '吸取教训，下不为例。'],
  },
  friend: {
    negative: ['你自己好好反省一下。', '别让我更失望了。'],
    unmoved: ['你打算怎么弥补？', '说点实际的吧。'],
    softening: ['下次可别再这样了。', '接下来就看你怎么做了。'],
    touched: ['回头请我吃顿好的。', '下不为例啊。'],
  },
};

/** What a promise quoted back is held to. */
const PROMISE_HELD: Record<Relation, string> = {
  lover: '要是做不到，你就等着瞧吧',
  elder: '可别又是说说而已',
  boss: '到时候做不到，后果你清楚',
  friend: '要是做不到，看我怎么收拾你',
};

const CUE_LINES: Record<Cue, string[]> = {
  hotWater: ['多喝热水？你是认真的吗？', '又是多喝热水，你就只会这一句？'],
  youToo: ['现在说的是你的问题，别往我身上扯。', '“你也”？所以错的反倒是我了？'],
  notLike: ['“又不是”？你是觉得这件事根本不重要是吧？', '又不是什么？你把话说完。'],
  overreact: ['至于！对我来说就是至于！', '你觉得不至于，是因为受委屈的不是你。'],
  blame: ['你还反过来怪我？', '这种话你也说得出口？'],
  dismissive: ['就这？你连多说一句都不愿意？', '你就这么敷衍我？'],
  sorryBut: ['道歉我听到了，可你后面那些理由让我更生气。', '你到底是在道歉，还是在找理由？'],
  excuse: ['别找借口了，我只想听你认错。', '理由我听够了。'],
};

/** A boss does not take it personally: the work is what matters. */
const BOSS_CUE_LINES: Partial<Record<Cue, string[]>> = {
  youToo: ['现在讨论的是你的工作失误，不是我。'],
  overreact: ['这件事有多严重，你心里没数吗？'],
  blame: ['出了问题先找别人的原因，这不是我想看到的。'],
  excuse: ['理由我不听，我只看结果。'],
};

function followGroup(mood: Mood): 'negative' | 'unmoved' | 'softening' | 'touched' {
  return mood === 'furious' || mood === 'annoyed' ? 'negative' : mood;
}

/**
 * The partner's reply to the player's last message: one or two in-character lines (1–3
 * sentences), then a blank line and the score line. Pure and deterministic: the same messages
 * and model give the same reply.
 */
export function rolePlayReply(rolePlay: RolePlay, messages: readonly UpstreamMessage[], catalogueModel: string): string {
  const player = messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  const seed = hashText(`${catalogueModel}\n${messages.length}\n${player}`);
  const { change, cue, plan } = scorePlayerMessage(player, seed);
  const { relation } = rolePlay;
  const mood = moodOf(change);

  const first = cue ? pick((relation === 'boss' && BOSS_CUE_LINES[cue]) || CUE_LINES[cue], seed, 11) : pick(MOOD_LINES[relation][mood], seed, 12);
  const second = plan
    ? `「${plan}」——这可是你自己说的，${PROMISE_HELD[relation]}。`
    : mix(seed, 13) % 3 === 0
      ? ''
      : pick(FOLLOW_LINES[relation][cue ? (change < 0 ? 'negative' : 'unmoved') : followGroup(mood)], seed, 14);
  return `${first}${second}\n\n${hongScoreLine(change)}`;
}
