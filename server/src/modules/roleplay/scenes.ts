import type { HongScene } from '@qiming/contracts';
import { HONG_RULES } from '@qiming/contracts';

type SceneText = Omit<HongScene, 'maxTries' | 'target'>;

const TEXTS: readonly SceneText[] = [
  {
    code: 'hong-anniversary',
    title: '忘记了恋爱纪念日',
    scene: '今天是你们在一起三周年的纪念日，她提前一周就订好了餐厅。你加班到晚上十点才想起来，手机里有她的 12 个未接来电。',
    partnerName: '小雨',
    partnerRole: '女朋友',
    opening: '三周年，你居然能忘？我在餐厅一个人坐了两个小时，服务员都过来问了三次还点不点菜！',
  },
  {
    code: 'hong-late-date',
    title: '约会迟到一小时',
    scene: '你们约好下午两点在电影院门口见面，你出门前磨蹭、路上又堵车，到的时候已经迟到了一个小时。他手里攥着两张已经开场的电影票。',
    partnerName: '阿杰',
    partnerRole: '男朋友',
    opening: '一个小时，消息也不回一条。票早就买好了，电影都演了一半，你说现在怎么办？',
  },
  {
    code: 'hong-gaming-all-night',
    title: '通宵打游戏',
    scene: '你答应她早点睡，第二天中午一起回她爸妈家吃饭。结果你打游戏打到凌晨四点，早上怎么叫都叫不醒，一家人等了你一上午。',
    partnerName: '林晓',
    partnerRole: '老婆',
    opening: '你看看现在几点了？我爸妈从十点等到现在，菜热了三遍！游戏比我家里人还重要是吧？',
  },
  {
    code: 'hong-airport-pickup',
    title: '忘了去机场接她',
    scene: '她出差半个月，今晚十一点的航班落地，你答应去机场接她。你在家看球看睡着了，她拖着两个大箱子在出口等了四十分钟，最后自己打车回来。',
    partnerName: '苏苏',
    partnerRole: '女朋友',
    opening: '我在出口站了四十分钟，给你打了八个电话。你知道大半夜一个人拖两个箱子打车是什么感觉吗？',
  },
  {
    code: 'hong-mother-in-law',
    title: '在丈母娘面前说错话',
    scene: '第一次正式去她家吃饭，丈母娘忙了一整天做了一桌菜。你尝了一口红烧肉，脱口而出：“有点咸，还是我妈做的好吃。”饭桌上瞬间安静，回家路上她一句话都没说。',
    partnerName: '周周',
    partnerRole: '老婆',
    opening: '我妈为了这顿饭从早上忙到晚上，你一句话就让她下不来台。我坐在旁边都替你尴尬！',
  },
  {
    code: 'hong-missed-deadline',
    title: '方案错过了截止时间',
    scene: '你负责的客户方案约定今天上午九点交，你却记成了下周。客户的电话直接打到了老板那里，老板让你马上去会议室。',
    partnerName: '王总',
    partnerRole: '老板',
    opening: '客户电话都打到我这儿来了。九点要交的方案，你现在跟我说还没开始做？',
  },
  {
    code: 'hong-call-mom',
    title: '一个多月没给妈妈打电话',
    scene: '你已经一个多月没给家里打电话了，妈妈过生日那天你也只发了个红包。今天她从你表姐的朋友圈看到你去外地旅游了，打来了电话。',
    partnerName: '妈妈',
    partnerRole: '妈妈',
    opening: '我是从你表姐的朋友圈才知道你出去玩了。有时间旅游，就没时间给家里打个电话？',
  },
  {
    code: 'hong-bestie-secret',
    title: '说漏了闺蜜的秘密',
    scene: '她准备辞职创业，只告诉了你一个人。你在同学聚会上喝多了说漏了嘴，消息转了几圈传到了她领导的耳朵里。',
    partnerName: '小安',
    partnerRole: '闺蜜',
    opening: '这件事我只告诉了你一个人。现在领导都找我谈话了，你让我怎么办？',
  },
  {
    code: 'hong-roommate-exam',
    title: '深夜吵醒要考试的室友',
    scene: '你带朋友回宿舍打牌，一直闹到凌晨两点。室友第二天早上八点有一门重要的考试，中途提醒过你两次，你都说“马上就好”。',
    partnerName: '老陈',
    partnerRole: '室友',
    opening: '凌晨两点了，我明天八点考试！提醒你两次了，你的“马上”到底是多久？',
  },
  {
    code: 'hong-stood-up-dinner',
    title: '放了老公的鸽子',
    scene: '你升职了，他下班后花了两个小时做了一桌你爱吃的菜给你庆祝。你却跟同事聚餐到晚上十点才回家，一条消息都没发。',
    partnerName: '大伟',
    partnerRole: '老公',
    opening: '菜我热了两回，最后全倒了。你升职我比你还高兴，结果你连条消息都不回？',
  },
];

/** The built-in scenes of 哄哄模拟器, in display order. */
export const HONG_SCENES: readonly HongScene[] = TEXTS.map((text) => ({ ...text, maxTries: HONG_RULES.maxTries, target: HONG_RULES.target }));

const BY_CODE = new Map(HONG_SCENES.map((scene) => [scene.code, scene]));

export function findHongScene(code: string | null | undefined): HongScene | undefined {
  return code ? BY_CODE.get(code) : undefined;
}
