import type { ModelOption } from '@qiming/sdk/contracts';
import { Stars } from '../models/Stars';
import styles from './chat.module.css';

const INTRO_MAX = 300;

/** The welcome view's introduction: cut at 300 characters with an ellipsis (spec chat §2). */
function cutIntro(text: string): string {
  return text.length > INTRO_MAX ? `${text.slice(0, INTRO_MAX)}…` : text;
}

/** A new conversation: the model's icon, name, rating, introduction and example questions. */
export function Welcome({ option, onAsk }: { option: ModelOption; onAsk(question: string): void }) {
  return (
    <div className={styles.welcome} data-testid="welcome">
      <img src={option.icon} alt="" className={styles.welcomeIcon} />
      <h2>{option.label}</h2>
      <Stars value={option.stars} />
      <p>{cutIntro(option.shortIntro)}</p>
      <div className={styles.followUps}>
        {option.exampleQuestionList.map((q) => (
          <button type="button" key={q.quetion} onClick={() => onAsk(q.quetion)}>
            {q.quetion}
          </button>
        ))}
      </div>
    </div>
  );
}
