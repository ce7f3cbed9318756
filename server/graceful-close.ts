import type http from "node:http";
import net from "node:net";
import type { Socket } from "node:net";

/**
 * A graceful stop for an HTTP server (ADR 0006). Install it when the server is
 * created (it must see every connection); `close()` then:
 *
 * 1. keeps accepting until no connection has come for `quietMs` (or `drainMs` has passed), then
 *    closes the listening socket right after a turn of the event loop that accepted nothing.
 *    Closing it at once would reset every connection in the kernel's accept queue, with its
 *    request sent. The backlog stays as it is: with a backlog of 0 (which we tried) the kernel
 *    answers a burst's handshakes with SYN cookies it then cannot queue, and those clients, sure
 *    they are connected, are reset at the close. After the close the kernel refuses new
 *    connections (ECONNREFUSED), which a client knows it may retry;
 * 2. once the listening socket is closed, answers every request under way whose answer has not
 *    begun, and every request received from then on (on a keep-alive connection), with
 *    `Connection: close`. Not before: a client told to close reconnects at once, and while the
 *    listening socket is open its new connection may complete its handshake in the kernel just
 *    before the socket closes, and be reset with its request sent. Until then keep-alive clients
 *    stay on the connections they have;
 * 3. closes a connection only once it is really idle: no request under way and no byte received
 *    for `idleMs` while the event loop kept reading. Node's own `server.close()` and
 *    `closeIdleConnections()` close at once every connection whose request has been sent but not
 *    read yet, and the client gets a reset instead of an answer;
 * 4. after `graceMs`, cuts off whatever is left, so that the process can end. The drain ends
 *    by `drainMs` (half of it by default), so that what it accepted last has time to finish.
 *
 * It resolves once every connection is closed, with how many were cut off at the bound.
 */
export function gracefulClose(server: http.Server) {
  // Every connection, with the answers it has under way (until each response's "close").
  const sockets = new Map<Socket, Set<http.ServerResponse>>();
  let accepted = 0;
  let lastAcceptedAt = 0;
  let listening = true;
  server.on("connection", (socket: Socket) => {
    accepted++;
    lastAcceptedAt = Date.now();
    sockets.set(socket, new Set());
    socket.once("close", () => sockets.delete(socket));
  });
  // First, so that no handler has begun the answer when the header is set.
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!listening && !res.headersSent) res.setHeader("Connection", "close");
    const underway = sockets.get(req.socket);
    underway?.add(res);
    res.once("close", () => underway?.delete(res));
  });

  return function close({
    graceMs,
    idleMs = 150,
    quietMs = 50,
    drainMs = graceMs / 2,
  }: {
    graceMs: number;
    idleMs?: number;
    quietMs?: number;
    drainMs?: number;
  }): Promise<{ cutOff: number }> {
    const started = Date.now();
    let cutOff = 0;

    return new Promise((resolve) => {
      // 3 and 4: close connections once idle; cut off the rest at the bound. A connection is
      // idle when sweeps `idleMs` apart found it answering nothing and reading nothing: the event
      // loop read every socket in between (a poll phase comes between two timer phases), so a
      // request its client sent before the first of those sweeps has been read. Measured between
      // sweeps, not from the last answer: a busy event loop may run a late sweep. It begins once
      // the listening socket is closed, so that a client whose connection it closes finds the
      // door shut (ECONNREFUSED) when it connects again.
      const idle = new Map<Socket, { bytesRead: number; since: number }>();
      const sweep = () => {
        const now = Date.now();
        for (const [socket, underway] of sockets) {
          const seen = idle.get(socket);
          if (now - started >= graceMs) {
            cutOff++;
            socket.destroy();
          } else if (underway.size > 0 || (seen && seen.bytesRead !== socket.bytesRead)) {
            idle.delete(socket);
          } else if (!seen) {
            idle.set(socket, { bytesRead: socket.bytesRead, since: now });
          } else if (now - seen.since >= idleMs) {
            // Nothing under way and nothing received: its receive buffer is empty, so this
            // is a clean close (FIN), not a reset.
            socket.destroy();
          }
        }
      };

      // 1: Node accepts one connection a turn of the event loop, and a turn that runs a request
      // (the embedded database works in this thread) can take 100 ms on a busy machine, so a
      // burst drains at the pace its requests are answered. Wait while connections come, then
      // for `quietMs` without one, then for a whole turn that accepted nothing, and close in the
      // check phase right after that turn's poll: the kernel can queue a new connection only in
      // the moments between that poll and the close. The first turn is the one under way.
      const drain = (seen: number) => {
        const now = Date.now();
        const elapsed = now - started;
        const quietFor = now - lastAcceptedAt;
        const turnAccepted = accepted !== seen;
        // Past `drainMs` the quiet period is no longer waited for, but a turn that accepted
        // nothing still is (up to `graceMs`): closing after one that accepted resets what the
        // kernel queued meanwhile.
        if (elapsed < graceMs && (turnAccepted || (elapsed < drainMs && quietFor < quietMs))) {
          const count = accepted;
          if (turnAccepted || elapsed >= drainMs) setImmediate(() => drain(count));
          else setTimeout(() => setImmediate(() => drain(count)), quietMs - quietFor);
          return;
        }
        // net.Server's close, not http.Server's, which would close "idle" connections at once.
        // Its callback comes once the last connection has closed (never in this turn).
        const sweeper = setInterval(sweep, Math.max(10, Math.floor(idleMs / 3)));
        net.Server.prototype.close.call(server, () => {
          clearInterval(sweeper);
          resolve({ cutOff });
        });
        // 2: from now on a client told to close finds the door shut if it comes back.
        listening = false;
        for (const underway of sockets.values()) {
          for (const response of underway)
            if (!response.headersSent) response.setHeader("Connection", "close");
        }
      };
      setImmediate(() => drain(-1));
    });
  };
}
