import styles from './shell.module.css';

const AREA_NAMES: Record<string, string> = {
  chat: 'AI 对话',
  account: '账号',
  pay: '充值',
  toolbox: '应用与工具',
  media: '绘画与多媒体',
};

export function AreaErrorPanel({ area, onRetry }: { area: string; onRetry(): void }) {
  return (
    <div className={styles.notice} data-testid="area-error-panel" data-area={area} role="alert">
      <h2>「{AREA_NAMES[area] ?? area}」暂时无法加载</h2>
      <p>页面的其他部分仍可正常使用。请稍后重试；如果问题持续，请联系我们。</p>
      <button type="button" className={styles.primaryButton} onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
