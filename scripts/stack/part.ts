import type { ManagedProcessOptions } from './managedProcess';

/** How a part's process starts: its command, arguments, folder and environment. */
export type PartProcess = Omit<ManagedProcessOptions, 'name' | 'logFile'>;

/** One process of the local stack and how to start, probe and stop it. */
export interface StackPart {
  name: string;
  host: string;
  port: number;
  /** The setting that moves this part to another port; named in the port-in-use message. */
  portSetting: string;
  /** Further ports it listens on (checked before start like the first). */
  otherPorts?: Array<{ port: number; portSetting: string }>;
  /** Throws a StackPartError when something the part needs is missing. */
  preflight?: () => void;
  /** How to start it: asked at every start, so a restart imports the data saved since. */
  process: () => PartProcess | Promise<PartProcess>;
  readyUrl: string;
  readyTimeoutMs: number;
  /** Runs before the stop signal, while the part still answers (e.g. export data). */
  beforeStop?: () => Promise<void>;
  /** Saves the part's data while it runs (every EMULATOR_EXPORT_INTERVAL_MS), never half-written. */
  saveData?: () => Promise<void>;
  stopSignal: NodeJS.Signals;
}
