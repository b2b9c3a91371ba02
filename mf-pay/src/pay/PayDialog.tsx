import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { observer } from 'mobx-react-lite';
import { eventBus, session, toasts, useLoad, useMediaQuery } from '@qiming/sdk';
import type { PayOrderCreated, PlanType, VoucherView } from '@qiming/sdk/contracts';
import { Button, Spin } from '@qiming/sdk/ui';
import { QRCode } from '@qiming/sdk/ui/display';
import { Modal } from '@qiming/sdk/ui/feedback';
import { payApi, type PayApi } from './payApi';
import { askForQr, changeChoice, firstChoice, type PayChoice } from './payChoice';
import { createPayPolling } from './payPolling';
import { PlanCards, PlanDetails, yuan } from './PlanCards';
import { t } from '../i18n';
import styles from './pay.module.css';

/** spec platform §4: windows narrower than 980 px make dialogs full screen. */
const FULL_SCREEN_QUERY = '(max-width: 979.98px)';
/** spec platform §4: the phone layout below 600 px — the QR code first, the plans as tabs above it. */
const PHONE_QUERY = '(max-width: 599.98px)';
/** spec platform §9: the pay dialog is 920 × 580 (the whole dialog, title included); the QR code 200 px with the 50 px logo centred. */
const DIALOG_WIDTH = 920;
const DIALOG_HEIGHT = 580;
const QR_SIZE = 200;
const QR_ICON_SIZE = 50;
/** The site logo, served by the host. */
const SITE_LOGO = '/icon-192.png';

/** spec §4: the expired code is greyed under its refresh text. */
const EXPIRED_COVER: CSSProperties = { background: 'rgba(236, 236, 240, 0.9)' };
const FULL_SCREEN_STYLE: CSSProperties = { top: 0, maxWidth: '100vw', margin: 0, padding: 0 };

type OrderState = { kind: 'creating' } | { kind: 'failed' } | { kind: 'ready'; order: PayOrderCreated; expired: boolean };

const appliesTo = (voucher: VoucherView, type: PlanType) => voucher.planTypes.length === 0 || voucher.planTypes.includes(type);

export interface PayDialogProps {
  open: boolean;
  onClose(): void;
  /** pay:open's reason: `points` titles it 充值积分; `plan:<type>` chooses that plan. */
  reason?: string;
  api?: PayApi;
}

/**
 * The QR pay dialog (spec platform §2, §4): the plans on the left, the chosen plan's QR code on the
 * right, its status polled until paid or expired. Mount a fresh one (a new key) for every opening.
 */
