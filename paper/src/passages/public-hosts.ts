/**
 * Which addresses a full-text download may connect to. The URLs come from outside databases and
 * repositories, so only public unicast addresses are asked, as ipaddr.js classifies them (every
 * special range of IANA's registries: private, loopback, link-local and cloud metadata, shared,
 * documentation, benchmarking, reserved, multicast, NAT64, 6to4, Teredo; an IPv4-mapped IPv6
 * address is read as its IPv4). The check runs on the connection itself: an undici Agent whose
 * connector checks an address literal and whose lookup checks what the host resolves to at that
 * moment, so a host that answers a public address to one lookup and a private one to the next
 * (DNS rebinding) never gets a connection to the private one; every redirect is a new connection.
 */
import { lookup as systemLookup } from 'node:dns/promises';
import type { HostPolicy, Resolve } from './types.ts';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/** A connection refused because of where it would go. */
export class NotPublicError extends Error {
  constructor(host: string, address: string) {
    super(`host ${host === address ? host : `${host} (${address})`} is not public`);
    this.name = 'NotPublicError';
  }
}

export function isAllowedAddress(address: string, policy: Pick<HostPolicy, 'loopback'>): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const range = ipaddr.process(bare).range();
  return range === 'unicast' || (policy.loopback && range === 'loopback');
}

const resolveAll: Resolve = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/** net.connect's `lookup`: the addresses the host resolves to now, all of them allowed, or an error. */
function checkedLookup(policy: HostPolicy): LookupFunction {
  const resolve = policy.resolve ?? resolveAll;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const usable = found.filter((a) => !options.family || a.family === options.family);
        const refused = usable.find((a) => !isAllowedAddress(a.address, policy));
        if (refused) return callback(new NotPublicError(hostname, refused.address), '');
        if (!usable.length) return callback(Object.assign(new Error(`host ${hostname} not found`), { code: 'ENOTFOUND' }), '');
        if (options.all) return callback(null, usable);
        callback(null, usable[0].address, usable[0].family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}

/** An Agent that connects only where the policy allows, checked on every connection it opens. */
export function createPublicAgent(policy: HostPolicy): Agent {
  const connect = buildConnector({ lookup: checkedLookup(policy) });
  return new Agent({
    connect(options, callback) {
      // An address literal is not looked up: it is checked as it is.
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !isAllowedAddress(host, policy)) return callback(new NotPublicError(host, host), null);
      connect(options, (error, socket) => {
        if (error) return callback(error, null);
        // What the socket reached, whichever way it got there.
        const peer = (socket as Socket).remoteAddress ?? '';
        if (!isAllowedAddress(peer, policy)) {
          socket!.destroy();
          return callback(new NotPublicError(host, peer), null);
        }
        callback(null, socket!);
      });
    },
  });
}
