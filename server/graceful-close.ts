import type http from "node:http";
import net from "node:net";
import type { Socket } from "node:net";

/**
 * A graceful stop for an HTTP server (issue 10, ADR 0006). Install it when the server is
 * created (it must see every connection); `close()` then:
 *
 * 1. stops taking new connections and accepts those already waiting in the kernel's accept queue,
 *    then closes the listening socket. Closing it at once would reset every connection waiting
 *    there, with its request sent. Instead its backlog drops to 0: while the queue holds a
 *    connection, the kernel completes no new handshake (it drops the SYN; the client retries it
 *    a second later and then finds the socket closed: ECONNREFUSED). Node accepts one connection
 *    a turn of the event loop, so a deep queue under load takes a while: up to `drainMs`;
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
 * 4. after `graceMs`, cuts off whatever is left, so that the process can end.
 *
 * It resolves once every connection is closed, with how many were cut off at the bound.
 */
export function gracefulClose(server: http.Server) {
  // Every connection, with the answers it has under way (until each response's "close").
  const sockets = new Map<Socket, Set<http.ServerResponse>>();
  let accepted = 0;
  let listening = true;
  server.on("connection", (socket: Socket) => {
    accepted++;
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
    drainMs = graceMs,
  }: {
    graceMs: number;
    idleMs?: number;
    drainMs?: number;
  }): Promise<{ cutOff: number }> {
    // Node's listening handle (net.Server keeps it as `_handle`); listen() again only sets the
    // backlog of the listening socket (libuv: uv_listen on a bound socket).
    (server as unknown as { _handle?: { listen?(backlog: number): number } | null })._handle?.listen?.(0);
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

      // 1: every turn of the event loop polls the listening socket and accepts a connection it
      // holds (libuv takes one a turn). Close it after a turn that accepted nothing (or after
      // drainMs). The first turn is the one under way (the signal came in it): wait for a whole
      // next one.
      const drain = (seen: number) => {
        if (accepted !== seen && Date.now() - started < drainMs) {
          const now = accepted;
          setImmediate(() => drain(now));
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
