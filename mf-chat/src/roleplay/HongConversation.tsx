import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { HONG_RULES, withoutHongScore } from '@qiming/sdk';
import type { HongScene } from '@qiming/sdk/contracts';
import type { ChatStore } from '../chat/ChatStore';
import { Avatar } from './Avatar';
import { readAvatars } from './hongAvatars';
import { hongGame } from './hongGame';
import styles from './hong.module.css';

function Line({ who, avatar, name, text, change }: { who: 'you' | 'partner'; avatar: string | null; name: string; text: string; change?: number }) {
  return (
    <div className={who === 'you' ? styles.lineYou : styles.linePartner} data-testid={who === 'you' ? 'hong-line-you' : 'hong-line-partner'}>
      <Avatar src={avatar} name={name} kind={who} />
      <div className={styles.bubble}>
        {text}
        {change !== undefined ? (
          <span className={change >= 0 ? styles.up : styles.down} data-testid="hong-change">
            原谅值 {change >= 0 ? `+${change}` : change}
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
        <div className={styles.meter} role="meter" aria-label="原谅值" aria-valuemin={0} aria-valuemax={HONG_RULES.target} aria-valuenow={game.value}>
          <span style={{ width: `${game.value}%` }} />
        </div>
        <span>
          原谅值 <strong>{game.value}</strong>/{HONG_RULES.target}
        </span>
        <span>
          剩余次数 <strong data-testid="hong-tries-left">{game.triesLeft}</strong>/{HONG_RULES.maxTries}
        </span>
      </div>
      <p className={styles.sceneText}>
        <strong>{scene.title}</strong>：{scene.scene}
      </p>
      <Line who="partner" avatar={avatars.partner} name={scene.partnerName} text={scene.opening} />
      {store.messages.map(({ node }) => {
        const item = node.chatContent[0]!;
        return item.role === 'user' ? (
          <Line key={node.convId} who="you" avatar={avatars.you} name="我" text={item.content} />
        ) : (
          <Line key={node.convId} who="partner" avatar={avatars.partner} name={scene.partnerName} text={withoutHongScore(item.content) || '……'} change={game.changes.get(node.convId)} />
        );
      })}
      {live?.question ? <Line who="you" avatar={avatars.you} name="我" text={live.question} /> : null}
      {live ? <Line who="partner" avatar={avatars.partner} name={scene.partnerName} text={withoutHongScore(live.text) || `${scene.partnerName}正在输入…`} /> : null}
      {game.status !== 'playing' && !live ? (
        <div className={game.status === 'won' ? styles.won : styles.lost} data-testid="hong-result">
          <strong>{game.status === 'won' ? `恭喜，${scene.partnerName}原谅你了！` : `挑战失败，${scene.partnerName}还在生气……`}</strong>
          <span>
            用了 {game.triesUsed} 次，原谅值 {game.value}
          </span>
          <div>
            <button type="button" onClick={() => store.newChat(scene.code)}>
              再玩一次
            </button>
            <Link to="/hong">换个场景</Link>
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
