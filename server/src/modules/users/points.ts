/**
 * What user info and LoginResult read from the points work: the balance (with the lazy daily
 * refresh) and today's sign-in. The points and sign-in modules implement it; app.ts wires them in.
 */
export interface PointsBalance {
  /** Permanent points. */
  restIntegral: number;
  /** Daily points. */
  restIntegral2: number;
}

export interface PointsReader {
  balanceOf(userId: string): Promise<PointsBalance>;
  hasSignedInToday(userId: string): Promise<boolean>;
}
