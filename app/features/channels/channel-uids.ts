// The UIDs of the events our own feeds publish: stable for one stay (its kind and id), and
// recognisable when a channel sends them back to us, so an import never blocks a room for a stay
// that is already ours (no loop).

const OWN_PREFIX = "lodge-hold-";

export type HeldBy = "booking" | "reservation" | "closure" | "channel";

export function ownUid(kind: HeldBy, id: string | number, domain: string): string {
  return `${OWN_PREFIX}${kind}-${id}@${domain}`;
}

export function isOwnUid(uid: string): boolean {
  return uid.startsWith(OWN_PREFIX);
}