export const PayDialog = observer(function PayDialog({ open, onClose, reason, api = payApi }: PayDialogProps) {
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY);
  const phone = useMediaQuery(PHONE_QUERY);
  const [modal, modalHolder] = Modal.useModal();
  const signedIn = session.isLoggedIn;
  const { data: info, error: infoError, loading: infoLoading, refresh: retryInfo } = useLoad(open ? () => api.payInfo() : null, [open, api]);
  const infoFailed = infoError !== undefined && !infoLoading;
  const { data: vouchers = [] } = useLoad(open && signedIn ? () => api.vouchers() : null, [open, signedIn, api]);
  const [choice, setChoice] = useState<PayChoice | null>(null);
  const [order, setOrder] = useState<OrderState>({ kind: 'creating' });
  const closeConfirm = useRef<{ destroy(): void } | null>(null);
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  const [polling] = useState(() =>
    createPayPolling({
      query: (outTradeNo) => api.status(outTradeNo),
      onPaid: (outTradeNo) => {
        closeConfirm.current?.destroy();
        closeConfirm.current = null;
        latestOnClose.current();
        toasts.success(t('pay.dialog.paid'));
        eventBus.emit('pay:success', { outTradeNo });
      },
      onExpired: () => setOrder((current) => (current.kind === 'ready' ? { ...current, expired: true } : current)),
    }),
  );

  // The first plan is chosen in the render that shows the plans (React's state-from-props pattern),
  // so they never appear without it; the reason picks this first plan (and `plan:<type>` asks for its QR code).
  const first = info && !choice ? firstChoice(info.plans, info.methods, reason) : null;
  if (first) setChoice(first);

  // Once the user asked for the QR code, every change of method or voucher use (and every retry)
  // makes a new order and watches it; before that, and after choosing another plan, none exists.
  useEffect(() => {
    if (!open || !signedIn || !choice) return;
    if (!choice.asked) {
      polling.stop();
      setOrder({ kind: 'creating' });
      return;
    }
    let current = true;
    polling.stop();
    setOrder({ kind: 'creating' });
    api.createOrder({ type: choice.type, method: choice.method, ...(choice.useVoucher ? {} : { voucherId: null }) }).then(
      (created) => {
        if (!current) return;
        setOrder({ kind: 'ready', order: created, expired: false });
        polling.restart(created.outTradeNo);
      },
      // The SDK already showed the refusal; the dialog stays usable with a retry.
      () => current && setOrder({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [open, signedIn, choice, api, polling]);

  useEffect(() => {
    if (!open) polling.stop();
  }, [open, polling]);
  useEffect(() => () => polling.stop(), [polling]);

  const change = (patch: Parameters<typeof changeChoice>[1]) => setChoice((chosen) => chosen && changeChoice(chosen, patch));
  const newOrder = () => setChoice((chosen) => chosen && askForQr(chosen));

  const close = () => {
    polling.stop();
    onClose();
  };
  // spec platform §5: closing while an order waits for payment asks first.
  const requestClose = () => {
    if (polling.phase !== 'waiting') return close();
    if (closeConfirm.current) return;
    closeConfirm.current = modal.confirm({
      title: t('pay.dialog.closeConfirm'),
      content: t('pay.dialog.closeConfirmDetail'),
      onOk: () => {
        closeConfirm.current = null;
        close();
      },
      onCancel: () => {
        closeConfirm.current = null;
      },
    });
  };
  const signIn = () => {
    close();
    eventBus.emit('auth:required', { returnTo: `${window.location.pathname}${window.location.search}` });
  };

  const chosenPlan = info?.plans.find((plan) => plan.type === choice?.type);

  function plansColumn() {
    if (info) return <PlanCards plans={info.plans} mode={phone ? 'tabs' : 'choose'} chosen={choice?.type} onPick={(type) => change({ type })} />;
    if (infoFailed) {
      return (
        <div className={styles.placeholder}>
          <span>{t('pay.dialog.infoFailed')}</span>
          <Button onClick={retryInfo}>{t('pay.dialog.retry')}</Button>
        </div>
      );
    }
    return (
      <div className={styles.placeholder}>
        <Spin />
      </div>
    );
  }

  function checkout() {
    if (!info || !choice || !chosenPlan) return null;
    if (!signedIn) {
      return (
        <div className={styles.placeholder}>
          <strong className={styles.planName}>{chosenPlan.name}</strong>
          <span className={styles.price}>{yuan(chosenPlan.priceFen)}</span>
          <span className={styles.muted}>{t('pay.dialog.signInHint')}</span>
          <Button type="primary" size="large" onClick={signIn}>
            {t('pay.dialog.signInToBuy')}
          </Button>
        </div>
      );
    }
    return (
      <>
        {info.methods.length > 1 ? (
          <div className={styles.methods} role="radiogroup" aria-label={t('pay.dialog.method')}>
            {info.methods.map((method) => (
              <Button key={method} role="radio" aria-checked={method === choice.method} type={method === choice.method ? 'primary' : 'default'} onClick={() => change({ method })}>
                {t(`pay.method.${method}`)}
              </Button>
            ))}
          </div>
        ) : null}
        {!choice.asked ? (
          <div className={styles.placeholder} data-testid="pay-ask">
            <strong className={styles.planName}>{chosenPlan.name}</strong>
            <span className={styles.price}>{yuan(chosenPlan.priceFen)}</span>
            <Button type="primary" size="large" onClick={newOrder}>
              {t('pay.dialog.showQr')}
            </Button>
          </div>
        ) : order.kind === 'creating' ? (
          <div className={`${styles.placeholder} ${styles.qrBox}`}>
            <Spin />
            <span className={styles.muted}>{t('pay.dialog.creating')}</span>
          </div>
        ) : order.kind === 'failed' ? (
          <div className={`${styles.placeholder} ${styles.qrBox}`}>
            <span>{t('pay.dialog.orderFailed')}</span>
            <Button onClick={newOrder}>{t('pay.dialog.retry')}</Button>
          </div>
        ) : (
          <OrderQr
            order={order.order}
            expired={order.expired}
            onRefresh={newOrder}
            canUseVoucher={!choice.useVoucher && vouchers.some((voucher) => appliesTo(voucher, choice.type))}
            onVoucher={(useVoucher) => change({ useVoucher })}
          />
        )}
      </>
    );
  }

  return (
    <>
      {modalHolder}
      <Modal
        open={open}
        onCancel={requestClose}
        footer={null}
        title={t(reason === 'points' ? 'pay.dialog.title.points' : 'pay.dialog.title.member')}
        width={fullScreen ? '100vw' : DIALOG_WIDTH}
        style={fullScreen ? FULL_SCREEN_STYLE : undefined}
        styles={
          fullScreen
            ? { container: { borderRadius: 0, minHeight: '100vh' }, body: { overflowY: 'auto' } }
            : { container: { height: DIALOG_HEIGHT, display: 'flex', flexDirection: 'column' }, body: { flex: 1, minHeight: 0, overflow: 'hidden' } }
        }
        destroyOnHidden
      >
        {phone ? (
          // Phones: what to scan comes first; the plans are tabs above it, the chosen one's details below.
          <div className={styles.phoneDialog} data-testid="pay-dialog" data-full-screen={fullScreen}>
            {plansColumn()}
            <div className={styles.dialogCheckout}>{checkout()}</div>
            {chosenPlan ? (
              <div className={styles.chosenDetails}>
                <PlanDetails plan={chosenPlan} />
              </div>
            ) : null}
          </div>
        ) : (
          <div className={styles.dialog} data-testid="pay-dialog" data-full-screen={fullScreen}>
            <div className={styles.dialogPlans}>{plansColumn()}</div>
            <div className={styles.dialogCheckout}>{checkout()}</div>
          </div>
        )}
      </Modal>
    </>
  );
});

interface OrderQrProps {
  order: PayOrderCreated;
  expired: boolean;
  onRefresh(): void;
  /** The user turned the automatic voucher off and has one that fits this plan. */
  canUseVoucher: boolean;
  onVoucher(use: boolean): void;
}

/** The order's QR code, what it costs after the voucher, and how to pay it. */
function OrderQr({ order, expired, onRefresh, canUseVoucher, onVoucher }: OrderQrProps) {
  return (
    <div className={styles.order}>
      <div data-testid="pay-qr">
        <QRCode
          type="svg"
          value={order.qrCode}
          size={QR_SIZE}
          icon={SITE_LOGO}
          iconSize={QR_ICON_SIZE}
          errorLevel="H"
          status={expired ? 'expired' : 'active'}
          styles={{ cover: EXPIRED_COVER }}
          onRefresh={onRefresh}
          statusRender={(info) =>
            info.status === 'expired' ? (
              <button type="button" className={styles.qrRefresh} onClick={info.onRefresh}>
                {t('pay.dialog.expired')}
              </button>
            ) : null
          }
        />
      </div>
      <div className={styles.amount}>
        <span>{t('pay.dialog.amount')}</span>
        <strong data-testid="pay-amount">{yuan(order.amountFen)}</strong>
        {order.discountFen > 0 ? <del>{yuan(order.amountFen + order.discountFen)}</del> : null}
      </div>
      {order.discountFen > 0 ? (
        <div className={styles.voucher}>
          <span>{t('pay.dialog.voucherApplied', { amount: yuan(order.discountFen) })}</span>
          <button type="button" className={styles.linkButton} onClick={() => onVoucher(false)}>
            {t('pay.dialog.noVoucher')}
          </button>
        </div>
      ) : canUseVoucher ? (
        <div className={styles.voucher}>
          <button type="button" className={styles.linkButton} onClick={() => onVoucher(true)}>
            {t('pay.dialog.useVoucher')}
          </button>
        </div>
      ) : null}
      {order.method === 'sandbox' ? (
        // The sandbox code is the URL of a local confirm page: the link pays without a phone.
        <a className={styles.scanHint} href={order.qrCode} target="_blank" rel="noopener noreferrer">
          {t('pay.scan.sandbox')}
        </a>
      ) : (
        <p className={styles.scanHint}>{t(order.method === 'alipay' ? 'pay.scan.alipay' : 'pay.scan.wechat')}</p>
      )}
    </div>
  );
}
