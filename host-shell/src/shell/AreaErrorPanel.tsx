import { Button, Result } from '@qiming/sdk/ui';

const AREA_NAMES: Record<string, string> = {
  chat: 'AI 对话',
  account: '账号',
  pay: '充值',
  toolbox: '应用与工具',
  media: '绘画与多媒体',
};

export function AreaErrorPanel({ area, onRetry }: { area: string; onRetry(): void }) {
  return (
    <div data-testid="area-error-panel" data-area={area} style={{ padding: '48px 16px' }}>
      <Result
        status="warning"
        title={`「${AREA_NAMES[area] ?? area}」暂时无法加载`}
        subTitle="页面的其他部分仍可正常使用。请稍后重试；如果问题持续，请联系我们。"
        extra={
          <Button type="primary" onClick={onRetry}>
            重试
          </Button>
        }
      />
    </div>
  );
}
