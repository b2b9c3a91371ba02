import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { HONG_RULES, withoutHongScore } from '@qiming/sdk';
import type { HongScene } from '@qiming/sdk/contracts';
import type { ChatStore } from '../chat/ChatStore';
import { Avatar } from './Avatar';
import { readAvatars } from './hongAvatars';
import { hongGame } from './hongGame';
import { t } from '../i18n';
import styles from './hong.module.css';

function Line({ who, avatar, name, text, change }: { who: 'you' | 'partner'; avatar: string | null; name: string; text: string; change?: number }) {
  return (
    <div className={who === 'you' ? styles.lineYou : styles.linePartner} data-testid={who === 'you' ? 'hong-line-you' : 'hong-line-partner'}>
      <Avatar src={avatar} name={name} kind={who} />
      <div className={styles.bubble}>
        {text}
        {change !== undefined ? (
          <span className={change >= 0 ? styles.up : styles.down} data-testid="hong-change">
            {t('hong.change', { change: change >= 0 ? `+${change}` : change })}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A role-play conversation (message type hongScene): the scene, the partner's opening, the lines
 * with avatars and each reply's change of the forgiveness value, the value and tries left, and the
 * result with 再玩一次 once forgiven or out of tries. No regenerate, edit or follow-ups here.
 */
export const HongConversation = observer(function HongConversation({ store, scene }: { store: ChatStore; scene: HongScene }) {
  const [avatars] = useState(readAvatars);
  const game = hongGame(store.messages);
  const live = store.live;
  return (
    <div className={styles.conversation} data-testid="hong-conversation">
      <div className={styles.board} data-testid="hong-board">
        <div className={styles.meter} role="meter" aria-label={t('hong.value')} aria-valuemin={0} aria-valuemax={HONG_RULES.target} aria-valuenow={game.value}>
          <span style={{ width: `${game.value}%` }} />
        </div>
        <span>
          {t('hong.value')} <strong>{game.value}</strong>/{HONG_RULES.target}
        </span>
        <span>
          {t('hong.triesLeft')} <strong data-testid="hong-tries-left">{game.triesLeft}</strong>/{HONG_RULES.maxTries}
        </span>
      </div>
      <p className={styles.sceneText}>
        <strong>{scene.title}</strong>
        {t('common.colon')}
        {scene.scene}
      </p>
      <Line who="partner" avatar={avatars.partner} name={scene.partnerName} text={scene.opening} />
      {store.messages.map(({ node }) => {
        const item = node.chatContent[0]!;
        return item.role === 'user' ? (
          <Line key={node.convId} who="you" avatar={avatars.you} name={t('hong.you')} text={item.content} />
        ) : (
          <Line key={node.convId} who="partner" avatar={avatars.partner} name={scene.partnerName} text={withoutHongScore(item.content) || t('hong.emptyLine')} change={game.changes.get(node.convId)} />
        );
      })}
      {live?.question ? <Line who="you" avatar={avatars.you} name={t('hong.you')} text={live.question} /> : null}
      {live ? <Line who="partner" avatar={avatars.partner} name={scene.partnerName} text={withoutHongScore(live.text) || t('hong.typing', { name: scene.partnerName })} /> : null}
      {game.status !== 'playing' && !live ? (
        <div className={game.status === 'won' ? styles.won : styles.lost} data-testid="hong-result">
          <strong>{t(game.status === 'won' ? 'hong.won' : 'hong.lost', { name: scene.partnerName })}</strong>
          <span>
            {t('hong.summary', { tries: game.triesUsed, value: game.value })}
          </span>
          <div>
            <button type="button" onClick={() => store.newChat(scene.code)}>
              {t('hong.playAgain')}
            </button>
            <Link to="/hong">{t('hong.otherScene')}</Link>
          </div>
        </div>
      ) : null}
    </div>
  );
});

/** Whether the player may still send in this conversation. */
export function hongPlaying(store: ChatStore): boolean {
  return hongGame(store.messages).status === 'playing';
}
