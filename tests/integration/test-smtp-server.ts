import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server inside the test process (127.0.0.1, a free port), keeping every message it
 * accepts, parsed. It can refuse (`refuseNext`) or go away and come back (`down`/`up`) on the same
 * port, as a mail server does: gone (connections refused), or a black hole (connections accepted
 * and never answered, as a hung server or a firewall that swallows packets).
 */
export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  /** Answer the next `count` messages with this SMTP error (e.g. 451 or 550). */
  refuseNext(count: number, code: number, message?: string): void;
  /**
   * Until `up()`: close the port, so connections are refused; or, as a black hole, accept them and
   * never say a word.
   */
  down(mode?: "refused" | "black-hole"): Promise<void>;
  /** Connections the black hole has swallowed so far. */
  readonly swallowed: number;
  up(): Promise<void>;
  /** Resolves once `count` messages in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusals: { count: number; code: number; message: string } = { count: 0, code: 0, message: "" };
  let port = 0;

  function create(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      closeTimeout: 200,
      disableReverseLookup: true,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            if (refusals.count > 0) {
              refusals.count -= 1;
              const error = Object.assign(new Error(refusals.message), { responseCode: refusals.code });
              callback(error);
              return;
            }
            received.push(parsed);
            callback();
            for (const wake of waiters.splice(0)) wake();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  let server = create();
  let blackHole: { server: Server; sockets: Set<Socket> } | undefined;
  let swallowed = 0;
  async function listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  }
  await listen();

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    refuseNext(count, code, message = code >= 500 ? "Mailbox unavailable" : "Try again later") {
      refusals = { count, code, message };
    },
    get swallowed() {
      return swallowed;
    },
    async down(mode = "refused") {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (mode === "black-hole") {
        const sockets = new Set<Socket>();
        const hole = createServer((socket) => {
          swallowed += 1;
          sockets.add(socket);
          socket.on("error", () => {});
          socket.on("close", () => sockets.delete(socket));
        });
        await new Promise<void>((resolve, reject) => {
          hole.once("error", reject);
          hole.listen(port, "127.0.0.1", () => resolve());
        });
        blackHole = { server: hole, sockets };
      }
    },
    async up() {
      if (blackHole) {
        const { server: hole, sockets } = blackHole;
        blackHole = undefined;
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => hole.close(() => resolve()));
      }
      server = create();
      await listen();
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200).unref();
        });
      }
      return received;
    },
    async close() {
      if (blackHole) {
        for (const socket of blackHole.sockets) socket.destroy();
        const hole = blackHole.server;
        blackHole = undefined;
        await new Promise<void>((resolve) => hole.close(() => resolve()));
        return;
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
