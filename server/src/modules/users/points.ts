/**
 * What the points ledger answers about a user. Until the ledger exists every account holds 0 and 0
 * and has not signed in today; the points module replaces these two functions, and nothing else
 * needs to change (LoginResult and user info read them here).
 */
export interface PointsBalance {
  /** Permanent points. */
  restIntegral: number;
  /** Daily points. */
  restIntegral2: number;
}

export async function balanceOf(_userId: string): Promise<PointsBalance> {
  return { restIntegral: 0, restIntegral2: 0 };
}

export async function hasSignedInToday(_userId: string): Promise<boolean> {
  return false;
}
