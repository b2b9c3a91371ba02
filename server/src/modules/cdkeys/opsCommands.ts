import { parseSharedOpsArgs, type SharedOpsValues } from '../../ops/options.js';
import { OpsInputError, type OpsCommand } from '../module.js';
import type { CdkeysService } from './service.js';

export const CDKEYS_USAGE = `用法: pnpm ops cdkeys <命令>
  create --points N --count M [--expires YYYY-MM-DD] [--note 文本]
                                        生成一批兑换码（每个兑换 N 永久积分），只打印这一次
  create --plan-tier T --plan-days D --count M [--points N] [--expires …] [--note …]
                                        兑换订阅套餐 T（1 入门、2 基础、3 专业）D 天
  list [--batch id]                     各批次及使用数量；指定批次时列出其兑换码（只显示末 4 位）`;

/** A whole number option, or undefined when absent. */
function intOption(values: SharedOpsValues, name: keyof SharedOpsValues): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !/^\d{1,10}$/.test(text)) throw new OpsInputError(`--${name} 必须是非负整数`);
  return Number(text);
}

/** `pnpm ops cdkeys create|list`. */
export function cdkeysCommand(service: CdkeysService): OpsCommand {
  return {
    usage: CDKEYS_USAGE,
    async run(argv, print) {
      const { values, positionals } = parseSharedOpsArgs(argv);
      const [command] = positionals;
      if (!command) throw new OpsInputError('', 'usage');
      switch (command) {
        case 'create': {
          const count = intOption(values, 'count');
          if (count === undefined) throw new OpsInputError('缺少参数：--count');
          const planTier = intOption(values, 'plan-tier');
          const points = intOption(values, 'points') ?? (planTier === undefined ? undefined : 0);
          if (points === undefined) throw new OpsInputError('缺少参数：--points（或 --plan-tier 与 --plan-days）');
          const batch = await service.createBatch({ points, count, expiresOn: values.expires, note: values.note, planTier, planDays: intOption(values, 'plan-days') });
          const gives = [points > 0 ? `${points} 永久积分` : '', planTier !== undefined ? `套餐 ${planTier} ${values['plan-days']} 天` : ''].filter(Boolean).join(' + ');
          print(`# 批次 ${batch.batchId}：${count} 个兑换码，每个 ${gives}，${batch.expiresAt ? `有效期至 ${values.expires}（北京时间当天结束）` : '长期有效'}`);
          print('# 兑换码只显示这一次（服务器只保存其哈希），请妥善保存');
          for (const code of batch.codes) print(code);
          return;
        }
        case 'list': {
          if (values.batch) {
            for (const code of await service.codes(values.batch)) print(`${code.masked}  ${code.usedAt ? `已使用 ${code.usedAt} ${code.usedBy ?? ''}` : '未使用'}`);
            return;
          }
          for (const b of await service.batches()) {
            const gives = [b.points > 0 ? `${b.points} 积分` : '', b.plan_tier !== null ? `套餐 ${b.plan_tier} ${b.plan_days} 天` : ''].filter(Boolean).join(' + ');
            print(`${b.id}  ${b.created_at}  ${gives}  已使用 ${b.used}/${b.count}  ${b.expires_at ? `过期 ${b.expires_at}` : '长期有效'}  ${b.note}`.trimEnd());
          }
          return;
        }
        default:
          throw new OpsInputError(`未知命令：${command}`, 'usage');
      }
    },
  };
}
