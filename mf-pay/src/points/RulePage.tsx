import { observer } from 'mobx-react-lite';
import { navigateTo, session } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { Tabs } from '@qiming/sdk/ui/display';
import { PointsHistory } from './PointsHistory';
import { pointsApi, type PointsApi } from './pointsApi';

function Rules() {
  return (
    <div style={{ lineHeight: 1.9, color: '#444', maxWidth: 760 }}>
      <h3>积分怎么用</h3>
      <ul>
        <li>每次使用模型都消耗积分，价格见各模型的价格说明；基础套餐及以上用户按八折计费。</li>
        <li>积分分为每日积分和永久积分：先扣每日积分，不足时再扣永久积分。</li>
        <li>每日积分在每天凌晨 03:00 刷新，未用完的部分不累计；永久积分永不过期。</li>
        <li>生成失败不扣积分（未生成成功不扣积分）。</li>
      </ul>
      <h3>积分怎么得</h3>
      <ul>
        <li>购买会员套餐或积分包。</li>
        <li>每日签到，连续签到奖励递增。</li>
        <li>邀请好友：好友注册并完成首次使用后，双方各得 8888 永久积分。</li>
        <li>使用兑换码（在「设置」中兑换）。</li>
      </ul>
    </div>
  );
}

/** /rulePage: the points rules and, for a signed-in user, the points history (?tab=history). */
export const RulePage = observer(function RulePage({ api = pointsApi }: { api?: PointsApi }) {
  const initial = new URLSearchParams(window.location.search).get('tab') === 'history' ? 'history' : 'rules';
  return (
    <Tabs
      defaultActiveKey={initial}
      items={[
        { key: 'rules', label: '积分规则', children: <Rules /> },
        {
          key: 'history',
          label: '积分明细',
          children: session.isLoggedIn ? (
            <PointsHistory api={api} />
          ) : (
            <Button type="primary" onClick={() => navigateTo('/loginPage')}>
              登录后查看积分明细
            </Button>
          ),
        },
      ]}
    />
  );
});
