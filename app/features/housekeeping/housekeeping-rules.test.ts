import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOUSEKEEPING_STATES, STAFF_ROLES } from "~/shared/db/schema.ts";
import { roleAllows } from "~/features/staff/staff-rules.ts";
import {
  canMark,
  MARKS,
  marksFor,
  orderRooms,
  priority,
  readyForGuest,
  type RoomOfTheDay,
} from "./housekeeping-rules.ts";

const state = fc.constantFrom(...HOUSEKEEPING_STATES);
const room: fc.Arbitrary<RoomOfTheDay> = fc.record({
  roomNumber: fc.integer({ min: 1, max: 999 }).map(String),
  state,
  arrivalToday: fc.boolean(),
  departureToday: fc.boolean(),
});

describe("housekeeping states", () => {
  it("cleans a dirty room, inspects a clean one, and never marks a room out of order", () => {
    expect(canMark("Dirty", "Clean")).toBe(true);
    expect(canMark("Clean", "Inspected")).toBe(true);
    expect(canMark("Dirty", "Inspected")).toBe(false);
    expect(canMark("Inspected", "Clean")).toBe(false);
    for (const mark of MARKS) expect(canMark("Out of order", mark)).toBe(false);
    expect(marksFor("Out of order")).toEqual([]);
  });

  it("never offers the state a room is already in, and every state but out of order can get dirty again", () => {
    fc.assert(
      fc.property(state, (from) => {
        expect(marksFor(from)).not.toContain(from);
        if (from === "Clean" || from === "Inspected") expect(marksFor(from)).toContain("Dirty");
      }),
    );
  });

  it("takes a guest without asking only into a clean or inspected room", () => {
    expect(HOUSEKEEPING_STATES.filter(readyForGuest)).toEqual(["Clean", "Inspected"]);
  });
});

describe("the day's list", () => {
  it("puts a room a guest arrives in today and that is not ready first, then departures", () => {
    const list = orderRooms([
      { roomNumber: "110", state: "Dirty", arrivalToday: false, departureToday: false },
      { roomNumber: "102", state: "Clean", arrivalToday: false, departureToday: true },
      { roomNumber: "120", state: "Dirty", arrivalToday: true, departureToday: false },
      { roomNumber: "9", state: "Inspected", arrivalToday: true, departureToday: false },
    ]);
    expect(list.map((r) => r.roomNumber)).toEqual(["120", "102", "110", "9"]);
  });

  it("keeps every room, each once, in priority order, numbers in order within a priority", () => {
    fc.assert(
      fc.property(fc.array(room, { maxLength: 40 }), (rooms) => {
        const list = orderRooms(rooms);
        expect(list).toHaveLength(rooms.length);
        expect(new Set(list)).toEqual(new Set(rooms));
        for (let i = 1; i < list.length; i++) {
          const [a, b] = [list[i - 1]!, list[i]!];
          expect(priority(a)).toBeLessThanOrEqual(priority(b));
          if (priority(a) === priority(b))
            expect(Number(a.roomNumber)).toBeLessThanOrEqual(Number(b.roomNumber));
        }
      }),
    );
  });

  it("never puts a room out of order among the rooms to do", () => {
    fc.assert(
      fc.property(room, (r) => {
        fc.pre(r.state === "Out of order");
        expect(priority(r)).toBe(4);
      }),
    );
  });
});

describe("roles", () => {
  it("ranks housekeeping below reception below manager", () => {
    expect(roleAllows("housekeeping", "reception")).toBe(false);
    expect(roleAllows("reception", "housekeeping")).toBe(true);
    expect(roleAllows("reception", "manager")).toBe(false);
    fc.assert(fc.property(fc.constantFrom(...STAFF_ROLES), (role) => roleAllows("manager", role)));
  });
});
