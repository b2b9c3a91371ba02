import { useEffect, useState } from 'react';
import { copyText, dataOf, eventBus, request } from '@qiming/sdk';
import type { ContactInfo } from '@qiming/sdk/contracts';
import styles from './dialog.module.css';

/**
 * 联系我们 (opened by `contact:open`, e.g. the chat sidebar's bottom block): the channels the
 * operator publishes (CONTACT_* on the server), 600 px wide; says so plainly when none is set.
 */
export function ContactDialog() {
  const [open, setOpen] = useState(false);
  const [contact, setContact] = useState<ContactInfo | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(
    () =>
      eventBus.on('contact:open', () => {
        setOpen(true);
        setFailed(false);
        dataOf(request.get<ContactInfo>('platform/contact')).then(setContact, () => setFailed(true));
      }),
    [],
  );

  if (!open) return null;
  const close = () => setOpen(false);
  const none = contact && !contact.email && !contact.wechat && !contact.qrUrl && !contact.note;
  return (
    <div className={styles.backdrop} onClick={close}>
      <div className={`${styles.dialog} ${styles.wide}`} role="dialog" aria-modal="true" aria-labelledby="qm-contact-title" onClick={(event) => event.stopPropagation()} data-testid="contact-dialog">
        <h2 id="qm-contact-title" className={styles.title}>
          联系我们
        </h2>
        {failed ? <p className={styles.message}>联系方式加载失败，请稍后重试。</p> : null}
        {!contact && !failed ? <p className={styles.message}>加载中…</p> : null}
        {none ? <p className={styles.message}>本站运营方暂未公布联系方式。</p> : null}
        {contact && !none ? (
          <ul className={styles.options}>
            {contact.email ? (
              <li>
                客服邮箱：<a href={`mailto:${contact.email}`}>{contact.email}</a>
                <button type="button" className={styles.cancel} onClick={() => void copyText(contact.email!)}>
                  复制
                </button>
              </li>
            ) : null}
            {contact.wechat ? (
              <li>
                客服微信：<code>{contact.wechat}</code>
                <button type="button" className={styles.cancel} onClick={() => void copyText(contact.wechat!)}>
                  复制
                </button>
              </li>
            ) : null}
            {contact.qrUrl ? (
              <li className={styles.qr}>
                <img src={contact.qrUrl} alt="用户交流群二维码" width={180} height={180} />
                扫码加入用户交流群
              </li>
            ) : null}
            {contact.note ? <li>{contact.note}</li> : null}
          </ul>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={close}>
            关闭
          </button>
        </div>
      </div>
    </div>
  );
}
