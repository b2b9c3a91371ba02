import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiEnvelope, UserInfo } from '../contracts';

export type { UserInfo };


const DAY_MS = 86_400_000;

/** The signed-in user and the states the shell derives from it (spec platform §4). */
export class UserStore {
  info: UserInfo | null = null;

  constructor(
    private readonly fetchInfo: () => Promise<ApiEnvelope<UserInfo> | null>,
    private readonly now: () => number = Date.now,
  ) {
    makeAutoObservable<this, 'fetchInfo' | 'now'>(this, { fetchInfo: false, now: false });
  }

  /** The subscription shows as expired (red) once its expiry is past. */
  get subscriptionExpired(): boolean {
    const expiry = this.info?.userPackageExpireTime2;
    return !!this.info && this.info.userPackage2 > 0 && expiry != null && expiry < this.now();
  }

  /** The points package shows while userLevel > 0 and its expiry is in the future. */
  get pointsPackageActive(): boolean {
    const expiry = this.info?.userSignExpireTime;
    return !!this.info && this.info.userLevel > 0 && expiry != null && expiry > this.now();
  }

  /** Whole days until the VIP expiry (rounded up); null when there is no VIP or it is past. */
  get vipDaysLeft(): number | null {
    const expiry = this.info?.morePackageTime;
    if (expiry == null || expiry <= this.now()) return null;
    return Math.ceil((expiry - this.now()) / DAY_MS);
  }

  /** A VIP that has expired: the badge offers renew VIP. */
  get vipNeedsRenewal(): boolean {
    const expiry = this.info?.morePackageTime;
    return expiry != null && expiry > 0 && expiry <= this.now();
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
