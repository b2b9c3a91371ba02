import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiEnvelope, UserInfo } from '@qiming/contracts';
import { membershipOf, type Membership } from './membership';

export type { UserInfo };

/** The signed-in user and the states the shell derives from it (spec platform §4). */
export class UserStore {
  info: UserInfo | null = null;

  constructor(
    private readonly fetchInfo: () => Promise<ApiEnvelope<UserInfo> | null>,
    private readonly now: () => number = Date.now,
  ) {
    // Getters read the clock, so they must not be cached as mobx computeds.
    makeAutoObservable<this, 'fetchInfo' | 'now'>(this, { fetchInfo: false, now: false, membership: false, subscriptionExpired: false, pointsPackageActive: false, vipDaysLeft: false, vipNeedsRenewal: false, priceMultiplier: false });
  }

  /** The plans as of now (re-read on every access; the shell re-renders each minute). */
  get membership(): Membership {
    return membershipOf(this.info, this.now());
  }

  /** The subscription shows as expired (red) once its expiry is past. */
  get subscriptionExpired(): boolean {
    return this.membership.subscription?.expired ?? false;
  }

  /** The points package shows while userLevel > 0 and its expiry is in the future. */
  get pointsPackageActive(): boolean {
    return this.membership.pointsPackage !== null;
  }

  /** Whole days until the VIP expiry (rounded up); null when there is no VIP or it is past. */
  get vipDaysLeft(): number | null {
    return this.membership.vip?.daysLeft ?? null;
  }

  /** A VIP that has expired: the badge offers renew VIP. */
  get vipNeedsRenewal(): boolean {
    return this.membership.vip?.renew ?? false;
  }

  /** Basic plan and above pay 80% of listed prices. */
  get priceMultiplier(): number {
    return this.info && this.info.userPackage2 >= 2 && !this.subscriptionExpired ? 0.8 : 1;
  }

  async load(): Promise<void> {
    const answer = await this.fetchInfo();
    runInAction(() => {
      if (answer) this.info = answer.data;
    });
  }

  clear(): void {
    this.info = null;
  }
}
