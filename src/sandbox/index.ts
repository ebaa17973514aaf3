// Starts the sandbox: a seeded store behind the REST pipeline on a loopback port.
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '../catalog';
import { RequestCounter } from './admin';
import type { SandboxSettings, SandboxState } from './context';
import { Faults, type FaultSettings } from './faults';
import './handlers/areas-registry';
import { RateLimiter } from './rate-limit';
import { createRenderer } from './render';
import { seedStore, type SeedSize, type SeedSummary } from './seed';
import { createSandboxServer } from './server';
import { DEFAULT_SETTINGS, DEMO_USER, toAppUser, type UserOption } from './settings';
import { Store } from './store';
import { parseDuration, type ClockMode } from './clock';
import type { DueEvent } from './lifecycle/due/index';
import { Timeline } from './timeline';
import { configureCheckout } from './lifecycle/transactions/urls';

export interface SandboxOptions {
  port?: number;
  host?: string;
  seed?: number;
  /** How much demo data (default `default`; `large`: 200,000 transactions). */
  seedSize?: SeedSize;
  /** Called with the share of the demo data seeded so far (0 to 1): a progress bar's feed. */
  onSeedProgress?: (done: number) => void;
  users?: UserOption[];
  /** Most items one bulk request may carry (413 beyond); `settings.bulkMaxItems` by another name. */
  bulkLimit?: number;
  /** `real` (default): the wall clock; `manual`: time stands still until advanced (admin endpoint or `clock.advance`). */
  clock?: ClockMode;
  settings?: Partial<Omit<SandboxSettings, 'users' | 'seed'>>;
  /** Where browsers reach this sandbox, for the checkout URLs it hands out; default `http://{host}:{port}`. */
  publicOrigin?: string;
  faults?: Partial<FaultSettings>;
}

export interface RunningSandbox {
  baseUrl: string;
  origin: string;
  users: { id: string; key: string }[];
  spaces: number[];
  state: SandboxState;
  seedSummary: SeedSummary;
  faults: { set(f: Partial<FaultSettings>): void; clear(): void };
  requests: RequestCounter;
  /** The sandbox clock, as the admin endpoint `/__admin/clock` reads and advances it. */
  clock: { readonly mode: ClockMode; now(): Date; advance(duration: string | number): DueEvent[] };
  close: () => Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const userOptions = options.users?.length ? options.users : [DEMO_USER];
  const users = userOptions.map(toAppUser);
  const settings: SandboxSettings = {
    ...DEFAULT_SETTINGS,
    ...options.settings,
    seed: options.seed ?? 1,
    users,
  };
  if (options.bulkLimit !== undefined) {
    if (!Number.isInteger(options.bulkLimit) || options.bulkLimit < 1)
      throw new Error(`bulkLimit must be a whole number of at least 1, got ${options.bulkLimit}`);
    settings.bulkMaxItems = options.bulkLimit;
  }
  const store = new Store();
  const seedSummary = seedStore(store, settings.seed, undefined, {
    size: options.seedSize,
    onProgress: options.onSeedProgress,
  });
  const timeline = new Timeline(options.clock ?? 'real', store);
  const state: SandboxState = { store, settings, render: createRenderer(store), now: timeline.now };
  const faults = new Faults();
  if (options.faults) faults.set(options.faults);
  const requests = new RequestCounter();
  const deps = {
    state,
    users: new Map(users.map((u) => [u.id, u])),
    rateLimiter: new RateLimiter(settings.rateLimitPerSecond),
    timeline,
  };
  const server = createSandboxServer(deps, faults, requests);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  configureCheckout(store, {
    origin: options.publicOrigin?.replace(/\/+$/, '') ?? origin,
    ttlSeconds: () => settings.credentialsTtlSeconds,
  });
  return {
    baseUrl: `${origin}${API_PREFIX}`,
    origin,
    users: userOptions.map(({ id, key }) => ({ id, key })),
    spaces: seedSummary.spaces,
    state,
    seedSummary,
    faults: { set: (f) => void faults.set(f), clear: () => faults.clear() },
    requests,
    clock: {
      mode: timeline.clock.mode,
      now: timeline.now,
      advance: (duration) =>
        timeline.advance(typeof duration === 'number' ? duration * 1000 : parseDuration(duration)),
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { DEMO_USER } from './settings';
export { CLOCK_MODES, type ClockMode } from './clock';
export type { DueEvent } from './lifecycle/due/index';
export type { FaultSettings } from './faults';
export type { SeedSummary } from './seed';
