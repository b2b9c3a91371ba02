import ipaddr from 'ipaddr.js';

/**
 * Whether a page may be fetched from this address: only public unicast. Refused: loopback,
 * private, link-local (169.254.169.254, the cloud metadata service), CGNAT, unique-local,
 * multicast, broadcast, unspecified, reserved and documentation ranges, and the IPv6 forms that
 * carry an IPv4 address (mapped ::ffff:a.b.c.d — judged by that address —, NAT64, 6to4, Teredo).
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** An IP literal as a URL host writes it ([::1] for IPv6), or null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? bare : null;
}
