/**
 * State plugins share between an `AsyncVectorEnv`'s threads (`PluginSharing` of `@plume/core-types`): the
 * main thread, which has built one environment from the config, exports what each plugin the config names
 * offers (a movie plume's frames, in a `SharedArrayBuffer`); each worker adopts it before building its
 * environments, so every thread plays from one copy. Node only (worker threads).
 */
import { configComponentTypes } from "../config/create.js";
import { resolvePlugin, type NodeResolvePluginOptions } from "../config/files.js";

/** One plugin's exported state, and which plugin it belongs to. */
export interface SharedPluginState {
  readonly kind: ReturnType<typeof configComponentTypes>[number]["kind"];
  readonly type: string;
  readonly path: string;
  readonly state: unknown;
}

type SharingOptions = Pick<NodeResolvePluginOptions, "baseDir" | "allowModulePaths" | "projectDir">;

/** Each plugin of `config` that shares state, with its `exportShared()` (once per kind and type). */
export async function exportPluginStates(config: unknown, options: SharingOptions): Promise<SharedPluginState[]> {
  const out: SharedPluginState[] = [];
  const seen = new Set<string>();
  for (const { kind, type, path } of configComponentTypes(config)) {
    if (seen.has(`${kind}:${type}`)) continue;
    seen.add(`${kind}:${type}`);
    const plugin = await resolvePlugin(kind, type, { ...options, path });
    if (plugin.sharing !== undefined) out.push({ kind, type, path, state: plugin.sharing.exportShared() });
  }
  return out;
}

/** Hands each exported state to this thread's copy of its plugin (`importShared`). */
export async function importPluginStates(states: readonly SharedPluginState[], options: SharingOptions): Promise<void> {
  for (const { kind, type, path, state } of states) {
    const plugin = await resolvePlugin(kind, type, { ...options, path });
    plugin.sharing?.importShared(state);
  }
}
