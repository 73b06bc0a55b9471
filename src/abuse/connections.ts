// Open connections per client address (PARLOR_LIMIT_CONNECTIONS_PER_ADDRESS), counted on each
// instance as sockets arrive: a connection past the cap is closed before anything is read
// from it, so one address cannot hold every socket the process can serve. Counted by the
// socket's address, so it is off behind trusted proxies (PARLOR_TRUSTED_PROXIES), where every
// socket comes from a proxy; the proxy is then the place to cap clients.
import type { Server } from 'node:http';
import { clientKey } from './client-address.ts';

export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const key = clientKey(socket.remoteAddress ?? '');
    const n = (open.get(key) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(key, n);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
