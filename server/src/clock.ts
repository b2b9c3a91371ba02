/** The current time. Services that apply time rules take one, so tests can set the time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
