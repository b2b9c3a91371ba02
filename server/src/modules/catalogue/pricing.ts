import { HIGH_LEVEL_LABEL, MODEL_PREFIXES, WEB_SEARCH_POINTS, type PriceRule } from './models.js';
import type { CatalogueSnapshot } from './snapshot.js';

export { priceTextOf } from './priceText.js';

/** The model a price applies to: a catalogue entry, or a custom agent / app matched by prefix. */
export interface PricedModel {
  id: string;
  price: PriceRule;
  isHighLevelModel: boolean;
}

const prefixes = [...MODEL_PREFIXES].sort((a, b) => b.prefix.length - a.prefix.length);

/**
 * Where prices come from: the server's live Catalogue (an ops change applies to the next quote or
 * hold), or `builtInPrices`. Injected into whatever prices a request.
 */
export interface ModelPrices {
  /** The model's price rule; undefined for an id the catalogue does not know. */
  priced(id: string): PricedModel | undefined;
}

/** The price of `id` in this snapshot: its entry, or a custom agent / app by prefix. */
export function pricedModelOf(snapshot: CatalogueSnapshot, id: string): PricedModel | undefined {
  const model = snapshot.byId.get(id);
  if (model) return { id, price: model.price, isHighLevelModel: model.isHighLevelModel };
  const match = prefixes.find((p) => id.startsWith(p.prefix) && id.length > p.prefix.length);
  return match ? { id, price: match.price, isHighLevelModel: false } : undefined;
}

/** The user fields that decide discounts and access (users table, spec platform §3). */
export interface PlanFields {
  /** Points package tier 0–4 and its expiry. */
  user_level: number;
  user_sign_expire_time: string | null;
  /** Subscription tier 0 free, 1 starter, 2 basic, 3 professional, and its expiry. */
  user_package2: number;
  user_package_expire_time2: string | null;
}

export interface Entitlements {
  /** The subscription tier in force (0 when none or expired). */
  subscriptionTier: number;
  /** The points package tier in force (0 when none or expired). */
  packageLevel: number;
  /** 80 from the basic subscription (tier 2) up, else 100. */
  multiplierPercent: 80 | 100;
  /** Package 2 or above, or any subscription. */
  highLevelAllowed: boolean;
}

/** A tier counts while its expiry is in the future; a tier without an expiry (set by hand) does not expire. */
function inForce(tier: number, expiresAt: string | null, now: Date): number {
  if (tier <= 0) return 0;
  return expiresAt === null || Date.parse(expiresAt) > now.getTime() ? tier : 0;
}

export const DISCOUNT_FROM_TIER = 2;
export const HIGH_LEVEL_PACKAGE_LEVEL = 2;

export function entitlementsOf(user: PlanFields, now: Date): Entitlements {
  const subscriptionTier = inForce(user.user_package2, user.user_package_expire_time2, now);
  const packageLevel = inForce(user.user_level, user.user_sign_expire_time, now);
  return {
    subscriptionTier,
    packageLevel,
    multiplierPercent: subscriptionTier >= DISCOUNT_FROM_TIER ? 80 : 100,
    highLevelAllowed: packageLevel >= HIGH_LEVEL_PACKAGE_LEVEL || subscriptionTier >= 1,
  };
}

/** Why the user may not use the model, or null. */
export function restrictionOf(model: PricedModel, entitlements: Entitlements): string | null {
  return model.isHighLevelModel && !entitlements.highLevelAllowed ? HIGH_LEVEL_LABEL : null;
}

/** What a generation used, as the chat gateway or a media task reports it. */
export type Usage = { requests: number } | { inputTokens: number; outputTokens: number } | { characters: number };

export interface ChargeLimits {
  /** Output tokens a per-token hold covers. */
  maxOutputTokens: number;
  /** Reply characters a per-character hold covers. */
  maxOutputChars: number;
}

// Exact integer arithmetic: fractional prices are scaled to 1/10000 point, the result rounded up once.
const PRICE_SCALE = 10_000n;
const scaled = (points: number) => BigInt(Math.round(points * Number(PRICE_SCALE)));
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`${what} must be a non-negative integer, got ${value}`);
}

/** True when the usage shows the generation produced something (only then is it charged). */
export function producedOutput(usage: Usage): boolean {
  if ('requests' in usage) return usage.requests > 0;
  if ('characters' in usage) return usage.characters > 0;
  return usage.outputTokens > 0;
}

/** Points for a usage at a price, after the discount, rounded up to a whole point. */
function ruleCost(price: PriceRule, usage: Usage, multiplierPercent: number): number {
  let numerator: bigint;
  let denominator: bigint;
  if (price.kind === 'perRequest') {
    if (!('requests' in usage)) throw new TypeError(`per-request price needs {requests}, got ${JSON.stringify(usage)}`);
    assertCount(usage.requests, 'requests');
    numerator = scaled(price.points) * BigInt(usage.requests);
    denominator = PRICE_SCALE;
  } else if (price.kind === 'perCharacter') {
    if (!('characters' in usage)) throw new TypeError(`per-character price needs {characters}, got ${JSON.stringify(usage)}`);
    assertCount(usage.characters, 'characters');
    numerator = scaled(price.points) * BigInt(usage.characters);
    denominator = PRICE_SCALE;
  } else {
    if (!('inputTokens' in usage)) throw new TypeError(`per-token price needs {inputTokens, outputTokens}, got ${JSON.stringify(usage)}`);
    assertCount(usage.inputTokens, 'inputTokens');
    assertCount(usage.outputTokens, 'outputTokens');
    numerator = scaled(price.input) * BigInt(usage.inputTokens) + scaled(price.output) * BigInt(usage.outputTokens);
    denominator = PRICE_SCALE * 1_000_000n;
  }
  return Number(ceilDiv(numerator * BigInt(multiplierPercent), denominator * 100n));
}

/** A listed number of points (the search fee, an extension's calls) after the discount, rounded up. */
export function discounted(points: number, multiplierPercent: number): number {
  assertCount(points, 'points');
  return Number(ceilDiv(BigInt(points) * BigInt(multiplierPercent), 100n));
}

/** The web-wide search fee after the discount. */
export function webSearchCost(multiplierPercent: number): number {
  return discounted(WEB_SEARCH_POINTS, multiplierPercent);
}

/**
 * What a finished generation costs: nothing when it produced no output (未生成成功不扣积分), else
 * the model's price for the usage plus the search fee when search was on.
 */
export function costOf(model: PricedModel, usage: Usage, options: { multiplierPercent: number; webSearch: boolean }): number {
  const base = ruleCost(model.price, usage, options.multiplierPercent);
  if (!producedOutput(usage)) return 0;
  return base + (options.webSearch ? webSearchCost(options.multiplierPercent) : 0);
}

/**
 * The most one message can cost — what a hold reserves. Per request: the price. Per token: the
 * prompt estimate (1 token per prompt character, an upper bound for Chinese text) at the input price
 * plus `maxOutputTokens` at the output price. Per character: prompt and `maxOutputChars` characters.
 */
export function maxCostOf(model: PricedModel, options: { multiplierPercent: number; webSearch: boolean; promptChars: number }, limits: ChargeLimits): number {
  assertCount(options.promptChars, 'promptChars');
  const price = model.price;
  const usage: Usage =
    price.kind === 'perRequest'
      ? { requests: 1 }
      : price.kind === 'perCharacter'
        ? { characters: options.promptChars + limits.maxOutputChars }
        : { inputTokens: options.promptChars, outputTokens: limits.maxOutputTokens };
  return costOf(model, usage, options);
}
