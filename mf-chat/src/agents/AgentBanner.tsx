import type { AgentApp } from '@qiming/sdk/contracts';
import { agentIcon } from './agentOption';
import { t } from '../i18n';
import styles from './agents.module.css';

/** The agent being talked to, above the input (spec chat §2); × goes back to the model used before. */
export function AgentBanner({ agent, onRemove }: { agent: AgentApp; onRemove(): void }) {
  return (
    <div className={styles.banner} data-testid="agent-banner">
      <img src={agentIcon(agent)} alt="" className={styles.bannerIcon} />
      <span className={styles.bannerName}>{t('agents.talkingTo', { name: agent.appName })}</span>
      <button type="button" className={styles.bannerRemove} aria-label={t('agents.remove')} onClick={onRemove} data-testid="agent-banner-remove">
        ✕
      </button>
    </div>
  );
}
