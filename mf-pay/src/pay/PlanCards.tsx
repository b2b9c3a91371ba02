import type { PlanType, PlanView } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { t } from '../i18n';
import styles from './pay.module.css';

/** ¥ with two decimals from an amount in fen (680 → ¥6.80). */
export const yuan = (fen: number) => t('pay.yuan', { amount: (fen / 100).toFixed(2) });

/** The tier names of userPackage2 (0 free, 1 starter, 2 basic, 3 professional). */
export const tierName = (tier: number) => t(tier >= 1 && tier <= 3 ? (`pay.tier.${tier}` as 'pay.tier.1') : 'pay.tier.free');

/** What buying the plan gives besides its points: package level, subscription tier, VIP days. */
function grantsOf(plan: PlanView): string[] {
  const grants: string[] = [];
  if (plan.packageLevel > 0) grants.push(t('pay.plan.package', { level: plan.packageLevel, days: plan.packageDays }));
  if (plan.subscriptionTier > 0) grants.push(t('pay.plan.subscription', { tier: tierName(plan.subscriptionTier), days: plan.subscriptionDays }));
  if (plan.vipDays > 0) grants.push(t('pay.plan.vip', { days: plan.vipDays }));
  return grants;
}

/** What the plan gives, as lines: the use counts, then the package, subscription and VIP days. */
function factsOf(plan: PlanView): string[] {
  return [...plan.uses.map((use) => t('pay.plan.uses', { count: use.count, label: use.label })), ...grantsOf(plan)];
}

/** A plan's full details (the page's cards, and the chosen plan under the QR code on phones). */
export function PlanDetails({ plan }: { plan: PlanView }) {
  return (
    <>
      <div className={styles.planHead}>
        <strong className={styles.planName}>{plan.name}</strong>
        {plan.recommended ? <span className={styles.recommended}>{t('pay.plan.recommended')}</span> : null}
      </div>
      {plan.tagline ? <p className={styles.tagline}>{plan.tagline}</p> : null}
      <div className={styles.price}>{yuan(plan.priceFen)}</div>
      <div className={styles.points}>{t('pay.plan.points', { points: plan.points })}</div>
      <ul className={styles.planFacts}>
        {factsOf(plan).map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
    </>
  );
}

/** The dialog's compact card: name and price on one line, points and what it gives below (three fit in 580 px). */
function CompactDetails({ plan }: { plan: PlanView }) {
  return (
    <>
      <div className={styles.planHead}>
        <strong className={styles.planName}>{plan.name}</strong>
        {plan.recommended ? <span className={styles.recommended}>{t('pay.plan.recommended')}</span> : null}
        <span className={styles.compactPrice}>{yuan(plan.priceFen)}</span>
      </div>
      <div className={styles.points}>{t('pay.plan.points', { points: plan.points })}</div>
      <p className={styles.compactFacts}>{factsOf(plan).join(' · ')}</p>
    </>
  );
}

export interface PlanCardsProps {
  plans: PlanView[];
  /**
   * choose: the dialog's stacked list, one plan chosen (a radio group; clicking a card chooses it).
   * tabs: the dialog on phones, one row of tabs (name and price) above the QR code.
   * buy: the page's row of cards, each with a 立即购买 button.
   */
  mode: 'choose' | 'tabs' | 'buy';
  chosen?: PlanType;
  onPick(type: PlanType): void;
}

/** The three plans (spec platform §9) as the pay dialog and the /pay page show them. */
export function PlanCards({ plans, mode, chosen, onPick }: PlanCardsProps) {
  if (mode === 'buy') {
    return (
      <div className={styles.planGrid} data-testid="plan-cards">
        {plans.map((plan) => (
          <div key={plan.type} className={plan.recommended ? `${styles.planCard} ${styles.planRecommended}` : styles.planCard} data-testid={`plan-${plan.type}`}>
            <PlanDetails plan={plan} />
            <Button type={plan.recommended ? 'primary' : 'default'} block onClick={() => onPick(plan.type)}>
              {t('pay.plan.buy')}
            </Button>
          </div>
        ))}
      </div>
    );
  }
  if (mode === 'tabs') {
    return (
      <div className={styles.planTabs} role="tablist" data-testid="plan-cards">
        {plans.map((plan) => (
          <button
            key={plan.type}
            type="button"
            role="tab"
            aria-selected={plan.type === chosen}
            className={plan.type === chosen ? `${styles.planTab} ${styles.planTabChosen}` : styles.planTab}
            onClick={() => onPick(plan.type)}
            data-testid={`plan-${plan.type}`}
          >
            <span>{plan.name}</span>
            <strong>{yuan(plan.priceFen)}</strong>
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className={styles.planList} role="radiogroup" data-testid="plan-cards">
      {plans.map((plan) => (
        // A div, not a button: the card holds block content (a list), which a button may not.
        <div
          key={plan.type}
          role="radio"
          tabIndex={0}
          aria-checked={plan.type === chosen}
          // Only the chosen card is marked (the recommended one carries just its badge here).
          className={plan.type === chosen ? `${styles.planCard} ${styles.planOption} ${styles.planChosen}` : `${styles.planCard} ${styles.planOption}`}
          onClick={() => onPick(plan.type)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            onPick(plan.type);
          }}
          data-testid={`plan-${plan.type}`}
        >
          <CompactDetails plan={plan} />
          {plan.type === chosen ? <span className={styles.chosenMark} aria-hidden="true">✓</span> : null}
        </div>
      ))}
    </div>
  );
}
