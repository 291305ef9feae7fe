/** The client address as rate limits count it. */
import ipaddr from 'ipaddr.js';

/**
 * An IPv4 address as it is (an IPv4-mapped IPv6 address included); an IPv6 address as its /64
 * network, because one subscriber is routed a whole /64 and could otherwise take a fresh address
 * for every attempt.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
