// A built-in courier's parcel after the driver signed the manifest: the states it goes through and when, from the
// confirmation's time and the waybill alone, so the same parcel has the same life in every test, demo and restart,
// and a week of a bench's parcels can be read at any instant of the engine's clock. Most parcels are delivered the
// next working day; a share, chosen by the waybill, needs a person: held at the depot (back to the sender after ten
// days unless someone acts), refused at the door, an address the driver cannot find, a first attempt missed.
import {
  HELD_DAYS,
  heldDaysLeftSince,
  trackingState,
  type KnownTrackingCode,
  type TrackingState,
} from '../../shared/domain/tracking';

export interface LifeEvent {
  atMs: number;
  state: TrackingState;
}

const HOUR = 60 * 60_000;

type Story = 'delivered' | 'attempted_then_delivered' | 'held' | 'refused' | 'address_not_found';

/** FNV-1a over the waybill: a stable number per parcel, spread evenly enough for shares of a hundred. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The share of each story, out of 100: what a small shop's week looks like. */
function storyOf(waybill: string): Story {
  const n = hashOf(waybill) % 100;
  if (n < 80) return 'delivered';
  if (n < 86) return 'attempted_then_delivered';
  if (n < 92) return 'held';
  if (n < 96) return 'refused';
  return 'address_not_found';
}

/** The story's steps as hours after the confirmation, each with its state. */
function stepsOf(story: Story): [number, KnownTrackingCode][] {
  const road: [number, KnownTrackingCode][] = [
    [3, 16],
    [8, 17],
    [20, 18],
    [25, 20],
  ];
  switch (story) {
    case 'delivered':
      return [...road, [29, 19]];
    case 'attempted_then_delivered':
      return [...road, [30, 21], [49, 20], [52, 19]];
    case 'held':
      return [...road, [30, 21], [33, 22], [33 + HELD_DAYS * 24, 25], [33 + HELD_DAYS * 24 + 72, 26]];
    case 'refused':
      return [...road, [30, 23], [54, 25], [126, 26]];
    case 'address_not_found':
      return [...road, [30, 24], [78, 25], [150, 26]];
  }
}

/** Every state of the parcel confirmed at `confirmedMs`, in order (those after `untilMs` left out). */
export function demoLife(waybill: string, confirmedMs: number, untilMs: number): LifeEvent[] {
  return stepsOf(storyOf(waybill))
    .map(([hours, code]) => ({ atMs: confirmedMs + hours * HOUR, state: trackingState(code) }))
    .filter((event) => event.atMs <= untilMs);
}

/** The days a parcel held at the depot has left before it goes back (0 on its last day); undefined if not held. */
export function heldDaysLeft(events: readonly LifeEvent[], nowMs: number): number | undefined {
  const held = events.findLast((e) => e.state.kind === 'held');
  const last = events.at(-1);
  if (!held || last !== held) return undefined;
  return heldDaysLeftSince(held.atMs, nowMs);
}
