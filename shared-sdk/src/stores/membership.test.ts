import type { UserInfo } from '@qiming/contracts';
import { membershipOf } from './membership';

const now = Date.UTC(2026, 10, 21, 4, 0, 0);
const day = 86_400_000;
const base: UserInfo = { username: 'u', inviteCode: 'c', hasSignIn: false, inviterUsers: 0, totalAmount: 0, userLevel: 0, userSignExpireTime: null, userPackage2: 0, userPackageExpireTime2: null, morePackageTime: null };
const at = (info: Partial<UserInfo>, instant = now) => membershipOf({ ...base, ...info }, instant);

describe('membershipOf around expiry instants', () => {
  it('has nothing for a visitor or a free user', () => {
    expect(membershipOf(null, now)).toEqual({ subscription: null, pointsPackage: null, vip: null, experience: null });
    expect(at({})).toEqual({ subscription: null, pointsPackage: null, vip: null, experience: null });
  });

  it('turns the subscription red from its expiry instant on', () => {
    expect(at({ userPackage2: 3, userPackageExpireTime2: now + 1 }).subscription).toEqual({ tier: 3, expiresAt: now + 1, expired: false });
    expect(at({ userPackage2: 3, userPackageExpireTime2: now }).subscription?.expired).toBe(true);
    expect(at({ userPackage2: 3, userPackageExpireTime2: now - 1 }).subscription?.expired).toBe(true);
    // A tier without an expiry never expires.
    expect(at({ userPackage2: 1, userPackageExpireTime2: null }).subscription?.expired).toBe(false);
  });

  it('shows the points package only with a level and an expiry still ahead', () => {
    expect(at({ userLevel: 4, userSignExpireTime: now + 1 }).pointsPackage).toEqual({ level: 4, expiresAt: now + 1 });
    expect(at({ userLevel: 4, userSignExpireTime: now }).pointsPackage).toBeNull();
    expect(at({ userLevel: 0, userSignExpireTime: now + day }).pointsPackage).toBeNull();
  });

  it('counts VIP days rounded up and asks to renew at the expiry instant', () => {
    expect(at({ morePackageTime: now + 1 }).vip).toEqual({ daysLeft: 1, renew: false });
    expect(at({ morePackageTime: now + day }).vip).toEqual({ daysLeft: 1, renew: false });
    expect(at({ morePackageTime: now + day + 1 }).vip).toEqual({ daysLeft: 2, renew: false });
    expect(at({ morePackageTime: now }).vip).toEqual({ daysLeft: null, renew: true });
    expect(at({ morePackageTime: 0 }).vip).toBeNull();
  });

  it('keeps the experience package until its expiry', () => {
    const experiencePackageVO = { experiencePackageExpireTime: now + day, experienceUserLevel: 2 };
    expect(at({ experiencePackageVO }).experience).toEqual({ level: 2, expiresAt: now + day });
    expect(at({ experiencePackageVO }, now + day).experience).toBeNull();
  });
});
