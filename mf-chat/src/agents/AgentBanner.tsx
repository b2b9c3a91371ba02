import type { AgentApp } from '@qiming/sdk/contracts';
import { agentIcon } from './agentOption';
import { InputBanner } from '../chat/InputBanner';
import { t } from '../i18n';
import styles from './agents.module.css';

/** The agent being talked to, above the input (spec chat §2); × goes back to the model used before. */
export function AgentBanner({ agent, onRemove }: { agent: AgentApp; onRemove(): void }) {
  return <InputBanner icon={<img src={agentIcon(agent)} alt="" className={styles.bannerIcon} />} text={t('agents.talkingTo', { name: agent.appName })} removeLabel={t('agents.remove')} onRemove={onRemove} testId="agent-banner" />;
}
