// The counters in the about section.

import type { IconName } from "./images.ts";

export type Stat = {
  icon: IconName;
  text: string;
  count: number;
  /** `count` as shown, with thousands separators. */
  display: string;
};

export const stats: readonly Stat[] = [
  { icon: "bed", text: "Rooms", count: 35, display: "35" },
  { icon: "users", text: "Staffs", count: 20, display: "20" },
  { icon: "user-check", text: "Clients", count: 10321, display: "10,321" },
];
