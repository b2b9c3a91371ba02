import { observer } from 'mobx-react-lite';
import { Button } from '@qiming/sdk/ui';
import { SLIDE_LIMITS } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { SlideCanvas } from './deck/SlideCanvas';
import { SLIDE_TEMPLATES } from './deck/templates';
import { outlineProblem } from './outlineOps';
import { useSlidesStore } from './slidesContext';
import styles from './slides.module.css';

function MoveButtons({ index, count, onMove, onRemove, what }: { index: number; count: number; onMove(to: number): void; onRemove(): void; what: string }) {
  return (
    <span className={styles.tools}>
      <button type="button" aria-label={`${t('slides.moveUp')} ${what}`} title={t('slides.moveUp')} disabled={index === 0} onClick={() => onMove(index - 1)}>
        ↑
      </button>
      <button type="button" aria-label={`${t('slides.moveDown')} ${what}`} title={t('slides.moveDown')} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        ↓
      </button>
      <button type="button" aria-label={`${t('slides.remove')} ${what}`} title={t('slides.remove')} onClick={onRemove}>
        ×
      </button>
    </span>
  );
}

/** The outline as the user edits it, the template choice, the cost and 生成. */
export const OutlineEditor = observer(function OutlineEditor() {
  const store = useSlidesStore();
  const deck = store.deck!;
  const outline = store.outline ?? deck.outline;
  const writing = deck.status === 'outlining';
  const locked = writing || store.generating;
  const problem = outlineProblem(outline);
  return (
    <div className={styles.editor} data-testid="slides-outline">
      <div className={styles.editorHead}>
        <h2 className={styles.panelTitle}>{t('slides.outline')}</h2>
        <span className={styles.muted} aria-live="polite">
          {writing ? t('slides.outlineWriting') : store.saving ? t('slides.saving') : store.dirty ? '' : t('slides.saved')}
        </span>
      </div>
      <p className={styles.muted}>{t('slides.outlineHint')}</p>
      {deck.status === 'outlineFailed' && (
        <p className={styles.error} role="alert">
          {deck.error} <Button size="small" onClick={() => void store.rewriteOutline()}>{t('slides.rewrite')}</Button>
        </p>
      )}
      <label className={styles.deckTitleField}>
        <span>{t('slides.deckTitle')}</span>
        <input value={outline.title} maxLength={SLIDE_LIMITS.title} disabled={locked} onChange={(event) => store.edit('renameDeck', event.target.value)} aria-label={t('slides.deckTitle')} />
      </label>
      <ol className={styles.sections}>
        {outline.sections.map((section, s) => {
          const name = t('slides.section', { n: s + 1 });
          return (
            <li key={s} className={styles.section} data-testid="outline-section">
              <div className={styles.sectionHead}>
                <span className={styles.sectionNo}>{s + 1}</span>
                <input value={section.title} maxLength={SLIDE_LIMITS.sectionTitle} disabled={locked} aria-label={`${name} ${t('slides.sectionTitle')}`} onChange={(event) => store.edit('renameSection', s, event.target.value)} />
                {!locked && <MoveButtons index={s} count={outline.sections.length} what={name} onMove={(to) => store.edit('moveSection', s, to)} onRemove={() => store.edit('deleteSection', s)} />}
              </div>
              <ul className={styles.points}>
                {section.points.map((point, p) => (
                  <li key={p} className={styles.point} data-testid="outline-point">
                    <input value={point} maxLength={SLIDE_LIMITS.point} disabled={locked} aria-label={`${name} ${t('slides.point')} ${p + 1}`} onChange={(event) => store.edit('renamePoint', s, p, event.target.value)} />
                    {!locked && <MoveButtons index={p} count={section.points.length} what={`${name} ${t('slides.point')} ${p + 1}`} onMove={(to) => store.edit('movePoint', s, p, to)} onRemove={() => store.edit('deletePoint', s, p)} />}
                  </li>
                ))}
              </ul>
              {!locked && section.points.length < SLIDE_LIMITS.maxPoints && (
                <button type="button" className={styles.link} onClick={() => store.edit('addPoint', s, t('slides.newPoint'))}>
                  {t('slides.addPoint')}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {!locked && outline.sections.length < SLIDE_LIMITS.maxSlides - 1 && (
        <button type="button" className={styles.link} onClick={() => store.edit('addSection', outline.sections.length - 1, t('slides.newSection'))}>
          {t('slides.addSection')}
        </button>
      )}
      {!writing && (
        <>
          <h3 className={styles.subTitle}>{t('slides.template')}</h3>
          <div className={styles.templates} role="radiogroup" aria-label={t('slides.template')}>
            {SLIDE_TEMPLATES.map((template) => (
              <button key={template.id} type="button" role="radio" aria-checked={store.templateId === template.id} className={store.templateId === template.id ? styles.templateOn : styles.template} onClick={() => store.setField('templateId', template.id)}>
                <SlideCanvas slide={{ layout: 'title', title: outline.title || t('slides.deckTitle'), subtitle: t(template.nameKey as 'slides.template.aurora') }} templateId={template.id} index={0} total={1} width={150} />
                <span>{t(template.nameKey as 'slides.template.aurora')}</span>
              </button>
            ))}
          </div>
          <div className={styles.generateRow}>
            {store.price !== null && <span className={styles.muted}>{t('slides.cost', { points: store.price })}</span>}
            {problem && <span className={styles.error}>{t(`slides.problem.${problem}`)}</span>}
            {store.editing && deck.slides.length > 0 && <Button onClick={() => store.setEditing(false)}>{t('slides.backToSlides')}</Button>}
            <Button type="primary" disabled={problem !== null || store.busy || store.generating} loading={store.busy} onClick={() => void store.start()}>
              {t(deck.slides.length > 0 ? 'slides.regenerate' : 'slides.generate', { n: outline.sections.length + 1 })}
            </Button>
          </div>
        </>
      )}
    </div>
  );
});
