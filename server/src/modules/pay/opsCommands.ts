import { parseArgs } from 'node:util';
import type { PlanType } from '@qiming/contracts';
import type { PayOrderStatus } from '../../db/schema.js';
import { endOfChinaDay } from '../cdkeys/index.js';
import { OpsInputError } from '../module.js';
import type { PayRepository } from './repository.js';
import type { PayService } from './service.js';

export const PAY_USAGE = `用法: pnpm ops pay <命令>
  orders [--status created|paid|expired|closed|refunded] [--user 用户名] [--limit N]
                                        最近的订单（默认 30 条）
  show <订单号>                         一个订单及其所有通知、查单、关单记录
  refunded <订单号>                     记录已在商户后台退款的订单：收回该订单的积分（最多扣到 0）
  voucher <用户名> --yuan 金额 [--plans 1,2,3] [--expires YYYY-MM-DD] [--note 文本]
                                        给用户发一张优惠券（金额单位：元，可带两位小数）
  vouchers <用户名>                     用户可用的优惠券`;

const OPTIONS = {
  status: { type: 'string' },
  user: { type: 'string' },
  limit: { type: 'string', default: '30' },
  yuan: { type: 'string' },
  plans: { type: 'string' },
  expires: { type: 'string' },
  note: { type: 'string', default: '' },
} as const;

const STATUSES: PayOrderStatus[] = ['created', 'paid', 'expired', 'closed', 'refunded'];
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** "2" or "2.5" or "2.50" yuan → fen, exactly. */
function fenOf(text: string | undefined): number {
  const match = text ? /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text) : null;
  if (!match) throw new OpsInputError('--yuan 必须是金额，例如 2 或 2.50');
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (fen < 1) throw new OpsInputError('--yuan 必须大于 0');
  return fen;
}

function planTypesOf(text: string | undefined): PlanType[] {
  if (!text) return [];
  const types = text.split(',').map((t) => t.trim());
  if (!types.every((t) => t === '1' || t === '2' || t === '3')) throw new OpsInputError('--plans 只能是 1、2、3 的逗号列表');
  return [...new Set(types.map(Number) as PlanType[])];
}

export async function runPayCommand(service: PayService, repo: PayRepository, argv: string[], print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [command, target] = positionals;
  const userIdOf = async (name: string | undefined) => {
    if (!name) throw new OpsInputError('缺少参数：用户名');
    const user = await repo.userIdByName(name);
    if (!user) throw new OpsInputError(`没有用户 ${name}`);
    return user.id;
  };
  switch (command) {
    case 'orders': {
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new OpsInputError('--limit 必须是正整数');
      if (values.status && !STATUSES.includes(values.status as PayOrderStatus)) throw new OpsInputError(`--status 只能是 ${STATUSES.join('、')}`);
      const orders = await repo.listOrders({ status: values.status as PayOrderStatus | undefined, userId: values.user ? await userIdOf(values.user) : undefined, limit });
      for (const o of orders) {
        const plan = JSON.parse(o.plan_snapshot) as { name: string };
        print(`${o.out_trade_no}  ${o.created_at}  ${o.username.padEnd(12)} ${plan.name}  ${yuan(o.amount_fen)}  ${o.method.padEnd(7)} ${o.status}${o.late ? '（逾期到账）' : ''}`);
      }
      if (!orders.length) print('（没有订单）');
      return;
    }
    case 'show': {
      if (!target) throw new OpsInputError('缺少参数：订单号');
      const order = await repo.order(target);
      if (!order) throw new OpsInputError(`没有订单 ${target}`);
      print(JSON.stringify({ ...order, plan_snapshot: JSON.parse(order.plan_snapshot) as unknown }, null, 2));
      for (const e of await repo.events(target)) print(`${e.created_at}  ${e.kind.padEnd(7)} ${e.outcome.padEnd(14)} ${e.detail}`);
      return;
    }
    case 'refunded': {
      if (!target) throw new OpsInputError('缺少参数：订单号');
      const result = await service.recordRefund(target);
      if (!result) throw new OpsInputError(`订单 ${target} 不是已支付状态，未改动`);
      print(`订单 ${target} 已记为退款：收回 ${result.takenBack} 积分${result.shortfall ? `（用户余额不足，少收回 ${result.shortfall}）` : ''}`);
      return;
    }
    case 'voucher': {
      const userId = await userIdOf(target);
      const amountFen = fenOf(values.yuan);
      const id = await service.grantVoucher(userId, { amountFen, planTypes: planTypesOf(values.plans), expiresAt: values.expires ? endOfChinaDay(values.expires) : null, note: values.note });
      print(`已发放优惠券 ${id}：${yuan(amountFen)}${values.plans ? `，适用套餐 ${values.plans}` : ''}${values.expires ? `，有效期至 ${values.expires}` : ''}`);
      return;
    }
    case 'vouchers': {
      const vouchers = await service.vouchers(await userIdOf(target));
      for (const v of vouchers) print(`${v.id}  ${yuan(v.amountFen)}  套餐 ${v.planTypes.length ? v.planTypes.join(',') : '全部'}  ${v.expiresAt ? `过期 ${v.expiresAt}` : '长期有效'}  ${v.note}`.trimEnd());
      if (!vouchers.length) print('（没有可用的优惠券）');
      return;
    }
    default:
      throw new OpsInputError(command ? `未知命令：${command}` : PAY_USAGE);
  }
}
