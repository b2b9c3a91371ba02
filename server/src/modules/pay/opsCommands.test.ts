import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { OpsInputError } from '../module.js';
import { runPayCommand } from './opsCommands.js';
import { PayRepository } from './repository.js';

describe(`pnpm ops pay (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ PAY_SWEEP_SECONDS: '3600' });
  });
  after(() => t.close());

  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runPayCommand(t.app.pay.service, new PayRepository(t.app.db.db), argv, (line) => lines.push(line));
    return lines.join('\n');
  };

  it('grants vouchers, lists and shows orders, records a refund', async () => {
    const userId = await createUser(t.app);
    const { username } = await t.app.db.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow();
    assert.match(await run('voucher', username, '--yuan', '2.5', '--plans', '2,3', '--note', '回归礼'), /已发放优惠券 V\w+：¥2\.50，适用套餐 2,3/);
    assert.match(await run('vouchers', username), /¥2\.50 {2}套餐 2,3 {2}长期有效 {2}回归礼/);

    const created = await t.app.pay.service.createOrder(userId, { type: 2 }, 'http://localhost');
    assert.equal(created.amountFen, 1630);
    assert.equal(await t.app.pay.service.applyPayment(created.outTradeNo, 'sandbox', { amountFen: 1630, providerTradeNo: 'T1', paidAt: null }, 'notify'), 'credited');
    assert.match(await run('orders', '--status', 'paid', '--user', username), new RegExp(`${created.outTradeNo} .* 专业套餐 {2}¥16\\.30 {2}sandbox paid`));
    const shown = await run('show', created.outTradeNo);
    assert.match(shown, /"status": "paid"/);
    assert.match(shown, /notify +credited/);
    assert.match(await run('refunded', created.outTradeNo), /已记为退款：收回 200000 积分/);
    assert.match(await run('vouchers', username), /没有可用的优惠券/);
  });

  it('refuses bad input with a message', async () => {
    await assert.rejects(run('voucher', 'nobody-here', '--yuan', '1'), (e) => e instanceof OpsInputError && /没有用户 nobody-here/.test(e.message));
    const userId = await createUser(t.app);
    const { username } = await t.app.db.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow();
    await assert.rejects(run('voucher', username, '--yuan', '1.234'), /--yuan 必须是金额/);
    await assert.rejects(run('voucher', username, '--yuan', '1', '--plans', '4'), /--plans 只能是/);
    await assert.rejects(run('orders', '--status', 'lost'), /--status 只能是/);
    await assert.rejects(run('refunded', 'QM000'), /订单不存在/);
    await assert.rejects(run('explode'), /未知命令：explode/);
  });
});
