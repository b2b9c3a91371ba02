import { useState } from 'react';
import { Button } from '@qiming/sdk/ui';
import { Tooltip } from '@qiming/sdk/ui/feedback';
import type { ImageAction, ImageTask } from '@qiming/sdk/contracts';
import { t } from '../../i18n';
import styles from '../painter.module.css';

const ORDER: ImageAction[] = ['U1', 'U2', 'U3', 'U4', 'V1', 'V2', 'V3', 'V4', 'reroll'];

function titleOf(action: ImageAction): string {
  if (action === 'reroll') return t('painter.action.reroll');
  const n = Number(action.slice(1));
  return action.startsWith('U') ? t('painter.action.upscale', { n }) : t('painter.action.variation', { n });
}

interface Props {
  task: ImageTask;
  onAction(action: ImageAction): Promise<void>;
}

/** Midjourney's buttons under a grid of four: U1–U4 upscale, V1–V4 vary, 🔄 reroll (those the task offers). */
export function MidjourneyActions({ task, onAction }: Props) {
  const [busy, setBusy] = useState<ImageAction | null>(null);
  const actions = ORDER.filter((action) => task.actions.includes(action));
  if (actions.length === 0) return null;
  const run = async (action: ImageAction) => {
    setBusy(action);
    try {
      await onAction(action);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <Tooltip key={action} title={titleOf(action)}>
          <Button size="small" aria-label={titleOf(action)} loading={busy === action} disabled={busy !== null && busy !== action} onClick={() => void run(action)}>
            {action === 'reroll' ? '🔄' : action}
          </Button>
        </Tooltip>
      ))}
    </div>
  );
}

/** 识图's four prompts, each with 使用此描述. */
export function DescribeResults({ task, onUse }: { task: ImageTask; onUse(text: string): void }) {
  if (task.descriptions.length === 0) return null;
  return (
    <ol className={styles.descriptions}>
      {task.descriptions.map((text, index) => (
        <li key={index}>
          <p>
            {index + 1}. {text}
          </p>
          <Button size="small" onClick={() => onUse(text)}>
            {t('painter.describe.use')}
          </Button>
        </li>
      ))}
    </ol>
  );
}
