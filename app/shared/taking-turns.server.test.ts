import { once } from "node:events";
import { createServer, connect, type AddressInfo, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { takingTurns } from "./taking-turns.server.ts";

describe("taking turns", () => {
  it("runs at most so many tasks at once", async () => {
    const turns = takingTurns(2);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        turns(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
  });

  it("reads a request that arrives during a task before the next task, though none waits", async () => {
    // A guest's request is a socket's data, read when the event loop polls.
    const server = createServer();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const accepted = once(server, "connection") as Promise<[Socket]>;
    const guest = connect((server.address() as AddressInfo).port, "127.0.0.1");
    await once(guest, "connect");
    const [socket] = await accepted;
    const order: string[] = [];
    socket.on("data", () => order.push("guest"));
    try {
      const turns = takingTurns(1);
      await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          turns(async () => {
            if (i === 0) guest.write("GET /healthz");
            order.push(`task ${i}`);
          }),
        ),
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(order.slice(0, 2)).toEqual(["task 0", "guest"]);
    } finally {
      guest.destroy();
      socket.destroy();
      server.close();
    }
  });

  it("frees its place when a task fails", async () => {
    const turns = takingTurns(1);
    await expect(turns(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
    await expect(turns(() => Promise.resolve(2))).resolves.toBe(2);
  });
});
